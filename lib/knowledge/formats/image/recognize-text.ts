// Runs on the parse pool's thread (pool/parse-worker.ts): Tesseract is seconds of CPU a page, and
// a thread over its time is killed with the Tesseract thread it started.
import { mkdtempSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Block } from 'tesseract.js';
import { ExtractionError } from '../extracted-document';

/** A page's text as OCR read it: paragraphs parted by blank lines, and its words' mean confidence (0–100). */
export interface RecognizedPage {
  text: string;
  confidence: number;
  words: number;
}

// Resolved from the app's folder at run time, not by the bundler: a data package is only files to read.
const requireInstalled = createRequire(path.join(process.cwd(), 'package.json'));

/**
 * Where Tesseract reads its trained data: the installed `@tesseract.js-data/<lang>` packages, never
 * the CDN it downloads from by default. Several languages share one folder of links to them.
 */
export function ocrDataOptions(languages: readonly string[]) {
  const dirs = languages.map(
    (lang) => (requireInstalled(`@tesseract.js-data/${lang}`) as { langPath: string }).langPath,
  );
  let langPath = dirs[0]!;
  if (dirs.length > 1) {
    langPath = mkdtempSync(path.join(tmpdir(), 'groundwork-ocr-'));
    languages.forEach((lang, i) =>
      symlinkSync(path.join(dirs[i]!, `${lang}.traineddata.gz`), path.join(langPath, `${lang}.traineddata.gz`)),
    );
  }
  // cacheMethod 'none': the data is read from the package and never written to the working folder.
  return { langPath, gzip: true, cacheMethod: 'none' } as const;
}

/**
 * Reads each image (PNG, JPEG, TIFF, or PGM/PPM as the PDF reader makes them) with one Tesseract
 * worker, started here and ended when the last image is read. `images` is pulled one at a time,
 * so only one decoded page is held at once.
 */
export async function recognizeText(
  images: Iterable<Uint8Array | null> | AsyncIterable<Uint8Array | null>,
  languages: readonly string[],
): Promise<(RecognizedPage | null)[]> {
  // errorHandler: a failed job rejects its promise; without one, tesseract.js also throws it uncaught.
  const worker = await createWorker([...languages], OEM.LSTM_ONLY, {
    ...ocrDataOptions(languages),
    errorHandler: () => {},
  });
  try {
    const pages: (RecognizedPage | null)[] = [];
    for await (const image of images) {
      if (!image) {
        pages.push(null);
        continue;
      }
      const { data } = await worker
        .recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { text: false, blocks: true })
        .catch(() => {
          throw new ExtractionError('The image is damaged or in a form OCR cannot read.');
        });
      pages.push(pageOf(data.blocks ?? []));
    }
    return pages;
  } finally {
    await worker.terminate();
  }
}

/** Paragraphs as OCR found them, in its reading order, each one line of words (hyphenated words whole again). */
function pageOf(blocks: Block[]): RecognizedPage {
  const paragraphs: string[] = [];
  let sum = 0;
  let words = 0;
  for (const block of blocks)
    for (const paragraph of block.paragraphs) {
      const lines = paragraph.lines
        .map((line) =>
          line.words
            .map((w) => w.text)
            .join(' ')
            .trim(),
        )
        .filter(Boolean);
      for (const line of paragraph.lines)
        for (const word of line.words) {
          sum += word.confidence;
          words++;
        }
      const text = lines.reduce(
        (acc, line) => (/\w-$/.test(acc) ? acc.slice(0, -1) + line : acc ? `${acc} ${line}` : line),
        '',
      );
      if (text) paragraphs.push(text);
    }
  return { text: paragraphs.join('\n\n'), confidence: words ? sum / words : 0, words };
}
