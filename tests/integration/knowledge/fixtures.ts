import { deflateRawSync, constants } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { expect } from 'vitest';
import { PDFArray, PDFDocument, PDFHexString, PDFName, type PDFRef, PDFString, StandardFonts, rgb } from 'pdf-lib';

/** A real PDF with one page per entry, built with pdf-lib: its lines 16 points apart, in 12-point Helvetica. */
export function makePdf(pages: string[], title?: string): Promise<Uint8Array> {
  return makeLaidOutPdf(
    pages.map((text) => text.split('\n').map((line, i) => ({ text: line, x: 50, y: 780 - i * 16, size: 12 }))),
    { title },
  );
}

/** A line drawn on a page: its baseline from the bottom, size (10) and font (Helvetica). */
export interface DrawnLine {
  text: string;
  y: number;
  x?: number;
  size?: number;
  font?: 'bold' | 'mono';
  /** Opened by a dot drawn as a shape, as a browser draws a list's bullets. */
  bullet?: boolean;
  /** Words of the line (the first place they are drawn) that a link annotation's box covers, and its address. */
  links?: { words: string; url: string }[];
}

/** A bookmark of a PDF's outline, as Word writes one for each heading: its depth (0 at the top), and the page (from 0) and height it opens at. */
export interface Bookmark {
  title: string;
  depth: number;
  page: number;
  top: number;
}

/** A line a page draws across, as a table's rules are: on a page (from 0), at a height, from `x` to `right`. */
export interface Rule {
  page: number;
  y: number;
  x: number;
  right: number;
}

/** A real PDF laid out as a document is: each page a list of lines where they are drawn, and its outline and rules. */
export async function makeLaidOutPdf(
  pages: DrawnLine[][],
  { title, outline = [], rules = [] }: { title?: string; outline?: Bookmark[]; rules?: Rule[] } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  if (title) doc.setTitle(title);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
  };
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    for (const { text, y, x = 72, size = 10, font = 'regular', bullet, links = [] } of lines) {
      page.drawText(text, { x, y, size, font: fonts[font] });
      if (bullet) page.drawCircle({ x: x - 0.8 * size, y: y + 0.3 * size, size: 0.15 * size, color: rgb(0, 0, 0) });
      for (const { words, url } of links) {
        const left = x + fonts[font].widthOfTextAtSize(text.slice(0, text.indexOf(words)), size);
        const rect = [left, y - 0.25 * size, left + fonts[font].widthOfTextAtSize(words, size), y + 0.9 * size];
        const action = doc.context.obj({ Type: 'Action', S: 'URI', URI: PDFString.of(url) });
        page.node.addAnnot(
          doc.context.register(
            doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0], A: action }),
          ),
        );
      }
    }
  }
  for (const rule of rules)
    doc.getPage(rule.page).drawLine({
      start: { x: rule.x, y: rule.y },
      end: { x: rule.right, y: rule.y },
      thickness: 0.6,
      color: rgb(0, 0, 0),
    });
  if (outline.length) addOutline(doc, outline);
  return doc.save();
}

/** The document's outline: each bookmark under the one before it that is less deep, each opening its page at its height. */
function addOutline(doc: PDFDocument, bookmarks: Bookmark[]): void {
  const { context } = doc;
  const root = context.nextRef();
  const refs = bookmarks.map(() => context.nextRef());
  const parents = bookmarks.map(
    (bookmark, i) => refs.findLast((_, j) => j < i && bookmarks[j]!.depth < bookmark.depth) ?? root,
  );
  const children = Map.groupBy(refs, (_, i) => parents[i]!);
  const links = (parent: PDFRef) => {
    const own = children.get(parent) ?? [];
    return own.length ? { First: own[0]!, Last: own.at(-1)!, Count: own.length } : {};
  };
  bookmarks.forEach((bookmark, i) => {
    const siblings = children.get(parents[i]!)!;
    const at = siblings.indexOf(refs[i]!);
    const dest = [doc.getPage(bookmark.page).ref, PDFName.of('XYZ'), null, bookmark.top, null];
    const item = { Title: PDFHexString.fromText(bookmark.title), Parent: parents[i]!, Dest: dest, ...links(refs[i]!) };
    context.assign(
      refs[i]!,
      context.obj({
        ...item,
        ...(at > 0 ? { Prev: siblings[at - 1]! } : {}),
        ...(at < siblings.length - 1 ? { Next: siblings[at + 1]! } : {}),
      }),
    );
  });
  context.assign(root, context.obj({ Type: 'Outlines', ...links(root) }));
  doc.catalog.set(PDFName.of('Outlines'), root);
}

/** A PDF whose only content is a drawn shape: nothing to extract. */
export async function makeImageOnlyPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawRectangle({ x: 50, y: 50, width: 200, height: 200, color: rgb(0.2, 0.4, 0.6) });
  return doc.save();
}

