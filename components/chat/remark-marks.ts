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
  passage: { hName: 'span', hProperties: { dataPassage: '', className: ['bg-accent-soft', 'rounded-sm'] } },
  snippet: { hName: 'mark', hProperties: { dataTestid: 'passage-highlight', className: ['rounded-sm', 'bg-mark', 'text-fg'] } },
} as const;

/** A remark plugin: wraps what each mark covers in a `span` (passage) or `mark` (snippet). */
export function remarkMarks({ marks }: { marks: TextMark[] }) {
  return (tree: Node) => walk(tree, marks);
}

function walk(node: Node, marks: TextMark[]) {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => (child.type === 'text' ? splitText(child, marks) : (walk(child, marks), [child])));
}

function splitText(node: Node, marks: TextMark[]): Node[] {
  const value = node.value ?? '';
  const from = node.position?.start.offset;
  const to = node.position?.end.offset;
  if (from === undefined || to === undefined) return lines(value);
  // A node whose source is longer than its text (an escape, an entity) is marked whole.
  const exact = to - from === value.length;
  const pieces = exact ? markSegments(from, to, marks) : [{ start: from, end: to, ...covering(from, to, marks) }];
  return pieces.flatMap((p) => {
    let piece = lines(exact ? value.slice(p.start - from, p.end - from) : value);
    if (p.snippet) piece = [{ type: 'mark', data: { ...MARK_ELEMENTS.snippet }, children: piece }];
    if (p.passage) piece = [{ type: 'mark', data: { ...MARK_ELEMENTS.passage }, children: piece }];
    return piece;
  });
}

/** Which kinds of mark reach into [start, end). */
function covering(start: number, end: number, marks: TextMark[]) {
  const covers = (kind: TextMark['kind']) => marks.some((m) => m.kind === kind && m.start < end && m.end > start);
  return { passage: covers('passage'), snippet: covers('snippet') };
}

/** [from, to) cut wherever a mark starts or ends inside it, each piece with the marks covering it. */
export function markSegments(from: number, to: number, marks: TextMark[]): { start: number; end: number; passage: boolean; snippet: boolean }[] {
  const cuts = new Set([from, to]);
  for (const m of marks) for (const at of [m.start, m.end]) if (at > from && at < to) cuts.add(at);
  const points = [...cuts].sort((a, b) => a - b);
  return points.slice(0, -1).map((start, i) => ({ start, end: points[i + 1]!, ...covering(start, points[i + 1]!, marks) }));
}

/** Text with its newlines as line breaks. */
function lines(value: string): Node[] {
  return value.split('\n').flatMap((line, i): Node[] => [...(i > 0 ? [{ type: 'break' }] : []), ...(line ? [{ type: 'text', value: line }] : [])]);
}
