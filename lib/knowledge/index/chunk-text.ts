import { countTokens, MAX_CHARS_PER_TOKEN } from '@/lib/text/count-tokens';
import { sentenceSpans } from '@/lib/text/split-sentences';
import type { ChunkLocation } from '../sources/types';

export interface TextChunk {
  text: string;
  tokenCount: number;
  location: ChunkLocation;
}

export interface ChunkOptions {
  targetTokens: number;
  overlapTokens: number;
  /** Character offsets where each PDF page starts (page n starts at pageStarts[n-1]). */
  pageStarts?: number[];
}

interface Span {
  start: number;
  end: number;
  tokens: number;
}

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/gm;
/** A chunk's size bound in characters per target token: text whose "words" are not words still gets cut. */
const CHARS_PER_TOKEN = MAX_CHARS_PER_TOKEN;

/**
 * Structure-aware chunking of Markdown-like text (every parser emits headings as
 * `#` lines): split on headings, then paragraphs, then sentences, then words,
 * and pack the pieces up to the target size, repeating up to `overlapTokens`
 * of the previous chunk's tail. Offsets refer to the input text.
 */
export function chunkText(text: string, opts: ChunkOptions): TextChunk[] {
  const chunks: TextChunk[] = [];
  const fences = fencedCode(text);
  const tables = markdownTables(text, fences);
  let nextTable = 0;
  let nextFence = 0;
  for (const section of sections(text, fences)) {
    const spans = splitSpan(text, { start: section.start, end: section.end, tokens: 0 }, opts.targetTokens);
    let current: Span[] = [];
    let tokens = 0;
    const flush = () => {
      const first = current[0];
      const last = current[current.length - 1];
      if (!first || !last) return;
      const location: ChunkLocation = { start: first.start, end: last.end };
      if (section.headings.length) location.headings = section.headings;
      const page = pageOf(first.start, opts.pageStarts);
      if (page) location.page = page;
      const pageEnd = pageOf(last.end - 1, opts.pageStarts);
      if (page && pageEnd && pageEnd > page) location.pageEnd = pageEnd;
      // Chunks start in order, so the tables behind them are passed for good.
      while (nextTable < tables.length && tables[nextTable]!.end <= first.start) nextTable++;
      const table = tables[nextTable];
      if (table && first.start >= table.body) location.tableHeader = table.header;
      // A code block cut in two: the chunk's text would start with its code as prose, and close
      // the block with what reads as an opening fence.
      while (nextFence < fences.length && fences[nextFence]![1] <= first.start) nextFence++;
      const fence = fences[nextFence];
      if (fence && fence[0] < first.start) {
        const lineEnd = text.indexOf('\n', fence[0]);
        if (lineEnd >= 0 && first.start > lineEnd) location.codeFence = text.slice(fence[0], lineEnd).trim();
      }
      chunks.push({ text: text.slice(first.start, last.end), tokenCount: tokens, location });
    };
    const maxChars = opts.targetTokens * CHARS_PER_TOKEN;
    for (const span of spans) {
      if (current.length && (tokens + span.tokens > opts.targetTokens || span.end - current[0]!.start > maxChars)) {
        flush();
        const carried: Span[] = [];
        let carriedTokens = 0;
        const last = current[current.length - 1]!;
        for (let i = current.length - 1; i >= 0; i--) {
          const s = current[i]!;
          if (
            carriedTokens + s.tokens > opts.overlapTokens ||
            last.end - s.start > opts.overlapTokens * CHARS_PER_TOKEN
          )
            break;
          carried.unshift(s);
          carriedTokens += s.tokens;
        }
        current = carried;
        tokens = carriedTokens;
      }
      current.push(span);
      tokens += span.tokens;
    }
    flush();
  }
  return chunks;
}

