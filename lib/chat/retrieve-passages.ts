import 'server-only';
import {
  namePattern,
  outsideKnowledge,
  subjectColumns,
  titles,
  type PlannedSearch,
  type QuestionPlan,
} from '@/lib/ai/question-plan';
import type { Reach } from '@/lib/access';
import { config } from '@/lib/config';
import { continuedChunks, type Passage } from '@/lib/knowledge/index';
import { fuseScores } from '@/lib/knowledge/search';
import { searchKnowledge } from '@/lib/knowledge/search';
import { wordsSeen } from '@/lib/knowledge/index';
import type { SearchHit } from '@/lib/knowledge/sources';

/** How many passages each side of a comparison is looked for in, to find its section. */
const SIDE_K = 20;

/**
 * Passages for a message, by its plan's searches; greetings and questions about the assistant
 * need none. For an extractive model (the local one), none either when the knowledge base has
 * never mentioned what the message is about (see `outsideKnowledge`), so that it says nothing was
 * found rather than answer with a sentence that only shares a word; a real model reads the
 * passages and can tell for itself. Asked for more ("Tell me more", "Go on"), the passages the
 * reply above cited come first, each followed by the next chunk of its source: a reply that
 * said all of a passage goes on where the source does, not with whatever else the search found.
 */
export async function retrievePassages({
  plan,
  cited = [],
  extractive = false,
  reach,
}: {
  plan: QuestionPlan;
  /** What the asker may read now (narrowed to the conversation's scope): every query below applies it in its SQL. */
  reach: Reach;
  /** The chunks the reply above cited, then those the question's earlier replies cited (a regenerate), oldest first. */
  cited?: string[];
  /** The model answers with the passages' own sentences: see `ChatModel.extractive`. */
  extractive?: boolean;
}): Promise<Passage[]> {
  if (plan.smallTalk) return [];
  const goesOn = plan.followUp && plan.asksForMore;
  const [hits, words, continued] = await Promise.all([
    findPassages(plan.searches, reach),
    extractive ? wordsSeen(plan.tellingWords, reach) : [],
    goesOn ? continuedChunks([...new Set(cited)].slice(-MAX_CONTINUED), reach) : [],
  ]);
  const passages = hits.map((hit) => [hit.title, ...(hit.location.headings ?? []), hit.text].join('\n'));
  if (continued.length === 0 && outsideKnowledge({ question: plan.query, words, passages })) return [];
  return onceEach([...continued, ...(await withCutLists(hits, reach))]);
}

/** The passages, each chunk at its first place only. */
function onceEach<T extends SearchHit>(hits: T[]): T[] {
  const seen = new Set<string>();
  return hits.filter((hit) => !seen.has(hit.chunkId) && seen.add(hit.chunkId));
}

/**
 * The passages, each that ends introducing what the next chunk of its source holds ("The result
 * object contains:" and the list in the next chunk) followed by that chunk: the chunker cut
 * between a list (or code) and its introduction, and the answer is the two together.
 */
async function withCutLists(hits: SearchHit[], reach: Reach): Promise<Passage[]> {
  const cut = hits.filter((hit) => endsIntroducing(hit.text)).map((hit) => hit.chunkId);
  if (cut.length === 0) return hits;
  const next = new Map(
    (await continuedChunks(cut, reach)).flatMap((p) => (p.follows ? [[p.follows, p] as const] : [])),
  );
  const moved = new Set([...next.values()].map((p) => p.chunkId));
  return hits.flatMap((hit) =>
    moved.has(hit.chunkId) ? [] : next.has(hit.chunkId) ? [hit, next.get(hit.chunkId)!] : [hit],
  );
}

/** The text's last line introduces what comes next ("…contains:"), outside a code block. */
export function endsIntroducing(text: string): boolean {
  const lines = text.trimEnd().split('\n');
  const fences = lines.filter((line) => /^\s*(?:```|~~~)/.test(line)).length;
  return fences % 2 === 0 && lines.at(-1)!.trimEnd().endsWith(':');
}

/** Cited passages a request for more goes on from, at most, the latest (each brings the one after it). */
const MAX_CONTINUED = 4;

/**
 * The passages for the plan's searches. Two questions in one ("What does generateText return,
 * and what is streamText?") are each looked up as if asked on their own, and their passages taken
 * in turn.
 */
async function findPassages(searches: PlannedSearch[], reach: Reach): Promise<SearchHit[]> {
  const k = config().SEARCH_K;
  if (searches.length === 1) return runSearch(searches[0]!, reach);
  const found = await Promise.all(searches.map((search) => runSearch(search, reach)));
  const inTurn = Array.from({ length: Math.max(...found.map((hits) => hits.length)) }, (_, rank) =>
    found.flatMap((hits) => hits[rank] ?? []),
  );
  return onceEach(inTurn.flat()).slice(0, k);
}

/** One search's passages: by its query, and by each thing it names (see `subjectPassages`). */
async function runSearch({ query, subjects }: PlannedSearch, reach: Reach): Promise<SearchHit[]> {
  const k = config().SEARCH_K;
  if (!subjects) return searchKnowledge({ query, k, reach });
  const [whole, ...sides] = await Promise.all([
    searchKnowledge({ query, k, reach }),
    ...subjects.map((subject) => searchKnowledge({ query: subject, k: Math.max(k, SIDE_K), reach })),
  ]);
  return subjectPassages({ whole: whole!, sides, subjects, k });
}

/**
 * The passages for a question about one or two named things. Matching the whole question
 * ("difference between generateText and streamText", "what is generateText?") favours passages
 * that mention the names in passing, of which documentation has many, over the ones that say
 * what each is. So first come the passages that set two side by side (a list with an item for
 * each, a table with a column for each), then for each subject the section about it (the
 * shallowest section headed with its name, from its start), then the rest of the searches fused.
 */
export function subjectPassages({
  whole,
  sides,
  subjects,
  k,
}: {
  whole: SearchHit[];
  sides: SearchHit[][];
  subjects: string[];
  k: number;
}): SearchHit[] {
  const found = [whole, ...sides].flat();
  const sideBySide =
    subjects.length < 2
      ? []
      : found.filter((hit) => subjects.every((s) => setsApart(hit.text, s)) || tableHeads(hit.text, subjects));
  const sections = subjects.flatMap((subject) => {
    const about = found.filter(
      (hit) => hit.text.trimStart().startsWith('#') && titles(hit.location.headings?.at(-1) ?? '', subject),
    );
    return about.sort((a, b) => a.location.headings!.length - b.location.headings!.length).slice(0, 1);
  });
  const byId = new Map(found.map((hit) => [hit.chunkId, hit]));
  const fused = fuseScores(
    [whole, ...sides].map((hits) => ({
      scores: new Map(hits.slice(0, k).map((h) => [h.chunkId, h.score])),
      weight: 1,
    })),
  );
  const rest = [...fused].sort((a, b) => b[1] - a[1]).map(([id]) => byId.get(id)!);
  return [...new Map([...sideBySide, ...sections, ...rest].map((hit) => [hit.chunkId, hit])).values()].slice(0, k);
}

/** A list item of the text opens with the subject's name: "- `generateText`: Generates text…". */
function setsApart(text: string, subject: string): boolean {
  return new RegExp(`^\\s*(?:[-*+•]|\\d{1,3}[.)])\\s+(?:\\*\\*|__)?\\[?\`?${namePattern(subject)}`, 'imu').test(text);
}

/** A Markdown table of the text has a column headed with each subject. */
function tableHeads(text: string, subjects: string[]): boolean {
  return text.split('\n').some((line) => subjectColumns(line, subjects) !== undefined);
}
