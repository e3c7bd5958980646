import 'server-only';
import { zipSync } from 'fflate';
import { DOMParser, parseHTML } from 'linkedom';
import mammoth from 'mammoth';
import { config } from '@/lib/config';
import { ExtractionError, type ExtractedDocument } from '../extracted-document';
import { htmlToMarkdown } from '../html/html-to-markdown';
import { unzipBounded } from './unzip-bounded';

export interface DocxLimits {
  /** MAX_EXPANDED_BYTES: what the archive's entries may inflate to together. */
  maxExpandedBytes: number;
  /** PARSE_MAX_HEAP_MB: the heap reading one file may take. */
  heapMb: number;
}

const limitsFromConfig = (): DocxLimits => ({
  maxExpandedBytes: config().MAX_EXPANDED_BYTES,
  heapMb: config().PARSE_MAX_HEAP_MB,
});

/**
 * What mammoth's heap grows by, read from its XML (mammoth 1.13, measured at the smallest heap
 * each file still converts in): about 1 KiB an element (a DOM and mammoth's own tree of it)
 * and 16 bytes a byte of text. By bytes alone, 5 MB of empty paragraphs needs more heap than a
 * real document's 10 MB, so both are counted.
 */
const HEAP_PER_ELEMENT = 1024;
const HEAP_PER_BYTE = 16;

/**
 * Code, as Word and the tools writing DOCX mark it: paragraph styles (pandoc's "Source Code",
 * Word's "HTML Preformatted" and "Plain Text") become code blocks, their lines kept; character
 * styles ("Verbatim Char", "HTML Code") become code spans. Text set in a monospaced font with no
 * such style is marked the same way by markCode.
 */
const STYLE_MAP = [
  // Word's Title style, which mammoth leaves a plain paragraph: the document's name, a level-1 heading.
  "p[style-name='Title'] => h1:fresh",
  ...['Source Code', 'Code', 'Code Block', 'HTML Preformatted', 'Plain Text'].map(
    (name) => `p[style-name='${name}'] => pre:separator('\n')`,
  ),
  ...['Verbatim Char', 'Code Char', 'HTML Code', 'HTML Keyboard', 'HTML Sample', 'HTML Typewriter'].map(
    (name) => `r[style-name='${name}'] => code`,
  ),
];
const MONOSPACE =
  /mono|courier|consolas|menlo|monaco|lucida console|lucida sans typewriter|source code|fira code|inconsolata|andale/i;

// Only the parts that carry text and structure; images and embedded objects stay compressed and unread.
// docProps/core.xml holds the title (File › Properties in Word).
const keep = (name: string) =>
  /^(\[Content_Types\]\.xml|_rels\/\.rels|word\/[^/]+\.xml|word\/_rels\/[^/]+\.rels|docProps\/core\.xml)$/.test(name);

/**
 * DOCX → Markdown-like text through mammoth (headings survive as `#` lines).
 * The archive is inflated by us first, with real size and entry-count caps and a
 * bound on the heap mammoth will need for its XML, and re-packed uncompressed for
 * mammoth, so mammoth never meets a zip bomb. Images are dropped and external
 * relationships are never fetched.
 */
export async function parseDocx(
  bytes: Uint8Array,
  limits: DocxLimits = limitsFromConfig(),
): Promise<ExtractedDocument> {
  const files = unzipBounded(bytes, keep, {
    maxEntries: 2000,
    maxExpandedBytes: limits.maxExpandedBytes,
    inspect: xmlHeapBudget(limits.heapMb),
  });
  if (!files.has('word/document.xml')) throw new ExtractionError('The DOCX file has no word/document.xml.');
  const repacked = zipSync(Object.fromEntries(files), { level: 0 });
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(repacked) },
      {
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
        styleMap: STYLE_MAP,
        transformDocument: (document: DocxNode) =>
          markHeaderRows(
            markCode(document),
            styledHeaders(files.get('word/document.xml')!, files.get('word/styles.xml')),
          ),
      },
    );
    html = result.value;
  } catch {
    throw new ExtractionError('The DOCX file is damaged.');
  }
  // The whole document is content: no reader view in between, which would turn Heading 1 into
  // Heading 2 (Readability keeps h1 for a page's title) and so put sections and their
  // subsections on one level, and might leave out a short paragraph it judged boilerplate.
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const body = document.body as unknown as Element;
  const title = coreTitle(files.get('docProps/core.xml')) ?? openingHeading(body);
  return { text: htmlToMarkdown(body as never), title };
}

