/**
 * A link to a web address as Markdown, as the parsers of web pages, Word files and PDFs write
 * it: `[words](address)`, so an answer can point to the page or the form a passage names. A
 * link to a mail address keeps its words and the address after them, as text.
 */

/** Inline Markdown as its spaces (and the HTML writer's line breaks, U+E000) before, its words, and its spaces after: marks hug the words. */
export function hug(inner: string): [before: string, core: string, after: string] {
  const [, before = '', core = '', after = ''] = /^([\s\uE000]*)([^]*?)([\s\uE000]*)$/.exec(inner) ?? [];
  return [before, core, after];
}

/**
 * `text` (inline Markdown: code spans stay as they are) as a link to `url`, the spaces around it
 * left outside. Brackets are the link's own marks, other than in a code span; parentheses,
 * spaces, `<`, `>` and `|` (which would end the address, or a table's cell) are percent-encoded.
 */
export function markdownLink(text: string, url: URL): string {
  const [before, core, after] = hug(text);
  if (!core) return text;
  const words = core.replace(/(`+)[^]*?\1(?!`)|(?<!\\)[[\]]/g, (m) => (m.startsWith('`') ? m : `\\${m}`));
  return `${before}[${words}](${linkDestination(url.href)})${after}`;
}

/**
 * An address as a Markdown link's destination: parentheses, spaces, `<`, `>`, `|` (which would
 * end it, or a table's cell) and backslashes (which would escape what follows) percent-encoded.
 */
export function linkDestination(address: string): string {
  return address.replace(/[()|<> \\]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A link's `href` as a document fetched from `page` means it: a web address, whole (relative to
 * `base`, the page's own or its `<base>`), or `#fragment` for a place in the page itself, as a
 * reader view writes it. Undefined for a link to stay as written: an in-page `#fragment`
 * already, or one to anything but a web page (`mailto:`, `javascript:`).
 */
export function resolvedHref(href: string, base: URL, page: URL | undefined): string | undefined {
  const given = href.trim();
  if (given.startsWith('#') || !URL.canParse(given, base.href)) return undefined;
  const url = new URL(given, base.href);
  if (!/^https?:$/.test(url.protocol)) return undefined;
  const withoutHash = (u: URL) => u.href.slice(0, u.href.length - u.hash.length);
  return page && url.hash && withoutHash(url) === withoutHash(page) ? url.hash : url.href;
}

/** Whether a link's words are its address written out (with or without its scheme or a closing slash): a link would say it twice. */
export function spellsAddress(words: string, url: URL): boolean {
  const bare = (address: string) =>
    address
      .trim()
      .replace(/^https?:\/\//i, '')
      .replace(/\/$/, '')
      .toLowerCase();
  let decoded = url.href;
  try {
    decoded = decodeURI(url.href);
  } catch {} // (a `%` that starts no escape)
  return bare(words) === bare(url.href) || bare(words) === bare(decoded);
}

/** `href` as an absolute web address (http or https), or undefined for any other link. */
export function webAddress(href: string): URL | undefined {
  const url = URL.canParse(href.trim()) ? new URL(href.trim()) : undefined;
  return url && /^https?:$/.test(url.protocol) ? url : undefined;
}

/** The mail address a `mailto:` link writes to (its first), or undefined for any other link. */
export function mailAddress(href: string): string | undefined {
  const to = /^mailto:([^?#]+)/i.exec(href.trim())?.[1];
  if (!to) return undefined;
  let address = to;
  try {
    address = decodeURIComponent(to);
  } catch {} // (a `%` that starts no escape)
  address = address.split(',')[0]!.trim();
  return /^[^\s@<>()[\]]+@[^\s@<>()[\]]+$/.test(address) ? address : undefined;
}

/**
 * A mail link's words (inline Markdown) with its address after them, `the IT desk
 * (it@example.com)`, where they do not say it already: who to write to is often the answer.
 * `shown` is the address as the text around it is written (escaped, where that is Markdown).
 */
export function withMailAddress(text: string, address: string, shown = address): string {
  const [before, core, after] = hug(text);
  if (!core || core.toLowerCase().includes(address.toLowerCase())) return text;
  return `${before}${core} (${shown})${after}`;
}
