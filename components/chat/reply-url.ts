import type { Element } from 'hast';
import { normaliseUrl } from '@/lib/chat/normalise-url';

// An inline link's source after its words: `](destination "title")`.
const DESTINATION = /^\]\(\s*(?:<([^<>\n]*)>|(\S+?))(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)$/;
const SPELLED_OUT = /^(?:https?:\/\/|mailto:)/i;

/**
 * Checklist 40 in the browser, behind LinkGuard on the server: a reply's link is followed only to
 * the address its own source spells out in full (`https://…`, `mailto:…`), the spelling the guard
 * checked against the passages and the question (replies stored before it parsed links were
 * checked by that spelling alone). Where the browser would resolve the link elsewhere than that
 * spelling says (`https:evil`, `h&#116;tp://`, `//evil`, a reference's definition, a bare `www.`),
 * the link is dropped and its words stay as text. Returns `url`, or '' for no link.
 */
export function spelledOutUrl({ url, node, text }: { url: string; node: Readonly<Element>; text: string }): string {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return '';
  const source = text.slice(start, end);
  let written: string | undefined = source;
  if (source.startsWith('<') && source.endsWith('>')) written = source.slice(1, -1);
  else if (source.startsWith('[')) {
    const words = node.children.at(-1)?.position?.end.offset ?? start + 1;
    const match = DESTINATION.exec(text.slice(words, end));
    written = match ? (match[1] ?? match[2]) : undefined;
  }
  if (!written || !SPELLED_OUT.test(written)) return '';
  const resolved = resolve(url);
  return resolved !== undefined && resolved === normaliseUrl(written) ? url : '';
}

/** The address a click on `url` goes to, as this page's browser resolves it. */
function resolve(url: string): string | undefined {
  const base = typeof document === 'undefined' ? 'http://localhost/' : document.baseURI;
  try {
    return normaliseUrl(new URL(url, base).href);
  } catch {
    return undefined;
  }
}
