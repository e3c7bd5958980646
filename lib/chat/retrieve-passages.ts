import 'server-only';
import { comparedSubjects, definedSubject, namePattern, subjectColumns, titles } from '@/lib/ai/local/compared-subjects';
import { classifySmallTalk } from '@/lib/ai/local/small-talk';
import { leansOnHistory } from '@/lib/ai/local/text-terms';
import { config } from '@/lib/config';
import { fuseScores } from '@/lib/knowledge/fuse-rankings';
import { searchKnowledge } from '@/lib/knowledge/search-knowledge';
import type { SearchHit } from '@/lib/knowledge/types';

/** How many passages each side of a comparison is looked for in, to find its section. */
const SIDE_K = 20;

/** The query for a message: the message itself, plus the previous question when it is a follow-up. */
export function retrievalQuery(question: string, previousQuestion?: string): string {
  if (!previousQuestion) return question;
  return leansOnHistory(question) ? `${previousQuestion}\n${question}` : question;
}

/**
 * Passages for a message (as it stands alone, or with the question it leans on: see
 * `askedInContext`); greetings and questions about the assistant need none. A question comparing
 * two things is also looked up by each of them, and "What is X?" by X alone (see
 * `subjectPassages`).
 */
export async function retrievePassages({ question, previousQuestion }: { question: string; previousQuestion?: string }): Promise<SearchHit[]> {
  if (classifySmallTalk(question)) return [];
  const k = config().SEARCH_K;
  const query = retrievalQuery(question, previousQuestion);
  const defined = definedSubject(question);
  const subjects = comparedSubjects(question) ?? (defined ? [defined] : undefined);
  if (!subjects) return searchKnowledge({ query, k });
  const [whole, ...sides] = await Promise.all([
    searchKnowledge({ query, k }),
    ...subjects.map((subject) => searchKnowledge({ query: subject, k: Math.max(k, SIDE_K) })),
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
export function subjectPassages({ whole, sides, subjects, k }: { whole: SearchHit[]; sides: SearchHit[][]; subjects: string[]; k: number }): SearchHit[] {
  const found = [whole, ...sides].flat();
  const sideBySide = subjects.length < 2 ? [] : found.filter((hit) => subjects.every((s) => setsApart(hit.text, s)) || tableHeads(hit.text, subjects));
  const sections = subjects.flatMap((subject) => {
    const about = found.filter((hit) => hit.text.trimStart().startsWith('#') && titles(hit.location.headings?.at(-1) ?? '', subject));
    return about.sort((a, b) => a.location.headings!.length - b.location.headings!.length).slice(0, 1);
  });
  const byId = new Map(found.map((hit) => [hit.chunkId, hit]));
  const fused = fuseScores([whole, ...sides].map((hits) => ({ scores: new Map(hits.slice(0, k).map((h) => [h.chunkId, h.score])), weight: 1 })));
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
