import { countTokens, MAX_CHARS_PER_TOKEN } from '@/lib/text/count-tokens';
import { sentenceSpans } from '@/lib/text/split-sentences';
import type { ChunkLocation } from '../sources/types';
import { type Block, type BlockKind, markdownBlocks, type MarkdownBlocks } from './markdown-blocks';

export interface TextChunk {
  text: string;
  tokenCount: number;
  location: ChunkLocation;
  /** The kinds of block the chunk holds, each once, in order (not stored: read from the tree). */
  blocks: BlockKind[];
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

/** A chunk's size bound in characters per target token: text whose "words" are not words still gets cut. */
const CHARS_PER_TOKEN = MAX_CHARS_PER_TOKEN;

/**
 * Structure-aware chunking of Markdown (every parser emits it), read once into a syntax tree:
 * split on headings, then blocks, then sentences, then words,
 * and pack the pieces up to the target size, repeating up to `overlapTokens`
 * of the previous chunk's tail. Offsets refer to the input text.
 */
export function chunkText(text: string, opts: ChunkOptions): TextChunk[] {
  const chunks: TextChunk[] = [];
  const doc = markdownBlocks(text);
  const { fences, tables } = doc;
  let nextTable = 0;
  let nextFence = 0;
  let nextBlock = 0;
  for (const section of sections(text, doc)) {
    const blocks: Block[] = [];
    while (nextBlock < doc.blocks.length && doc.blocks[nextBlock]!.start < section.end)
      blocks.push(doc.blocks[nextBlock++]!);
    const spans = splitSpan(text, { start: section.start, end: section.end, tokens: 0 }, opts.targetTokens, blocks);
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
      const kinds = blocks.filter((b) => b.start < last.end && b.end > first.start).map((b) => b.kind);
      chunks.push({
        text: text.slice(first.start, last.end),
        tokenCount: tokens,
        location,
        blocks: [...new Set(kinds)],
      });
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

interface Section {
  start: number;
  end: number;
  headings: string[];
  /** Where the heading that opens the section ends. */
  headingEnd?: number;
}

function sections(text: string, doc: MarkdownBlocks): Section[] {
  const out: Section[] = [];
  const path: string[] = [];
  let start = 0;
  let headings: string[] = [];
  let headingEnd: number | undefined;
  for (const h of doc.headings) {
    if (h.start > start) out.push({ start, end: h.start, headings, headingEnd });
    path.length = Math.min(path.length, h.depth - 1);
    while (path.length < h.depth - 1) path.push('');
    path.push(h.title);
    headings = path.filter(Boolean);
    [start, headingEnd] = [h.start, h.end];
  }
  if (start < text.length) out.push({ start, end: text.length, headings, headingEnd });
  // A heading with nothing under it before the next one ("# Policy" over "## Allowance") is no
  // passage of its own: it opens the next section, whose heading path names it anyway. One
  // with nothing after it at all is dropped, unless the text is nothing but headings.
  const merged: Section[] = [];
  let opened: number | undefined;
  for (const s of out) {
    if (!text.slice(s.start, s.end).trim()) continue;
    if (s.headingEnd !== undefined && !text.slice(s.headingEnd, s.end).trim()) {
      opened ??= s.start;
      continue;
    }
    merged.push(opened === undefined ? s : { ...s, start: opened });
    opened = undefined;
  }
  return merged.length ? merged : out.filter((s) => text.slice(s.start, s.end).trim().length > 0);
}

/** Where a long sentence's clauses meet, when it alone is over a chunk's size. */
const CLAUSE_BREAK = /(?<=[;:])\s+(?=\S)/g;

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
 * Blocks, then sentences, then word runs: the coarsest pieces that fit, in words and in
 * characters. A chunk is at most `target * CHARS_PER_TOKEN` characters even when its words are
 * not words: a base64 blob or text without spaces is cut by characters (a 2 MB "word" once
 * made one chunk whose lexemes PostgreSQL's tsvector could not hold), and rows of a table
 * without spaces are packed by length (256 of them made chunks of 49 KB).
 */
function splitSpan(text: string, span: Span, target: number, blocks: Block[]): Span[] {
  const separators = [undefined, undefined, /\s+/g];
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
    const rows =
      level === 1 &&
      slice.trim().includes('\n') &&
      blocks.some((b) => b.kind === 'table' && b.start <= s.start && s.start < b.end);
    const cut = (to: number, from = to) => {
      if (to > at) pieces.push({ start: s.start + at, end: s.start + to, tokens: 0 });
      at = from;
    };
    if (level === 0)
      for (const block of blocks) {
        cut(block.start - s.start);
        // (code has no blocks, but its blank lines part it as they part prose)
        if (block.kind === 'code')
          for (const m of text.slice(block.start, block.end).matchAll(/\n[ \t]*\n+/g))
            cut(block.start - s.start + m.index + m[0].length);
      }
    else if (level === 1 && !rows)
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
