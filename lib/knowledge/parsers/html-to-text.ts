/**
 * Walks a DOM (linkedom) and writes Markdown-like text: headings as `#` lines,
 * paragraphs and list items separated by blank lines. A table whose first row is header
 * cells (`<th>`, as Word's header rows become too) is a Markdown table, so its header names
 * each row's cells wherever the table is cut; other tables give a `cell | cell` line a row.
 * Scripts, styles and other non-content elements are skipped.
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
    } else if (name === 'TABLE') {
      flush();
      out.push(...tableText(node));
      return;
    } else if (BLOCK.has(name)) flush();
    for (const child of Array.from(node.childNodes)) walk(child);
    if (BLOCK.has(name) || name === 'LI') flush();
  };
  walk(root);
  flush();
  return out.join('\n\n');
}

const elements = (node: Node) => Array.from(node.childNodes).filter((c) => c.nodeType === 1);

/** A table's rows (a nested table's rows are text of the cell holding it). */
function tableText(table: Node): string[] {
  const rows: Node[] = [];
  const collect = (node: Node) => {
    for (const child of elements(node)) {
      const name = child.nodeName.toUpperCase();
      if (name === 'TR') rows.push(child);
      else if (name === 'THEAD' || name === 'TBODY' || name === 'TFOOT') collect(child);
    }
  };
  collect(table);
  const cellsOf = (row: Node) => elements(row).filter((c) => /^T[DH]$/i.test(c.nodeName));
  const text = (cell: Node) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
  const header = rows[0] && cellsOf(rows[0]);
  if (!header?.length || !header.every((c) => c.nodeName.toUpperCase() === 'TH') || !header.some((c) => text(c))) {
    return rows.map((row) => cellsOf(row).map(text)).filter((cells) => cells.some(Boolean)).map((cells) => cells.join(' | '));
  }
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  const body = rows.slice(1).map((row) => cellsOf(row).map(text)).filter((cells) => cells.some(Boolean));
  return [[line(header.map(text)), line(header.map(() => '---')), ...body.map(line)].join('\n')];
}
