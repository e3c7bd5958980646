/**
 * Walks a DOM (linkedom) and writes Markdown, the form every source's text takes: headings as
 * `#` lines, paragraphs apart, lists (ordered, numbered from their `start`, and nested) as list
 * items, `<pre>` as fenced code with its language, `<code>` as code spans, bold and italics,
 * block quotes, definition lists as `**term**: definition`. A table whose first row is header cells (`<th>`, as Word's header rows become
 * too) or bold cells (over rows that are not all bold) is a Markdown table, so its header names each row's cells wherever the table is cut;
 * other tables give a `cell | cell` line a row. A link to a web address (http or https, written
 * whole: see resolveLinks) stays a Markdown link, so an answer can point to the page or the form a
 * passage names; a link to a mail address keeps its words with the address after them; other
 * links, and links in headings, keep their words. The page's own text is
 * escaped wherever Markdown would read it as a mark (`2*3*4`, `<MIME>`, a line opening with
 * `1.`), so the source view, the chunker and the answers read what the page says.
 * Scripts, styles, navigation and other non-content elements are skipped.
 */

import { hug, mailAddress, markdownLink, spellsAddress, webAddress, withMailAddress } from '../markdown/markdown-link';

interface Node {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<Node>;
  getAttribute?: (name: string) => string | null;
}

const SKIP = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'IFRAME',
  'SVG',
  'OBJECT',
  'EMBED',
  'HEAD',
  'NAV',
  'FORM',
  'BUTTON',
  'IMG',
  'PICTURE',
  'VIDEO',
  'AUDIO',
  'CANVAS',
  'MATH',
  'SELECT',
  'TEXTAREA',
  'INPUT',
]);
const BLOCK = new Set([
  'P',
  'DIV',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'BLOCKQUOTE',
  'PRE',
  'UL',
  'OL',
  'LI',
  'TABLE',
  'FIGURE',
  'FIGCAPTION',
  'HEADER',
  'FOOTER',
  'ASIDE',
  'DL',
  'DD',
  'DT',
  'HR',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'ADDRESS',
  'DETAILS',
  'SUMMARY',
  'FIELDSET',
  'CENTER',
  'HGROUP',
  'BODY',
  'HTML',
]);
const CODE = new Set(['CODE', 'KBD', 'SAMP', 'TT']);
const EMPHASIS: Record<string, string> = { STRONG: '**', B: '**', EM: '*', I: '*' };

/** Where a `<br>` breaks a line, until the paragraph is written (not a character `\s` matches). */
const BREAK = '\uE000';

export function htmlToMarkdown(root: Node): string {
  return blocks(root).join('\n\n');
}

const nameOf = (node: Node) => node.nodeName.toUpperCase();
const elements = (node: Node) => Array.from(node.childNodes).filter((c) => c.nodeType === 1);

/** A node's content as Markdown blocks: runs of inline content become paragraphs. */
function blocks(node: Node): string[] {
  const out: string[] = [];
  let inline = '';
  const flush = () => {
    const p = paragraph(inline);
    if (p) out.push(p);
    inline = '';
  };
  const walk = (parent: Node) => {
    for (const child of contents(parent)) {
      if (typeof child === 'string') {
        inline += escapeText(child);
        continue;
      }
      const name = nameOf(child);
      if (SKIP.has(name)) continue;
      if (BLOCK.has(name)) {
        flush();
        out.push(...block(child, name));
      } else if (holdsBlock(child))
        walk(child); // `<span><p>…</p><p>…</p></span>`: its paragraphs stay apart
      else inline += inlineElement(child, name);
    }
  };
  walk(node);
  flush();
  return out;
}

function block(node: Node, name: string): string[] {
  const heading = /^H([1-6])$/.exec(name);
  if (heading) {
    // A heading's words name its section in every chunk's context: no address among them.
    const text = line(inlineOf(node, false)).replace(/(\s)(#+)$/, '$1\\$2'); // a closing `#` run would be dropped
    return text ? [`${'#'.repeat(Number(heading[1]))} ${text}`] : [];
  }
  switch (name) {
    case 'PRE':
      return codeBlock(node);
    case 'UL':
    case 'OL':
      return list(node, name === 'OL');
    case 'TABLE':
      return table(node);
    case 'DL':
      return definitions(node);
    case 'HR':
      return [];
    case 'BLOCKQUOTE': {
      const quoted = blocks(node).join('\n\n');
      return quoted ? [quoted.replace(/^/gm, '> ').replace(/^> $/gm, '>')] : [];
    }
    default:
      return blocks(node);
  }
}

function holdsBlock(node: Node): boolean {
  return elements(node).some((c) => BLOCK.has(nameOf(c)) || holdsBlock(c));
}

/** An element's inline content as Markdown, `<br>`s as BREAK, whitespace not yet collapsed; links as links unless `links` is false. */
function inlineOf(node: Node, links = true): string {
  let out = '';
  for (const child of contents(node))
    out += typeof child === 'string' ? escapeText(child) : inlineElement(child, nameOf(child), links);
  return out;
}

/**
 * A node's elements, and its text with adjacent text nodes as one string: linkedom ends a text
 * node at each character reference (`a &lt;b` is `a `, `<`, `b`), and escaping reads a character's
 * neighbours.
 */
function contents(node: Node): (Node | string)[] {
  const out: (Node | string)[] = [];
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 1) out.push(child);
    else if (child.nodeType === 3 && typeof out.at(-1) === 'string') out[out.length - 1] += child.textContent ?? '';
    else if (child.nodeType === 3) out.push(child.textContent ?? '');
  }
  return out;
}