/**
 * Refuses XML that mammoth would need more than half the parse thread's heap for (the rest is
 * for the text, its chunks and the collector), counting elements as they are inflated: a
 * 100 KB file of 60 MB of empty paragraphs fails after its first few MB, not at the heap limit.
 */
function xmlHeapBudget(heapMb: number): (name: string, piece: Uint8Array) => string | undefined {
  const budget = (heapMb / 2) * 2 ** 20;
  let bytes = 0;
  let elements = 0;
  return (_name, piece) => {
    bytes += piece.byteLength;
    // `<` opening a tag, not `</`, `<?` or `<!` (a tag split between two pieces counts once at most too many).
    for (let at = piece.indexOf(0x3c); at !== -1; at = piece.indexOf(0x3c, at + 1)) {
      const next = piece[at + 1];
      if (next !== 0x2f && next !== 0x3f && next !== 0x21) elements++;
    }
    if (elements * HEAP_PER_ELEMENT + bytes * HEAP_PER_BYTE <= budget) return undefined;
    return `The document is too large to read: its XML (over ${elements.toLocaleString('en')} elements in ${Math.ceil(bytes / 2 ** 20)} MB) needs more than ${Math.floor(heapMb / 2)} MB of memory, half of PARSE_MAX_HEAP_MB.`;
  };
}

/**
 * Word fills in no Title property by itself: the level-1 heading that opens the document (its
 * Title paragraph, or a Heading 1) names it, as a Markdown file's does. Two or more links closing
 * the heading are a row of badges (a README's, their images gone), not words of its name.
 */
function openingHeading(body: Element): string | undefined {
  const first = body.firstElementChild;
  if (first?.tagName !== 'H1') return undefined;
  const nodes = [...first.childNodes];
  const isLink = (n: ChildNode) => n.nodeType === 1 && (n as Element).tagName === 'A';
  let cut = nodes.length;
  while (cut > 0 && (isLink(nodes[cut - 1]!) || !nodes[cut - 1]!.textContent?.trim())) cut--;
  const trailing = nodes.slice(cut).filter(isLink).length;
  const kept = trailing >= 2 && cut > 0 ? nodes.slice(0, cut) : nodes;
  return (
    kept
      .map((n) => n.textContent ?? '')
      .join('')
      .replace(/\s+/g, ' ')
      .trim() || undefined
  );
}

/** A node of mammoth's document model, as far as markCode and markHeaderRows read it. */
interface DocxNode {
  type: string;
  children?: DocxNode[];
  styleName?: string | null;
  font?: string | null;
  value?: string;
  isHeader?: boolean;
}

/**
 * Which of the document's tables (in the order they are written) have a header row by their
 * style: Word's "Header Row" box (`w:tblLook`'s firstRow, ticked for every new table) ticked,
 * under a table style that sets the first row apart (a `firstRow` part, as the built-in "Grid
 * Table" and "List Table" styles have; "Table Grid", the plain default, has none).
 */
