import { deflateSync } from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractDocument, MEDIA_TYPES, parsePdf } from '@/lib/knowledge/formats';
import { bodyOf, newKey } from '../../support/http';
import { ingested, search, upload, type SourceView } from './helpers';
import { pagesPdf, pngDeclaring, renderPage, textPagePdf, wordRecall } from './scanned-fixtures';

// A page of plain prose, set in 14-point Helvetica and rendered at 300 dpi: a clean scan.
const LETTER = [
  'The harbour master keeps a log of every vessel that enters the port.',
  'Each entry records the name of the ship, its flag and its cargo.',
  'Pilots board large ships two miles out and guide them to the quay.',
  'Fees are charged by gross tonnage and paid at the office by the gate.',
  'In winter the outer basin freezes and the ferries use the inner dock.',
  'Questions about berths go to the duty officer on channel sixteen.',
];
const limits = { maxPages: 10, timeoutMs: 120_000 };
let scan: Uint8Array;
let admin: string;
beforeAll(async () => {
  scan = renderPage(await textPagePdf(LETTER), 'png');
  admin = (await newKey('admin')).key;
}, 60_000);

describe('OCR of scanned documents', () => {
  it('reads an image-only PDF at 300 dpi with at least 90 % of its words, and records OCR and its confidence', async () => {
    const doc = await parsePdf(await pagesPdf([{ scan }]), limits);
    expect(wordRecall(LETTER.join(' '), doc.text)).toBeGreaterThanOrEqual(0.9);
    expect(doc.ocr).toMatchObject({ pages: 1, confidence: expect.any(Number) });
    expect(doc.ocr!.confidence).toBeGreaterThan(80);
  }, 120_000);

  it('reads a PDF of a text page and a scanned page in page order, each page starting where it should', async () => {
    const typed = ['A typed cover page about the tide tables.'];
    const doc = await parsePdf(await pagesPdf([{ lines: typed }, { scan }]), limits);
    expect(doc.pageStarts).toHaveLength(2);
    const [first, second] = [doc.text.slice(0, doc.pageStarts![1]), doc.text.slice(doc.pageStarts![1])];
    expect(first).toContain('tide tables');
    expect(wordRecall(LETTER.join(' '), second)).toBeGreaterThanOrEqual(0.9);
    expect(doc.ocr?.pages).toBe(1);
  }, 120_000);

  it.each(['png', 'jpeg', 'tiff'] as const)(
    'reads an uploaded %s image',
    async (format) => {
      const image = renderPage(await textPagePdf(LETTER), format);
      const doc = await extractDocument(image, MEDIA_TYPES[format]);
      expect(wordRecall(LETTER.join(' '), doc.text)).toBeGreaterThanOrEqual(0.9);
      expect(doc.ocr?.pages).toBe(1);
    },
    120_000,
  );
});

describe('OCR of bad input', () => {
  it('fails a corrupt image and one declaring 20,000 × 20,000 pixels with clear errors, the latter before decoding', async () => {
    const cut = scan.slice(0, 200);
    await expect(extractDocument(cut, MEDIA_TYPES.png)).rejects.toThrow(/damaged|cannot read/i);
    const started = performance.now();
    await expect(extractDocument(pngDeclaring(20_000, 20_000), MEDIA_TYPES.png)).rejects.toThrow(
      /20000 × 20000 pixels, more than the 100,000,000 OCR reads \(OCR_MAX_PIXELS\)/,
    );
    // Decoding 400 million pixels would take seconds and 400 MB at least.
    expect(performance.now() - started).toBeLessThan(500);
  }, 60_000);

  it('skips a PDF image bomb (a small stream declaring 12,000 × 12,000 pixels) without decoding it', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const pixels = deflateSync(Buffer.alloc(12_000 * 12_000));
    const image = doc.context.stream(pixels, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 12_000,
      Height: 12_000,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    });
    page.node.newXObject('Im0', doc.context.register(image));
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(612, 0, 0, 792, 0, 0),
      drawObject('Im0'),
      popGraphicsState(),
    );
    const bomb = await doc.save();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    await expect(parsePdf(bomb, limits)).rejects.toThrow(/no extractable text.*OCR_MAX_PIXELS/);
  }, 120_000);
});

describe('OCR through the API', () => {
  it('ingests PNG, JPEG and TIFF uploads, finds their words, and shows OCR and its confidence on the source', async () => {
    const ferries = { png: 'Kittiwake', jpeg: 'Guillemot', tiff: 'Cormorant' } as const;
    const extension = { png: 'png', jpeg: 'jpg', tiff: 'tif' } as const;
    for (const format of ['png', 'jpeg', 'tiff'] as const) {
      // Each scan names its own ferry, so a search tells which one it found.
      const lines = [...LETTER.slice(0, 3), `The morning ferry is called ${ferries[format]}.`];
      const bytes = renderPage(await textPagePdf(lines), format);
      const res = await upload(admin, [{ name: `harbour-${format}.${extension[format]}`, bytes }]);
      expect(res.status).toBe(202);
      const source = await ingested(admin, (await bodyOf<SourceView>(res)).id);
      expect(source).toMatchObject({ status: 'ready', mediaType: MEDIA_TYPES[format], error: null });
      expect(source.metadata.ocr).toMatchObject({ pages: 1, confidence: expect.any(Number) });
      const hits = await search(admin, `ferry ${ferries[format]}`);
      expect(hits[0]).toMatchObject({ sourceId: source.id });
    }
  }, 240_000);

  it('ends a corrupt image and an image bomb failed with a clear error', async () => {
    const res = await upload(admin, [
      { name: 'torn.png', bytes: scan.slice(0, 200) },
      { name: 'bomb.png', bytes: pngDeclaring(20_000, 20_000) },
    ]);
    expect(res.status).toBe(202);
    const [torn, bomb] = (await bodyOf<{ data: SourceView[] }>(res)).data;
    expect(await ingested(admin, torn!.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/damaged/),
    });
    expect(await ingested(admin, bomb!.id)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/20000 × 20000 pixels.*OCR_MAX_PIXELS/),
    });
  }, 60_000);
});
