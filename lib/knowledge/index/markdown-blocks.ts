import MarkdownIt, { type Token } from 'markdown-it';

/**
 * A document's Markdown (every parser emits it) read once into a syntax tree (CommonMark with
 * GFM tables, by markdown-it's block parser: linear, where mdast-util-from-markdown took 112 s on
 * 11 MB), and what chunking needs of it as offsets into the text: its sections' headings, its
 * blocks, its tables and its fenced code.
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

// (raw HTML is a block of its own, as CommonMark reads it; the default preset has GFM tables)
const md = new MarkdownIt({ html: true });

/** A block token with the blocks inside it; its lines are `map` [first, after last). */
interface Node {
  token: Token;
  children: Node[];
  inline?: Token;
}

export function markdownBlocks(text: string): MarkdownBlocks {
  // (markdown-it ends lines at "\n" only: a "\r" before it is one more trailing space)
  const state = new md.block.State(text.includes('\r') ? text.replaceAll('\r', ' ') : text, md, {}, []);
  md.block.tokenize(state, 0, state.lineMax);
  const doc = new Lines(text);
  const out: MarkdownBlocks = { headings: [], blocks: [], tables: [], fences: [] };
  let covered = 0;
  for (const node of tree(state.tokens)) {
    const [start, end] = doc.span(node.token);
    // (link definitions make no token: what lies between two blocks is one of its own)
    if (doc.text.slice(covered, start).trim()) out.blocks.push({ kind: 'other', ...doc.trim(covered, start) });
    covered = end;
    // (an ATX heading: a line and its `---` under it are a heading to CommonMark, but in text
    // that is no Markdown they are a line over a rule; every parser writes `#` headings)
    if (node.token.type === 'heading_open' && node.token.markup[0] === '#')
      out.headings.push({ depth: Number(node.token.tag.slice(1)), title: node.inline?.content ?? '', start, end });
    pieces(doc, node, out.blocks);
  }
  if (text.slice(covered).trim()) out.blocks.push({ kind: 'other', ...doc.trim(covered, text.length) });
  for (const token of state.tokens)
    if (token.type === 'fence')
      // (from its opening marks, after any container's `>` or list marker)
      out.fences.push([text.indexOf(token.markup, doc.starts[token.map![0]]), doc.span(token)[1]]);
  visitTables(doc, state.tokens, out.tables);
  return out;
}

/** Line starts, once, to turn a token's lines into offsets. */
class Lines {
  readonly starts: number[] = [0];
  constructor(readonly text: string) {
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) this.starts.push(at + 1);
    this.starts.push(text.length + 1);
  }
  blank(line: number): boolean {
    return !this.text.slice(this.starts[line], this.starts[line + 1]).trim();
  }
  /** From the first line's first character that is no space to the end of the last line not blank. */
  span(token: Token): [number, number] {
    const line = this.starts[token.map![0]]!;
    const { start, end } = this.trim(line, this.starts[token.map![1]]! - 1);
    // (indented code and raw HTML start with their indent, as mdast has them, but not with
    // the indent of the list item they are in)
    if (token.type === 'code_block') return [token.level ? Math.max(line, start - 4) : line, end];
    return [token.type === 'html_block' && !token.level ? line : start, end];
  }
  trim(start: number, end: number): { start: number; end: number } {
    end = Math.min(end, this.text.length);
    while (start < end && /\s/.test(this.text[start]!)) start++;
    while (end > start && /\s/.test(this.text[end - 1]!)) end--;
    // (its last line's trailing spaces too, as mdast has them)
    while (end < this.text.length && /[ \t]/.test(this.text[end]!)) end++;
    return { start, end };
  }
}

/** The top-level blocks, each with the blocks inside it. */
function tree(tokens: Token[]): Node[] {
  const top: Node[] = [];
  const stack: Node[] = [];
  for (const token of tokens) {
    const parent = stack.at(-1);
    if (token.nesting === -1) stack.pop();
    else if (token.type === 'inline') {
      if (parent) parent.inline = token;
    } else {
      const node: Node = { token, children: [] };
      (parent ? parent.children : top).push(node);
      if (token.nesting === 1) stack.push(node);
    }
  }
  return top;
}

const KIND: Record<string, BlockKind> = {
  heading_open: 'heading',
  paragraph_open: 'paragraph',
  bullet_list_open: 'list',
  ordered_list_open: 'list',
  list_item_open: 'list',
  table_open: 'table',
  fence: 'code',
  code_block: 'code',
  blockquote_open: 'quote',
  html_block: 'html',
};

const isList = (node: Node) => /^(?:bullet_list|ordered_list|list_item)_open$/.test(node.token.type);

/**
 * Spread as mdast has it: a list whose items a blank line parts, an item whose blocks one
 * parts (CommonMark's loose list is either).
 */
function spread(doc: Lines, node: Node): boolean {
  return node.children.some((child, i) => i > 0 && doc.blank(child.token.map![0] - 1));
}

/** `within`: the kind of the list a loose item's blocks belong to. */
function pieces(doc: Lines, node: Node, out: Block[], within?: BlockKind): void {
  const [start, end] = doc.span(node.token);
  if (isList(node) && spread(doc, node)) {
    const first = out.length;
    for (const child of node.children) pieces(doc, child, out, 'list');
    // (an item's marker goes with its first block)
    if (out[first]) out[first].start = Math.min(out[first].start, start);
    return;
  }
  out.push({ kind: within ?? KIND[node.token.type] ?? 'other', start, end });
}

/** Tables at any depth: the header and delimiter rows, and where the body starts. */
function visitTables(doc: Lines, tokens: Token[], out: MarkdownTable[]): void {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.type !== 'table_open') continue;
    const open = tokens[i]!;
    const [, end] = doc.span(open);
    let row: Token | undefined;
    for (let j = i + 1; j < tokens.length && tokens[j]!.type !== 'table_close'; j++)
      if (tokens[j]!.type === 'tbody_open') {
        row = tokens[j + 1];
        break;
      }
    const line = open.map![0];
    // (a table of a header row alone has no body: its end is where its body would start)
    const body = row?.map ? doc.starts[row.map[0]]! : end;
    const header = doc.text.slice(doc.starts[line], row?.map ? body - 1 : end).trim();
    out.push({ header, body, end });
  }
}
