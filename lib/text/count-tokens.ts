/**
 * One token count for the service. A token is a whitespace-separated word: exact, the same for
 * every model, and the unit the index's chunk sizes (and their benchmarks) were tuned in.
 */
export function countTokens(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** A model's tokens per word of English text (OpenAI's rule of thumb: 100 tokens ≈ 75 words). */
export const MODEL_TOKENS_PER_WORD = 4 / 3;

/** How many words (our tokens) a budget of `modelTokens` of a model's context holds. */
export function wordsInModelTokens(modelTokens: number): number {
  return Math.floor(modelTokens / MODEL_TOKENS_PER_WORD);
}

/** The most characters one token stands for: text whose "words" are no words (a base64 blob) is counted by length. */
export const MAX_CHARS_PER_TOKEN = 16;