function sections(text: string, fences: [number, number][]): { start: number; end: number; headings: string[] }[] {
  const out: { start: number; end: number; headings: string[] }[] = [];
  const path: string[] = [];
  let start = 0;
  let headings: string[] = [];
  for (const m of text.matchAll(HEADING)) {
    // A `# comment` line in a shell or Python example is code, not a heading.
    if (fences.some(([from, to]) => m.index >= from && m.index < to)) continue;
    if (m.index > start) out.push({ start, end: m.index, headings });
    const level = m[1]!.length;
    path.length = Math.min(path.length, level - 1);
    while (path.length < level - 1) path.push('');
    path.push(m[2]!.trim());
    headings = path.filter(Boolean);
    start = m.index;
  }
  if (start < text.length) out.push({ start, end: text.length, headings });
  // A heading with nothing under it before the next one ("# Policy" over "## Allowance") is no
  // passage of its own: it opens the next section, whose heading path names it anyway. One
  // with nothing after it at all is dropped, unless the text is nothing but headings.
  const merged: typeof out = [];
  let opened: number | undefined;
  for (const s of out) {
    const slice = text.slice(s.start, s.end);
    if (!slice.trim()) continue;
    if (/^#{1,6}[ \t][^\n]*\s*$/.test(slice)) {
      opened ??= s.start;
      continue;
    }
    merged.push(opened === undefined ? s : { ...s, start: opened });
    opened = undefined;
  }
  return merged.length ? merged : out.filter((s) => text.slice(s.start, s.end).trim().length > 0);
}

const TABLE_LINE = /^[ \t]*\|.*$/;
const TABLE_ROW = /^[ \t]*\|.*\|/m;
/** Where a long sentence's clauses meet, when it alone is over a chunk's size. */
const CLAUSE_BREAK = /(?<=[;:])\s+(?=\S)/g;
const DELIMITER_ROW = /^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$/;

/**
 * Each Markdown table (a header row, a delimiter row, then rows that start with `|`): its header
 * and delimiter rows, where its body starts and where it ends. A chunk that starts in the body
 * carries the header, so its rows keep the names of their columns.
 */
function markdownTables(text: string, fences: [number, number][]): { header: string; body: number; end: number }[] {
  const out: { header: string; body: number; end: number }[] = [];
  const lines = text.split('\n');
  let fence = 0; // a table written out in a code example is code
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    const start = at;
    at += lines[i]!.length + 1;
    if (
      !TABLE_LINE.test(lines[i]!) ||
      i + 1 >= lines.length ||
      !DELIMITER_ROW.test(lines[i + 1]!) ||
      !lines[i + 1]!.includes('|')
    )
      continue;
    while (fence < fences.length && fences[fence]![1] <= start) fence++;
    if (fence < fences.length && fences[fence]![0] <= start) continue;
    const body = at + lines[i + 1]!.length + 1;
    let end = body;
    let j = i + 2;
    for (; j < lines.length && TABLE_LINE.test(lines[j]!); j++) end += lines[j]!.length + 1;
    out.push({ header: text.slice(start, body - 1).trim(), body, end });
    at = end;
    i = j - 1;
  }
  return out;
}

