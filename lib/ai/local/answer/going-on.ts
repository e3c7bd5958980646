// Follow-ups asking for more ("Tell me more") or for another: what follows what was said in its passages.
import type { PromptSource } from '@/lib/ai/prompt/sources-block';
import { MAX_WORDS, OVERVIEW_SENTENCES } from './limits';
import { render } from './render';
import type { Sentence } from './sentence';

// A follow-up asking for something other than what was said: "Any other way to stop it?"
export const ASKS_FOR_ANOTHER = /\b(?:other|others|another|else|different|alternatives?|instead)\b/i;
export const ANOTHER_WORDS = new RegExp(ASKS_FOR_ANOTHER.source, 'gi');

/** For each passage (by rank) that continues another in its source, that one's rank. */
export function continuing(sources: PromptSource[]): Map<number, number> {
  const rankOf = new Map(sources.map((s, rank) => [s.n, rank]));
  return new Map(
    sources.flatMap((s, rank) => {
      const before = s.follows === undefined ? undefined : rankOf.get(s.follows);
      return before === undefined ? [] : [[rank, before] as const];
    }),
  );
}

/**
 * For each passage (by rank), its place among the passages given, as their sources go: those of
 * one source (told by `after`, the one nearest before each) in its order, at its first passage's rank.
 */
export function sourceOrder(sources: PromptSource[]): Map<number, number> {
  const rankOf = new Map(sources.map((s, rank) => [s.n, rank]));
  const before = (rank: number) => {
    const after = sources[rank]?.after;
    return after === undefined ? undefined : rankOf.get(after);
  };
  return new Map(
    sources.map((_, rank) => {
      // (walked back to the source's first passage given; `after` never loops, but a prompt is input)
      let [at, depth] = [rank, 0];
      for (let b = before(rank); b !== undefined && depth < sources.length; b = before(b)) [at, depth] = [b, depth + 1];
      return [rank, at * sources.length + depth];
    }),
  );
}

/**
 * The sentences after the last one `justSaid` in each passage it drew on, and on into the
 * passages that continue one of those (`follows`), that no reply said, if any. The chunks of a
 * source overlap: a sentence at the end of one and the start of the next is told once.
 */
export function goOn(
  sentences: Sentence[],
  follows: Map<number, number>,
  justSaid: (s: Sentence) => boolean,
  wasSaid: (s: Sentence) => boolean,
): string | undefined {
  const lastSaid = new Map<number, number>();
  for (const s of sentences) if (justSaid(s)) lastSaid.set(s.rank, Math.max(lastSaid.get(s.rank) ?? -1, s.position));
  // A continuation is read from its start: what it goes on from was said (a passage follows the one it continues).
  for (const [rank, before] of [...follows].sort(([a], [b]) => a - b)) {
    if (!lastSaid.has(rank) && lastSaid.has(before)) lastSaid.set(rank, -1);
  }
  const next: Sentence[] = [];
  const told = new Set<string>();
  let words = 0;
  for (const s of sentences) {
    const after = lastSaid.get(s.rank);
    // (a heading names what follows, and is not said of its own)
    if (
      after === undefined ||
      s.position <= after ||
      s.heading ||
      wasSaid(s) ||
      told.has(s.text) ||
      next.length >= OVERVIEW_SENTENCES
    )
      continue;
    told.add(s.text);
    if ((words += s.text.split(' ').length) > MAX_WORDS && next.length > 0) break;
    next.push({ ...s, lead: undefined }); // what it leans on was just said
  }
  return next.length > 0 ? render(joinContinuations(next, follows)) : undefined;
}

/**
 * Sentences as `render` reads them, where one passage runs on into the next of its source: the
 * continuation's sentences numbered on from the last one shown before them, as if one passage
 * (a list the chunks cut in two stays one list). Their citation numbers stay their own.
 */
function joinContinuations(sentences: Sentence[], follows: Map<number, number>): Sentence[] {
  const joined = new Map<number, { rank: number; by: number }>();
  return sentences.map((s, i) => {
    const previous = i > 0 ? sentences[i - 1] : undefined;
    let join = joined.get(s.rank);
    if (!join && previous && follows.get(s.rank) === previous.rank) {
      const into = joined.get(previous.rank) ?? { rank: previous.rank, by: 0 };
      join = { rank: into.rank, by: previous.position + into.by + 1 - s.position };
      joined.set(s.rank, join);
    }
    return join ? { ...s, rank: join.rank, position: s.position + join.by } : s;
  });
}
