import type { Heading, List, ListItem, Nodes, Root, RootContent, Table } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';

/**
 * A document's Markdown (every parser emits it) read once into a syntax tree (mdast, GFM), and
 * what chunking needs of it as offsets into the text: its sections' headings, its blocks, its
 * tables and its fenced code.
 */

/** What a block of a chunk is. */
export type BlockKind = 'heading' | 'paragraph' | 'list' | 'table' | 'code' | 'quote' | 'html' | 'other';

export interface Block {
  kind: BlockKind;
  start: number;
  end: number;
}

export interface MarkdownHeading {
  depth: number;
  /** The heading's words as written (marks kept), without its `#`s. */
  title: string;
  start: number;
  end: number;
}

export interface MarkdownTable {
  /** The header and delimiter rows, as written. */
  header: string;
  /** Where the rows under them start, and where the table ends. */
  body: number;
  end: number;
}

export interface MarkdownBlocks {
  /** Headings at the top level of the document, in order. */
  headings: MarkdownHeading[];
  /**
   * The pieces a section is cut into before sentences: each top-level block, a loose list's
   * items (and a loose item's blocks) apart, as blank lines set them apart.
   */
  blocks: Block[];
  tables: MarkdownTable[];
  /** [start, end) of each fenced code block, at any depth. */
  fences: [number, number][];
}

export function markdownBlocks(text: string): MarkdownBlocks {
  // (of GFM only its tables, which chunking keeps whole: the rest of it costs three times as much)
  const tree: Root = fromMarkdown(text, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
  const out: MarkdownBlocks = { headings: [], blocks: [], tables: [], fences: [] };
  for (const node of tree.children) {
    // (an ATX heading: a line and its `---` under it are a heading to CommonMark, but in text
    // that is no Markdown they are a line over a rule; every parser writes `#` headings)
    if (node.type === 'heading' && text[span(node)[0]] === '#') out.headings.push(heading(text, node));
    pieces(node, out.blocks);
  }
  visit(tree, (node) => {
    const [start, end] = span(node);
    if (node.type === 'code' && /^ {0,3}(?:`{3,}|~{3,})/.test(text.slice(start, start + 8)))
      out.fences.push([start, end]);
    else if (node.type === 'table') out.tables.push(table(text, node));
  });
  return out;
}

const span = (node: Nodes): [number, number] => [node.position?.start.offset ?? 0, node.position?.end.offset ?? 0];

function heading(text: string, node: Heading): MarkdownHeading {
  const [start, end] = span(node);
  const first = node.children[0];
  const last = node.children.at(-1);
  const title = first && last ? text.slice(span(first)[0], span(last)[1]).trim() : '';
  return { depth: node.depth, title, start, end };
}

function table(text: string, node: Table): MarkdownTable {
  const [start, end] = span(node);
  const second = node.children[1];
  // (a table of a header row alone has no body: its end is where its body would start)
  const body = second ? lineStart(text, span(second)[0]) : end;
  const header = text.slice(lineStart(text, start), second ? body - 1 : end).trim();
  return { header, body, end };
}

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;

const KIND: Partial<Record<RootContent['type'], BlockKind>> = {
  heading: 'heading',
  paragraph: 'paragraph',
  list: 'list',
  listItem: 'list',
  table: 'table',
  code: 'code',
  blockquote: 'quote',
  html: 'html',
};

/** `within`: the kind of the list a loose item's blocks belong to. */
function pieces(node: RootContent, out: Block[], within?: BlockKind): void {
  if ((node.type === 'list' || node.type === 'listItem') && (node as List | ListItem).spread) {
    const first = out.length;
    for (const child of (node as List | ListItem).children) pieces(child, out, 'list');
    // (an item's marker goes with its first block)
    if (out[first]) out[first].start = Math.min(out[first].start, span(node)[0]);
    return;
  }
  const [start, end] = span(node);
  out.push({ kind: within ?? KIND[node.type] ?? 'other', start, end });
}

function visit(node: Nodes, f: (node: Nodes) => void): void {
  f(node);
  if ('children' in node) for (const child of node.children) visit(child, f);
}
