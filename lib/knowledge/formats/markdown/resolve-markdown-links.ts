import { parse, postprocess, preprocess } from 'micromark';
import { gfm } from 'micromark-extension-gfm';
import { decodeString } from 'micromark-util-decode-string';
import { fencedCode } from '../../index/chunk-text';
import { linkDestination, resolvedHref, webAddress } from './markdown-link';

/** CommonMark with GFM: a footnote's `[^1]: …` is no link reference definition. */
const SYNTAX = { extensions: [gfm()] };

/** Where a link's or an image's address is written, inline or in a link reference definition. */
const DESTINATIONS = new Set(['resourceDestinationString', 'definitionDestinationString']);

/** What a link needs: `](` of an inline link or image, `]:` of a reference definition. */
const LINK_SYNTAX = /\]\(|\]:/;

/**
 * A paragraph longer than this is no prose (a data dump without a blank line): its links stay as
 * written. The parser holds about 100 bytes of events for each character it reads (a paragraph
 * of 25 MB would need 2.5 GB) and reads about 0.7 MB a second.
 */
const MAX_PARAGRAPH_CHARS = 256 * 1024;

/**
 * A Markdown document fetched from `address` with its links' and images' relative addresses
 * written whole, as a web page's links are (parse-html's resolveLinks): a passage's
 * `[guide](docs/guide.md)` then leads to the guide, not to a path of this app, which would show it
 * as words only. A link to a place in the document itself becomes `#fragment`; other links stay
 * as written, and so does a code example's.
 *
 * Each paragraph (each run of lines between blank lines, outside fenced code) that could hold a
 * link is parsed on its own (micromark, the parser of the chat's Markdown): a whole document of
 * 3 MB took 4 s and a million parser events, its paragraphs with links 0.6 s. A paragraph read
 * out of its list item may be taken for indented code; its link then stays as written.
 */
export function resolveMarkdownLinks(text: string, address: string): string {
  const page = webAddress(address);
  if (!page || !LINK_SYNTAX.test(text)) return text;
  const edits: { start: number; end: number; href: string }[] = [];
  for (const [start, end] of paragraphs(text)) {
    const block = text.slice(start, end);
    if (block.length > MAX_PARAGRAPH_CHARS || !LINK_SYNTAX.test(block)) continue;
    const events = postprocess(
      parse(SYNTAX)
        .document()
        .write(preprocess()(block, undefined, true)),
    );
    for (const [kind, token] of events) {
      if (kind !== 'enter' || !DESTINATIONS.has(token.type)) continue;
      const given = decodeString(block.slice(token.start.offset, token.end.offset)).trim();
      if (URL.canParse(given)) continue; // whole already (or no web address): as written
      const href = resolvedHref(given, page, page);
      if (href)
        edits.push({ start: start + token.start.offset, end: start + token.end.offset, href: linkDestination(href) });
    }
  }
  let out = '';
  let at = 0;
  for (const { start, end, href } of edits) {
    out += text.slice(at, start) + href;
    at = end;
  }
  return out + text.slice(at);
}

/** [start, end) of each run of lines between blank lines, fenced code left out. */
function* paragraphs(text: string): Generator<[number, number]> {
  let at = 0;
  for (const [from, to] of [...fencedCode(text), [text.length, text.length] as const]) {
    const blank = /\n[ \t]*\n/g;
    blank.lastIndex = at;
    for (let m = blank.exec(text); m && m.index < from; m = blank.exec(text)) {
      yield [at, m.index];
      at = m.index + m[0].length;
    }
    if (at < from) yield [at, from];
    at = Math.max(at, to);
  }
}