/** [start, end) of each fenced code block (``` or ~~~, CommonMark); an unclosed fence runs to the end. */
export function fencedCode(text: string): [number, number][] {
  const out: [number, number][] = [];
  let open: { at: number; marker: string } | undefined;
  for (const m of text.matchAll(/^ {0,3}(`{3,}|~{3,})(.*)$/gm)) {
    const marker = m[1]!;
    if (!open) {
      // An opening backtick fence's info string cannot contain a backtick.
      if (marker[0] === '`' && m[2]!.includes('`')) continue;
      open = { at: m.index, marker };
    } else if (marker[0] === open.marker[0] && marker.length >= open.marker.length && !m[2]!.trim()) {
      out.push([open.at, m.index + m[0].length]);
      open = undefined;
    }
  }
  if (open) out.push([open.at, text.length]);
  return out;
}

/**
 * Paragraphs, then sentences, then word runs: the coarsest pieces that fit, in words and in
 * characters. A chunk is at most `target * CHARS_PER_TOKEN` characters even when its words are
 * not words: a base64 blob or text without spaces is cut by characters (a 2 MB "word" once
 * made one chunk whose lexemes PostgreSQL's tsvector could not hold), and rows of a table
 * without spaces are packed by length (256 of them made chunks of 49 KB).
 */
function splitSpan(text: string, span: Span, target: number): Span[] {
  const separators = [/\n[ \t]*\n+/g, undefined, /\s+/g];
  const maxChars = target * CHARS_PER_TOKEN;
  const split = (s: Span, level: number): Span[] => {
    const slice = text.slice(s.start, s.end);
    const tokens = countTokens(slice);
    if (tokens === 0) return [];
    if ((tokens <= target && slice.length <= maxChars) || level >= separators.length)
      return [trim({ start: s.start, end: s.end, tokens })];
    const pieces: Span[] = [];
    let at = 0;
    // A table's rows are its pieces: a row is cut into sentences only when it alone is over the
    // target, so a chunk never ends inside a row whose first cells name what the rest says.
    const rows = level === 1 && slice.trim().includes('\n') && TABLE_ROW.test(slice);
    const cut = (to: number, from = to) => {
      if (to > at) pieces.push({ start: s.start + at, end: s.start + to, tokens: 0 });
      at = from;
    };
    if (level === 1 && !rows)
      // Sentences (each line is one, as a list item or a row is), and each one's clauses.
      for (const { start, end } of sentenceSpans(slice, { lines: true })) {
        cut(start);
        for (const m of slice.slice(start, end).matchAll(CLAUSE_BREAK)) cut(start + m.index + m[0].length);
      }
    else
      for (const m of slice.matchAll(rows ? /\n/g : separators[level]!))
        cut(m.index + (level === 2 ? 0 : m[0].length), m.index + m[0].length);
    pieces.push({ start: s.start + at, end: s.end, tokens: 0 });
    if (level === 2) return packWords(pieces, target);
    return pieces.flatMap((p) => split(p, rows ? level : level + 1));
  };
  const trim = (s: Span): Span => {
    let { start, end } = s;
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    return { start, end, tokens: s.tokens };
  };
  // Words of an over-long sentence go out in runs of at most `target` words and `maxChars`
  // characters; a word longer than that is cut into pieces (never inside a surrogate pair),
  // and a piece of over a quarter of that counts the tokens its length is worth, so a full
  // piece is a chunk of its own (an ordinary word is one token, as before).
  const packWords = (words: Span[], size: number): Span[] => {
    const runs: Span[] = [];
    let run: Span[] = [];
    let tokens = 0;
    const close = () => {
      if (run.length) runs.push(trim({ start: run[0]!.start, end: run[run.length - 1]!.end, tokens }));
      run = [];
      tokens = 0;
    };
    for (const word of words) {
      for (let at = word.start; at < word.end;) {
        let end = Math.min(word.end, at + maxChars);
        if (end < word.end && /[\uDC00-\uDFFF]/.test(text[end]!)) end--;
        const piece: Span = {
          start: at,
          end,
          tokens: end - at > maxChars / 4 ? Math.ceil(((end - at) * size) / maxChars) : 1,
        };
        if (run.length && (tokens + piece.tokens > size || end - run[0]!.start > maxChars)) close();
        run.push(piece);
        tokens += piece.tokens;
        at = end;
      }
    }
    close();
    return runs;
  };
  return split(span, 0);
}

function pageOf(offset: number, pageStarts?: number[]): number | undefined {
  if (!pageStarts?.length) return undefined;
  let page = 1;
  for (let i = 0; i < pageStarts.length; i++) if (pageStarts[i]! <= offset) page = i + 1;
  return page;
}
