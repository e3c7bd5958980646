/**
 * How many characters a text has, as the API's limits count them: code points, as zod's string
 * lengths do, so an emoji is one character, not the two UTF-16 units of `length`.
 */
export function charCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
