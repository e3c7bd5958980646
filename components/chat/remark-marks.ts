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
  const cuts = new Set([0, value.length]);
  for (const m of marks) {
    if (m.end <= from || m.start >= to) continue;
    if (exact) for (const at of [m.start - from, m.end - from]) if (at > 0 && at < value.length) cuts.add(at);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: Node[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [a, b] = [points[i]!, points[i + 1]!];
    const [start, end] = exact ? [from + a, from + b] : [from, to];
    const covers = (kind: TextMark['kind']) => marks.some((m) => m.kind === kind && m.start < end && m.end > start);
    let piece = lines(value.slice(a, b));
    if (covers('snippet')) piece = [{ type: 'mark', data: { ...MARK_ELEMENTS.snippet }, children: piece }];
    if (covers('passage')) piece = [{ type: 'mark', data: { ...MARK_ELEMENTS.passage }, children: piece }];
    out.push(...piece);
  }
  return out;
}

/** Text with its newlines as line breaks. */
function lines(value: string): Node[] {
  return value.split('\n').flatMap((line, i): Node[] => [...(i > 0 ? [{ type: 'break' }] : []), ...(line ? [{ type: 'text', value: line }] : [])]);
}
