// Marks ranges of a Markdown document, by character offsets into it, for the
// source view: the cited passage and, inside it, the quoted snippet. Works on
// the syntax tree, whose text nodes know where they came from, so the marks
// land inside paragraphs, list items and table cells alike. Newlines inside a
// paragraph become line breaks: a source's text keeps its lines as written.

export interface TextMark {
  start: number;
  end: number;
  kind: 'passage' | 'snippet';
}

interface Node {
  type: string;
  value?: string;
  children?: Node[];
  position?: { start: { offset?: number }; end: { offset?: number } };
  data?: { hName?: string; hProperties?: Record<string, unknown> };
}

export const MARK_ELEMENTS = {
  passage: { hName: 'span', hProperties: { dataPassage: '', className: ['bg-accent-soft'] } },
  snippet: { hName: 'mark', hProperties: { dataTestid: 'passage-highlight', className: ['bg-mark', 'text-fg'] } },
} as const;

/** A remark plugin: wraps what each mark covers in a `span` (passage) or `mark` (snippet). */
export function remarkMarks({ marks }: { marks: TextMark[] }) {
  return (tree: Node) => walk(tree, marks);
}

function walk(node: Node, marks: TextMark[]) {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text') return splitText(child, marks);
    // Inline code (a model name in a table cell, say) is marked whole: its source has the backticks too.
    if (child.type === 'inlineCode') return markWhole(child, [child], marks);
    walk(child, marks);
    return [child];
  });
}

function splitText(node: Node, marks: TextMark[]): Node[] {
  const value = node.value ?? '';
  const from = node.position?.start.offset;
  const to = node.position?.end.offset;
  if (from === undefined || to === undefined) return lines(value);
  // A node whose source is longer than its text (an escape, an entity) is marked whole.
  if (to - from !== value.length) return markWhole(node, lines(value), marks);
  return markSegments(from, to, marks).flatMap((p) => wrap(lines(value.slice(p.start - from, p.end - from)), p));
}

/** `content` (what `node` renders as) in the marks that reach into any of `node`'s source. */
function markWhole(node: Node, content: Node[], marks: TextMark[]): Node[] {
  const from = node.position?.start.offset;
  const to = node.position?.end.offset;
  return from === undefined || to === undefined ? content : wrap(content, covering(from, to, marks));
}

function wrap(piece: Node[], { passage, snippet }: { passage: boolean; snippet: boolean }): Node[] {
  if (snippet) piece = [{ type: 'mark', data: { ...MARK_ELEMENTS.snippet }, children: piece }];
  if (passage) piece = [{ type: 'mark', data: { ...MARK_ELEMENTS.passage }, children: piece }];
  return piece;
}

/** Which kinds of mark reach into [start, end). */
function covering(start: number, end: number, marks: TextMark[]) {
  const covers = (kind: TextMark['kind']) => marks.some((m) => m.kind === kind && m.start < end && m.end > start);
  return { passage: covers('passage'), snippet: covers('snippet') };
}

/** [from, to) cut wherever a mark starts or ends inside it, each piece with the marks covering it. */
export function markSegments(
  from: number,
  to: number,
  marks: TextMark[],
): { start: number; end: number; passage: boolean; snippet: boolean }[] {
  const cuts = new Set([from, to]);
  for (const m of marks) for (const at of [m.start, m.end]) if (at > from && at < to) cuts.add(at);
  const points = [...cuts].sort((a, b) => a - b);
  return points
    .slice(0, -1)
    .map((start, i) => ({ start, end: points[i + 1]!, ...covering(start, points[i + 1]!, marks) }));
}

/** Text with its newlines as line breaks. */
function lines(value: string): Node[] {
  return value
    .split('\n')
    .flatMap((line, i): Node[] => [
      ...(i > 0 ? [{ type: 'break' }] : []),
      ...(line ? [{ type: 'text', value: line }] : []),
    ]);
}
