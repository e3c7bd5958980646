/**
 * A run of text without spaces longer than this gets a space after each stretch of this length
 * before PostgreSQL's text-search parser reads it. The parser takes time quadratic in the length
 * of a run that holds underscores: `a_a_a_…` of 16,000 characters took 8 s in `to_tsvector`, and
 * a 32,000-character question 16 s, holding the database meanwhile. Broken into stretches of 256,
 * the same 32,000 characters take about 70 ms. No word, name or address a search is for runs
 * this long; a hash or a long URL's tail loses only lexemes nobody types.
 */
const RUN_LIMIT = 256;
const LONG_RUN = new RegExp(`\\S{${RUN_LIMIT}}(?=\\S)`, 'g');

/** The text as `to_tsvector` may read it: long runs without spaces broken (see RUN_LIMIT). */
export function forTextSearch(text: string): string {
  return text.replace(LONG_RUN, '$& ');
}

/** `forTextSearch(text)`, or null when that is the text itself (most texts: nothing to send twice). */
export function forTextSearchIfChanged(text: string): string | null {
  const broken = forTextSearch(text);
  return broken.length === text.length ? null : broken;
}
