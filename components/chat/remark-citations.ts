// Turns the model's inline "[1]" markers into links to "#cite-1", so the
// Markdown renderer can show them as citation chips. Works on the syntax tree,
// never on raw text: "[1]" inside code, or a number with no citation behind it,
// is left alone.

interface Node {
  type: string;
  value?: string;
  url?: string;
  children?: Node[];
  data?: { hName?: string; hProperties?: Record<string, unknown> };
}

const MARKER = /\[(\d{1,3})\]/g;
/** The word a marker follows, with the space between them. */
const WORD_BEFORE = /\S*\s*$/;
/** Punctuation right after a marker: "streams [1]." */
const PUNCTUATION_AFTER = /^[.,;:!?…)\]}"'’”»]+/;

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
  return glue(out);
}

/**
 * A chip is an atomic inline box, and browsers may break a line on either side of it:
 * "streams [1]" then "." alone on the next line. Each run of markers is kept on one line
 * with the word before it and the punctuation after it.
 */
function glue(parts: Node[]): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (parts[i]!.type !== 'link') {
      out.push(parts[i]!);
      continue;
    }
    const group: Node[] = [];
    const before = out.at(-1);
    const word = before?.type === 'text' ? WORD_BEFORE.exec(before.value!)![0] : '';
    if (word) {
      before!.value = before!.value!.slice(0, -word.length);
      if (!before!.value) out.pop();
      group.push({ type: 'text', value: word });
    }
    let j = i;
    for (; j < parts.length; j++) {
      const part = parts[j]!;
      const between = part.type === 'text' && /^\s*$/.test(part.value!) && parts[j + 1]?.type === 'link';
      if (part.type !== 'link' && !between) break;
      group.push(part);
    }
    const after = parts[j];
    const punctuation = after?.type === 'text' ? PUNCTUATION_AFTER.exec(after.value!)?.[0] : undefined;
    if (punctuation) {
      group.push({ type: 'text', value: punctuation });
      after!.value = after!.value!.slice(punctuation.length);
      if (!after!.value) j++;
    }
    out.push({
      type: 'citations',
      data: { hName: 'span', hProperties: { className: ['whitespace-nowrap'] } },
      children: group,
    });
    i = j - 1;
  }
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