function inlineElement(node: Node, name: string, links = true): string {
  if (SKIP.has(name) || (name === 'SUP' && isNoteMark(node)) || (name === 'A' && isPermalink(node))) return '';
  if (name === 'BR') return BREAK;
  if (CODE.has(name)) return codeSpan(node.textContent ?? '');
  if (EMPHASIS[name]) return emphasis(inlineOf(node, links), EMPHASIS[name]);
  if (BLOCK.has(name)) return ` ${inlineOf(node, links)} `; // a block inside a heading, a cell or a link
  if (name === 'A' && links) return link(node);
  return inlineOf(node, links);
}

/**
 * `[words](address)` for a link to a web address, `words (address)` for one to a mail address;
 * its words alone for any other (or when its words are the address). A link inside it (invalid
 * HTML, but pages have them) keeps its words.
 */
function link(a: Node): string {
  const inner = inlineOf(a, false);
  const href = a.getAttribute?.('href') ?? '';
  const mail = mailAddress(href);
  if (mail) return withMailAddress(inner, mail, escapeText(mail));
  const url = webAddress(href);
  const words = (a.textContent ?? '').trim();
  if (!url || !words || spellsAddress(words, url)) return inner;
  const [before, core, after] = hug(inner);
  return `${before}${markdownLink(core.replaceAll(BREAK, ' '), url)}${after}`;
}

/** `[1]`, `[a]`, `[citation needed]`: a reference's mark, which would read as one of the answer's own citations. */
function isNoteMark(sup: Node): boolean {
  return /^\s*\[(?:\d+|[a-z]|note \d+|citation needed)\]\s*$/i.test(sup.textContent ?? '');
}