function styledHeaders(document: Uint8Array, styles: Uint8Array | undefined): boolean[] {
  const attribute = (tag: string, name: string) => new RegExp(`\\bw:${name}="([^"]*)"`).exec(tag)?.[1];
  const firstRowStyled = new Map<string, { own: boolean; basedOn?: string }>();
  for (const [, tag = '', body = ''] of new TextDecoder()
    .decode(styles ?? new Uint8Array())
    .matchAll(/(<w:style\b[^>]*>)([^]*?)<\/w:style>/g)) {
    const id = attribute(tag, 'styleId');
    if (attribute(tag, 'type') !== 'table' || !id) continue;
    const basedOn = /<w:basedOn\b[^>]*>/.exec(body)?.[0];
    firstRowStyled.set(id, {
      own: /<w:tblStylePr\b[^>]*w:type="firstRow"/.test(body),
      basedOn: basedOn && attribute(basedOn, 'val'),
    });
  }
  const setsHeaderApart = (id: string | undefined, depth = 0): boolean => {
    const style = id === undefined ? undefined : firstRowStyled.get(id);
    return !!style && (style.own || (depth < 10 && setsHeaderApart(style.basedOn, depth + 1)));
  };
  const tables: { style?: string; firstRow?: boolean }[] = [];
  for (const [tag] of new TextDecoder()
    .decode(document)
    .matchAll(/<w:tbl[ >]|<w:tblStyle\b[^>]*>|<w:tblLook\b[^>]*>/g)) {
    const table = tables.at(-1);
    if (!tag.startsWith('<w:tblStyle') && !tag.startsWith('<w:tblLook')) tables.push({});
    else if (table && tag.startsWith('<w:tblStyle')) table.style ??= attribute(tag, 'val');
    else if (table && table.firstRow === undefined) {
      const flag = attribute(tag, 'firstRow');
      table.firstRow =
        flag === undefined ? (parseInt(attribute(tag, 'val') ?? '0', 16) & 0x20) !== 0 : /^(?:1|true|on)$/.test(flag);
    }
  }
  return tables.map((table) => !!table.firstRow && setsHeaderApart(table.style));
}

/**
 * The first row of each table `headers` names (by its place among the document's tables) is its
 * header row. Where mammoth read a different number of tables than the document writes (one in
 * a drawing's alternative content is written twice), none is changed.
 */
function markHeaderRows(document: DocxNode, headers: boolean[]): DocxNode {
  const tables = [document, ...descendants(document)].filter((node) => node.type === 'table');
  if (tables.length !== headers.length) return document;
  tables.forEach((table, i) => {
    const rows = table.children?.filter((child) => child.type === 'tableRow') ?? [];
    if (headers[i] && rows.length >= 2) rows[0]!.isHeader = true;
  });
  return document;
}

/**
 * A paragraph of its own style ("Normal" or none) whose text is all in a monospaced font is a
 * code paragraph (Word's usual way to show code); within other paragraphs, a run of such text
 * is code. Paragraphs and runs with another style keep it: the style map decides.
 */
function markCode(node: DocxNode): DocxNode {
  if (node.type === 'paragraph' && (!node.styleName || node.styleName === 'Normal')) {
    const runs = descendants(node).filter(
      (d) => d.type === 'run' && descendants(d).some((t) => t.type === 'text' && t.value?.trim()),
    );
    const mono = runs.filter((r) => MONOSPACE.test(r.font ?? ''));
    if (runs.length && mono.length === runs.length) return { ...node, styleName: 'Code' };
    for (const run of mono) if (!run.styleName) run.styleName = 'Code Char';
    return node;
  }
  node.children?.forEach((child, i) => (node.children![i] = markCode(child)));
  return node;
}

function descendants(node: DocxNode): DocxNode[] {
  return (node.children ?? []).flatMap((child) => [child, ...descendants(child)]);
}

/** The document title from the core properties (`<dc:title>`), if set. */
function coreTitle(core: Uint8Array | undefined): string | undefined {
  if (!core) return undefined;
  try {
    const xml = new DOMParser().parseFromString(new TextDecoder().decode(core), 'text/xml');
    const title = xml.getElementsByTagName('dc:title')[0]?.textContent ?? '';
    return title.replace(/\s+/g, ' ').trim() || undefined;
  } catch {
    return undefined; // damaged properties cost the title, not the document
  }
}
