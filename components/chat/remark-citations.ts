// Turns the model's inline "[1]" markers into links to "#cite-1", so the
// Markdown renderer can show them as citation chips. Works on the syntax tree,
// never on raw text: "[1]" inside code, or a number with no citation behind it,
// is left alone.

interface Node {
  type: string;
  value?: string;
  url?: string;
  children?: Node[];
}

const MARKER = /\[(\d{1,3})\]/g;

function split(text: string, count: number): Node[] | null {
  const out: Node[] = [];
  let last = 0;
  let changed = false;
  for (const m of text.matchAll(MARKER)) {
    const n = Number(m[1]);
    if (n < 1 || n > count) continue;
    if (m.index > last) out.push({ type: 'text', value: text.slice(last, m.index) });
    out.push({ type: 'link', url: `#cite-${n}`, children: [{ type: 'text', value: String(n) }] });
    last = m.index + m[0].length;
    changed = true;
  }
  if (!changed) return null;
  if (last < text.length) out.push({ type: 'text', value: text.slice(last) });
  return out;
}

function walk(node: Node, count: number) {
  if (!node.children || node.type === 'link' || node.type === 'linkReference') return;
  const next: Node[] = [];
  for (const child of node.children) {
    const parts = child.type === 'text' && child.value ? split(child.value, count) : null;
    if (parts) next.push(...parts);
    else {
      walk(child, count);
      next.push(child);
    }
  }
  node.children = next;
}

export function remarkCitations({ count }: { count: number }) {
  return (tree: Node) => {
    if (count > 0) walk(tree, count);
  };
}
