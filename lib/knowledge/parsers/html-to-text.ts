/**
 * Walks a DOM (linkedom) and writes Markdown-like text: headings as `#` lines,
 * paragraphs and list items separated by blank lines, table rows as
 * `cell | cell`. Scripts, styles and other non-content elements are skipped.
 */

interface Node {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<Node>;
}

const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'IFRAME', 'SVG', 'OBJECT', 'EMBED', 'HEAD', 'NAV', 'FORM', 'BUTTON']);
const BLOCK = new Set(['P', 'DIV', 'SECTION', 'ARTICLE', 'MAIN', 'BLOCKQUOTE', 'PRE', 'UL', 'OL', 'TABLE', 'FIGURE', 'HEADER', 'FOOTER', 'ASIDE', 'DL', 'DD', 'DT', 'BR', 'HR']);

export function htmlToText(root: Node): string {
  const out: string[] = [];
  let line = '';
  const flush = () => {
    const t = line.replace(/\s+/g, ' ').trim();
    if (t) out.push(t);
    line = '';
  };
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      line += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1) return;
    const name = node.nodeName.toUpperCase();
    if (SKIP.has(name)) return;
    const heading = /^H([1-6])$/.exec(name);
    if (heading) {
      flush();
      const t = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (t) out.push(`${'#'.repeat(Number(heading[1]))} ${t}`);
      return;
    }
    if (name === 'LI') {
      flush();
      line = '- ';
    } else if (name === 'TR') {
      flush();
      const cells = Array.from(node.childNodes)
        .filter((c) => c.nodeType === 1)
        .map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim());
      if (cells.some(Boolean)) out.push(cells.join(' | '));
      return;
    } else if (BLOCK.has(name)) flush();
    for (const child of Array.from(node.childNodes)) walk(child);
    if (BLOCK.has(name) || name === 'LI') flush();
  };
  walk(root);
  flush();
  return out.join('\n\n');
}
