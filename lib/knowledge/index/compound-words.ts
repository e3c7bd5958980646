/**
 * What sets a word from inside a name apart from the same word in the text, in the postings and
 * term counts: a subword is a field of its own, with its own document frequency, that a query's
 * words meet at a fraction of their weight (SEARCH_SUBWORD_WEIGHT). The parser never puts a space
 * in a lexeme, so no word of a text can take this form.
 */
export const SUBWORD = ' ';

/**
 * A piece of text between spaces and punctuation that may hold a compound name: letters, digits
 * and the characters code joins words with (`result.toolCalls`, `@ai-sdk/openai`, `max_tokens`).
 */
const PIECE = /[\w$.@/-]+/g;
/**
 * Where the words of a camelCase or PascalCase name meet: `streamText` is stream|Text,
 * `XMLHttpRequest` XML|Http|Request. The local model reads names with it too (text-terms).
 */
export const CAMEL_BREAK = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/**
 * The words inside names from code that PostgreSQL's `english` parser keeps whole, to be
 * indexed with the name as subwords (SUBWORD), as code search does: the parser
 * reads `onToolExecutionStart` as one word, `result.toolCalls` as a host name and the
 * `/openai` of `@ai-sdk/openai` as a path, so "when does a tool start" never met the first,
 * nor "openai" the last. Hyphens and underscores need nothing: the parser splits at them.
 *
 * A name counts as camelCase when it has a capitalised word of three letters or more and no
 * one-letter part (`useChat`, `stepCountIs`, `XMLHttpRequest`; not `mRNA`, `iPhone`, `miRNAs`),
 * so the names of science and products stay whole. Each word is listed once however often
 * its name occurs: a chunk mentioning `streamText` ten times is not thereby about "text".
 */
export function compoundWords(text: string): string {
  const words = new Set<string>();
  for (const [raw] of text.matchAll(PIECE)) {
    const piece = raw.replace(/^[.@/-]+|[.@/-]+$/g, '');
    const joined = /[A-Za-z\d][./][A-Za-z]/.test(piece);
    if (!joined && !/[a-z][A-Z]/.test(piece)) continue;
    for (const segment of piece.split(/[^A-Za-z\d]+/)) {
      if (segment.length < 2) continue;
      const humps = camelHumps(segment);
      if (joined) words.add(segment);
      for (const hump of humps ?? []) words.add(hump);
    }
  }
  return [...words].join(' ');
}

/**
 * The names a text reads or calls on something, the word after a dot, each time it occurs:
 * `_.each`, `$.each`, `Promise.all`, `promise.then()`, `.then()`. Those that are English stop
 * words (`each`, `all`, `then`, `once`, `some`) are indexed as subwords of their own, by the
 * database's own stop list (storeChunks, lexicalRanking): the parser drops them, so a page
 * documenting `_.each` had no lexeme for it and "what does _.each do?" found nothing. Unlike
 * the words inside a name, a name counts as often as it occurs: the chunk that documents
 * `_.each` shows it in its examples too. The other members are words the text and
 * compoundWords index already.
 */
export function memberNames(text: string): string {
  const names: string[] = [];
  for (const [raw] of text.matchAll(PIECE)) {
    for (const part of raw.split('.').slice(1)) {
      const name = /^[A-Za-z][A-Za-z\d]+/.exec(part)?.[0];
      if (name) names.push(name);
    }
  }
  return names.join(' ');
}

function camelHumps(segment: string): string[] | undefined {
  const humps = segment.split(CAMEL_BREAK);
  if (humps.length < 2 || !humps.some((h) => /^[A-Z][a-z]{2,}$/.test(h))) return undefined;
  if (humps.some((h) => h.length === 1 && /[A-Za-z]/.test(h))) return undefined;
  return humps;
}