/** A PDF with a Standard security handler whose user password is not empty: readers must ask for it. */
export async function makeEncryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText('secret text', { x: 50, y: 700, size: 12, font });
  const ctx = doc.context;
  const hex = (n: number) => `<${'ab'.repeat(n)}>`;
  const encrypt = ctx.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, P: -44 });
  const { PDFHexString } = await import('pdf-lib');
  encrypt.set(ctx.obj('O') as never, PDFHexString.of(hex(32).slice(1, -1)));
  encrypt.set(ctx.obj('U') as never, PDFHexString.of('cd'.repeat(32)));
  ctx.trailerInfo.Encrypt = ctx.register(encrypt);
  ctx.trailerInfo.ID = ctx.obj([PDFHexString.of('01'.repeat(16)), PDFHexString.of('01'.repeat(16))]);
  return doc.save({ useObjectStreams: false });
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
</Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
<w:style w:type="paragraph" w:styleId="SourceCode"><w:name w:val="Source Code"/></w:style>
<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/></w:style>
<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4"/></w:tblBorders></w:tblPr></w:style>
<w:style w:type="table" w:styleId="GridTable4"><w:name w:val="Grid Table 4"/><w:basedOn w:val="TableNormal"/><w:tblStylePr w:type="firstRow"><w:rPr><w:b/></w:rPr></w:tblStylePr></w:style>
<w:style w:type="table" w:styleId="GridTable4-Accent1"><w:name w:val="Grid Table 4 Accent 1"/><w:basedOn w:val="GridTable4"/></w:style>
</w:styles>`;

/**
 * A real DOCX (zipped with fflate): `# ` and `## ` lines become Heading 1/2 paragraphs, a line
 * indented four spaces a paragraph in Courier New (its further indentation kept), a line opening
 * with `{Source Code}` or `{Title}` a paragraph of that style. Within a line, `**bold**` is a bold run,
 * `` `code` `` a run in Consolas, and `[words](https://…)` or `[words](#bookmark)` a hyperlink
 * (to the address, a relationship of the document's, or to the bookmark). A line opening with
 * `{Table}` is a table as Word inserts one (Table Grid, its "Header Row" box ticked), and
 * `{Table:GridTable4-Accent1}` one in that style (its first row set apart): its rows apart by
 * ` // `, their cells by ` | `.
 */
export function makeDocx(lines: string[], opts: { externalImageUrl?: string; title?: string } = {}): Uint8Array {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const run = (text: string, props = '') =>
    `<w:r>${props && `<w:rPr>${props}</w:rPr>`}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
  const courier = '<w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/>';
  const rels: string[] = [];
  const hyperlink = (words: string, target: string) => {
    if (target.startsWith('#')) return `<w:hyperlink w:anchor="${esc(target.slice(1))}">${run(words)}</w:hyperlink>`;
    rels.push(
      `<Relationship Id="rIdLink${rels.length}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${esc(target)}" TargetMode="External"/>`,
    );
    return `<w:hyperlink r:id="rIdLink${rels.length - 1}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${run(words)}</w:hyperlink>`;
  };
  const runs = (text: string) =>
    text
      .split(/(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)]+\))/)
      .filter(Boolean)
      .map((piece) => {
        const link = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(piece);
        if (link) return hyperlink(link[1]!, link[2]!);
        return piece.startsWith('**')
          ? run(piece.slice(2, -2), '<w:b/>')
          : piece.startsWith('`')
            ? run(piece.slice(1, -1), '<w:rFonts w:ascii="Consolas" w:hAnsi="Consolas"/>')
            : run(piece);
      })
      .join('');
  const paras = lines.map((line) => {
    const h = /^(#{1,2}) (.*)$/.exec(line);
    if (h) return `<w:p><w:pPr><w:pStyle w:val="Heading${h[1]!.length}"/></w:pPr>${runs(h[2]!)}</w:p>`;
    if (line.startsWith('    ')) return `<w:p>${run(line.slice(4), courier)}</w:p>`;
    if (line.startsWith('{Title}')) return `<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr>${runs(line.slice(7))}</w:p>`;
    if (line.startsWith('{Source Code}'))
      return `<w:p><w:pPr><w:pStyle w:val="SourceCode"/></w:pPr>${run(line.slice(13))}</w:p>`;
    const table = /^\{Table(?::([\w-]+))?\}/.exec(line);
    if (table) {
      const rows = line
        .slice(table[0].length)
        .split(' // ')
        .map(
          (row) =>
            `<w:tr>${row
              .split(' | ')
              .map((cell) => `<w:tc><w:p>${runs(cell)}</w:p></w:tc>`)
              .join('')}</w:tr>`,
        );
      return `<w:tbl><w:tblPr><w:tblStyle w:val="${table[1] ?? 'TableGrid'}"/><w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr>${rows.join('')}</w:tbl>`;
    }
    return `<w:p>${runs(line)}</w:p>`;
  });
  if (opts.externalImageUrl) {
    paras.push(
      `<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"><wp:docPr id="1" name="p"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:blipFill><a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:link="rIdExt"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`,
    );
  }
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paras.join('')}</w:body></w:document>`;
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(RELS),
    'word/document.xml': strToU8(document),
    'word/styles.xml': strToU8(STYLES),
  };
  if (opts.title !== undefined) {
    files['docProps/core.xml'] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${esc(opts.title)}</dc:title></cp:coreProperties>`);
  }
  if (opts.externalImageUrl) {
    rels.push(
      `<Relationship Id="rIdExt" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${opts.externalImageUrl}" TargetMode="External"/>`,
    );
  }
  if (rels.length) {
    files['word/_rels/document.xml.rels'] = strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
${rels.join('\n')}
</Relationships>`);
  }
  return zipSync(files);
}

/** A DOCX-shaped zip bomb: a small file whose document part inflates to `inflatedMb` MB. */
export function makeDocxBomb(inflatedMb = 100): Uint8Array {
  return zipSync(
    {
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(RELS),
      'word/document.xml': new Uint8Array(inflatedMb * 1024 * 1024).fill(32),
    },
    { level: 9 },
  );
}

/**
 * A DOCX whose document part is `xmlMb` MB of empty paragraphs (`<w:p/>`): well-formed XML
 * that zips about 600 to 1, each six bytes of it a node for the XML parser to build.
 */
export function makeDenseDocx(xmlMb = 60): Uint8Array {
  const head = strToU8(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
  );
  const tail = strToU8('<w:p><w:r><w:t>The end</w:t></w:r></w:p></w:body></w:document>');
  const xml = new Uint8Array(head.byteLength + xmlMb * 1024 * 1024 + tail.byteLength);
  xml.set(head);
  const unit = strToU8('<w:p/>');
  const body = xml.subarray(
    head.byteLength,
    head.byteLength + Math.floor((xmlMb * 1024 * 1024) / unit.byteLength) * unit.byteLength,
  );
  body.set(unit);
  for (let filled = unit.byteLength; filled < body.byteLength; filled *= 2)
    body.copyWithin(filled, 0, Math.min(filled, body.byteLength - filled));
  xml.set(tail, head.byteLength + body.byteLength);
  return zipSync(
    {
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(RELS),
      'word/document.xml': xml.subarray(0, head.byteLength + body.byteLength + tail.byteLength),
    },
    { level: 9 },
  );
}

/**
 * zlib data that inflates to `mb` MiB of spaces, built in milliseconds: one MiB deflated to a
 * byte-aligned, unfinished block (a sync flush), repeated, then a final empty block. PDF.js
 * checks no checksum; this one is left zero.
 */
export function spacesBomb(mb: number): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, 32), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    ...Array.from({ length: mb }, () => block),
    Buffer.from([0x03, 0x00, 0, 0, 0, 0]),
  ]);
}

/**
 * A one-page PDF with a line of text whose contents open with a FlateDecode stream inflating
 * to `inflatedMb` MiB of spaces (about 1 KB a MiB). `twice`: that stream deflated again and
 * filtered `[/FlateDecode /FlateDecode]`, a few KB for a GiB.
 */
export async function makePdfBomb(inflatedMb = 1024, { twice = false } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage();
  page.drawText('A page of text', { x: 50, y: 700, font, size: 12 });
  const data = spacesBomb(inflatedMb);
  const bomb = twice
    ? doc.context.stream(Buffer.concat([Buffer.from([0x78, 0x9c]), deflateRawSync(data), Buffer.alloc(4)]), {
        Filter: ['FlateDecode', 'FlateDecode'],
      })
    : doc.context.stream(data, { Filter: 'FlateDecode' });
  const contents = page.node.lookup(PDFName.of('Contents'));
  if (!(contents instanceof PDFArray)) throw new Error('pdf-lib wrote one content stream, not an array of them');
  contents.insert(0, doc.context.register(bomb));
  return doc.save({ useObjectStreams: false });
}

/**
 * The same archive with every entry claiming to inflate to `claimed` bytes, in its local header
 * and in the central directory alike: a reader that trusts the headers sees a small file.
 */
export function lieAboutSizes(zip: Uint8Array, claimed = 1000): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let at = 0;
  while (view.getUint32(at, true) === 0x04034b50) {
    view.setUint32(at + 22, claimed, true);
    at += 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true) + view.getUint32(at + 18, true);
  }
  while (view.getUint32(at, true) === 0x02014b50) {
    view.setUint32(at + 24, claimed, true);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  expect(view.getUint32(at, true)).toBe(0x06054b50); // every entry patched, up to the end record
  return out;
}

/** A DOCX-shaped archive with thousands of tiny entries. */
export function makeManyEntryDocx(entries = 3000): Uint8Array {
  const files: Record<string, Uint8Array> = { 'word/document.xml': strToU8('<w:document/>') };
  for (let i = 0; i < entries; i++) files[`word/media/e${i}.xml`] = strToU8('x');
  return zipSync(files, { level: 0 });
}
