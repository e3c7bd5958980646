import { contentTerms, splitSentences } from '@/lib/ai/question-plan/text-terms';

const SNIPPET_CHARS = 240;

/**
 * The part of a cited passage that supports the claim: the passage sentence
 * sharing the most words with the answer sentences that cite it (for the local
 * model, the very sentence it quoted), cut to ~240 characters. Without any
 * overlap, the start of the passage.
 */
export function focusSnippet(passage: string, claim: string): string {
  const wanted = new Set(contentTerms(claim));
  let best = '';
  let bestScore = 0;
  for (const sentence of splitSentences(passage, { verbatimRows: true })) {
    const terms = new Set(contentTerms(sentence));
    let score = 0;
    for (const t of terms) if (wanted.has(t)) score++;
    if (score > bestScore) [best, bestScore] = [sentence, score];
  }
  return cut(best || passage);
}

/** The sentences of an answer that carry the marker `[n]`. */
export function claimsCiting(answer: string, n: number): string {
  return splitSentences(answer)
    .filter((s) => s.includes(`[${n}]`))
    .join(' ');
}

function cut(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const head = flat.slice(0, SNIPPET_CHARS);
  const space = head.lastIndexOf(' ');
  return `${head.slice(0, space > SNIPPET_CHARS * 0.6 ? space : SNIPPET_CHARS)}…`;
}