/** A heading's or a definition's own link, `¶` or `#` (Sphinx, Texinfo, GitHub): a mark of the page, not its words. */
function isPermalink(a: Node): boolean {
  return /^\s*[¶#§🔗]\s*$/u.test(a.textContent ?? '');
}

/** Marks hug their words: the spaces inside `<b> bold </b>` go outside, or the marks would not be read. */
function emphasis(inner: string, mark: string): string {
  const [before, core, after] = hug(inner);
  if (!core || /^\*|(?<!\\)\*$/.test(core)) return inner; // emphasis right inside emphasis is said once: `***` reads either way
  return `${before}${mark}${core}${mark}${after}`;
}

/** A code span fenced by one more backtick than the longest run inside it. */
function codeSpan(text: string): string {
  const code = text.replace(/\s+/g, ' ').trim();
  if (!code) return text ? ' ' : '';
  const fence = '`'.repeat(Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

/** A `<pre>`: its lines exactly, fenced, with the language its class names (`language-ts`, `lang-sh`, `highlight-source-js`). */
function codeBlock(pre: Node): string[] {
  const code = preText(pre).replace(/^\n/, '').replace(/\s+$/, '');
  if (!code.trim()) return [];
  const fence = '`'.repeat(Math.max(2, ...(code.match(/^ {0,3}`+/gm) ?? []).map((run) => run.trim().length)) + 1);
  return [`${fence}${language(pre)}\n${code}\n${fence}`];
}

function preText(node: Node): string {
  let out = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) out += child.textContent ?? '';
    else if (child.nodeType === 1 && nameOf(child) === 'BR') out += '\n';
    else if (child.nodeType === 1 && !SKIP.has(nameOf(child))) out += preText(child);
  }
  return out;
}

function language(pre: Node): string {
  const code = elements(pre).find((c) => nameOf(c) === 'CODE');
  for (const node of [pre, code]) {
    const match = /(?:^|\s)(?:language|lang|highlight-source)-([\w+#.-]+)/.exec(node?.getAttribute?.('class') ?? '');
    if (match) return match[1]!;
  }
  return '';
}

function list(node: Node, ordered: boolean): string[] {
  let n = Number.parseInt(node.getAttribute?.('start') ?? '', 10);
  if (!Number.isFinite(n) || n < 0) n = 1;
  const items: string[] = [];
  for (const child of elements(node)) {
    if (nameOf(child) !== 'LI') {
      if (!SKIP.has(nameOf(child))) items.push(...blocks(child)); // stray content between items
      continue;
    }
    const marker = ordered ? `${n++}. ` : '- ';
    const body = blocks(child);
    if (!body.length) continue;
    // A nested list follows its item's line; other blocks of the item stand a blank line apart.
    const text = body.reduce((all, b) => `${all}${/^(?:[-+]|\d+\.) /.test(b) ? '\n' : '\n\n'}${b}`);
    items.push(marker + text.replace(/\n(?!\n)/g, `\n${' '.repeat(marker.length)}`));
  }
  return items.length ? [items.join('\n')] : [];
}

/**
 * A definition list (an API reference's signatures and what they do, a glossary) as its terms in
 * bold, each opening its definition's first paragraph: `**closure**: The address of…`, so the
 * sentence that defines a term names it. Several terms for one definition are joined by commas.
 */
function definitions(dl: Node): string[] {
  const out: string[] = [];
  let terms: string[] = [];
  const visit = (parent: Node) => {
    for (const child of elements(parent)) {
      const name = nameOf(child);
      if (name === 'DT') {
        const term = line(inlineOf(child));
        if (term) terms.push(term);
      } else if (name === 'DD') {
        const body = blocks(child);
        const term = terms.length ? emphasis(terms.join(', '), '**') : '';
        if (term && body[0] && !/^(?:#{1,6} |`{3,}|[-+] |\d+\. |>|\| )/.test(body[0])) body[0] = `${term}: ${body[0]}`;
        else if (term) out.push(lineStart(term));
        out.push(...body);
        terms = [];
      } else if (name === 'DIV')
        visit(child); // (HTML lets a <div> hold a term and its definitions)
      else if (!SKIP.has(name)) out.push(...block(child, name));
    }
  };
  visit(dl);
  if (terms.length) out.push(lineStart(emphasis(terms.join(', '), '**')));
  return out;
}

/** A paragraph's inline Markdown: whitespace collapsed, `<br>`s as hard breaks, each line's start escaped. */
function paragraph(inline: string): string {
  return inline
    .split(BREAK)
    .map((l) => lineStart(line(l)))
    .filter(Boolean)
    .join('  \n');
}

const line = (text: string) => text.replaceAll(BREAK, ' ').replace(/\s+/g, ' ').trim();

/** What Markdown reads at a line's start: a heading, a quote, a list item, a setext underline. */
function lineStart(text: string): string {
  return text
    .replace(/^(#{1,6}|[-+])(?=\s|$)/, '\\$1')
    .replace(/^>/, '\\>')
    .replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2')
    .replace(/^(?=[=-]+$)/, '\\');
}

/**
 * The page's own characters, escaped where Markdown would read them as marks: every `*`, `` ` ``
 * and `~`, a `_` not inside a word (`XDG_DATA_HOME` keeps its own), `[` opening what would be a
 * link, `<` opening what would be a tag, `&` opening what would be an entity, and a backslash
 * before punctuation.
 */
function escapeText(text: string): string {
  return text
    .replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\')
    .replace(/[*`~]/g, '\\$&')
    .replace(/_/g, (u, i: number, s: string) =>
      /[\p{L}\p{N}]/u.test(s[i - 1] ?? '') && /[\p{L}\p{N}]/u.test(s[i + 1] ?? '') ? u : '\\_',
    )
    .replace(/\[(?=[^\]]*\][([:])/g, '\\[')
    .replace(/<(?=[A-Za-z/!?]|$)/g, '\\<') // (`$`: a tag's name may be the next element's text)
    .replace(/&(?=#?\w+;)/g, '\\&');
}

/** A table's rows (a nested table's rows are text of the cell holding it). */
function table(node: Node): string[] {
  const rows: Node[] = [];
  const collect = (parent: Node) => {
    for (const child of elements(parent)) {
      const name = nameOf(child);
      if (name === 'TR') rows.push(child);
      else if (name === 'THEAD' || name === 'TBODY' || name === 'TFOOT') collect(child);
    }
  };
  collect(node);
  const cells = rows.map((row) => elements(row).filter((c) => /^T[DH]$/.test(nameOf(c))));
  const texts = cells.map((row) => row.map((cell) => line(inlineOf(cell))));
  const [header = [], ...body] = texts;
  // A first row of bold cells, over rows that are not all bold, is a header too: how a Word
  // table's header row is set by hand (and a page's, without <th>). Its words go without the marks.
  const bold = (row: string[]) =>
    row.filter(Boolean).length >= 2 && row.filter(Boolean).every((text) => /^\*\*(?!\*)[^]*\*\*$/.test(text));
  const headCells = !!header.length && cells[0]!.every((c) => nameOf(c) === 'TH');
  const boldHeader = !headCells && bold(header) && !body.every(bold);
  if (!(headCells || boldHeader) || !header.some(Boolean))
    return texts.filter((row) => row.some(Boolean)).map((row) => lineStart(row.join(' | ')));
  const row = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  const names = boldHeader ? header.map((text) => text.replace(/^\*\*([^]*)\*\*$/, '$1')) : header;
  return [
    [row(names), row(header.map(() => '---')), ...body.filter((cells) => cells.some(Boolean)).map(row)].join('\n'),
  ];
}
