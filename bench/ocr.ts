// OCR seconds per page: a scanned PDF (pages of prose set by pdf-lib, rendered at 300 dpi by
// poppler's pdftoppm and wrapped again as images) read in-process by the same parse pool the
// server reads uploads with, and how much of the text OCR found. Needs `pdftoppm`
// (apt-get install -y poppler-utils); without it the suite says so and reports nothing.
import { execFileSync } from 'node:child_process';
import { parsePdf } from '@/lib/knowledge/formats';
import { pagesPdf, renderPage, textPagePdf, wordRecall } from '../tests/integration/knowledge/scanned-fixtures';

const PAGES = [
  [
    'The survey team left the base camp before dawn on the third day.',
    'They carried two weeks of food, a theodolite and a radio set.',
    'By noon the cloud had lifted and the ridge was clear to the north.',
  ],
  [
    'Rainfall at the upper station was measured twice a day in winter.',
    'The gauge froze in January, so the readings were taken from snow depth.',
    'A correction table for wind loss is printed in the appendix.',
  ],
  [
    'Each sample bag is labelled with the site, the date and the depth.',
    'Bags are stored in the cold room and logged in the register by the door.',
    'Samples older than five years are sent to the national archive.',
  ],
  [
    'The generator is serviced every two hundred hours of running time.',
    'Fuel is kept in the shed behind the hut, away from the stove.',
    'Report any leak to the station manager before the next supply flight.',
  ],
];

export async function runOcrBench({ log }: { log: (line: string) => void }): Promise<Record<string, number>> {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
  } catch {
    log('ocr: pdftoppm is not installed (apt-get install -y poppler-utils); skipped');
    return {};
  }
  const scans = await Promise.all(PAGES.map(async (lines) => renderPage(await textPagePdf(lines), 'png')));
  const pdf = await pagesPdf(scans.map((scan) => ({ scan })));
  const limits = { maxPages: 100, timeoutMs: 600_000 };
  // The first read starts the pool's thread and loads Tesseract's model: timed apart.
  const warm = performance.now();
  await parsePdf(await pagesPdf([{ scan: scans[0]! }]), limits);
  const startup = (performance.now() - warm) / 1000;
  const started = performance.now();
  const doc = await parsePdf(pdf, limits);
  const seconds = (performance.now() - started) / 1000;
  const recall = wordRecall(PAGES.flat().join(' '), doc.text);
  log(`ocr: ${PAGES.length} pages at 300 dpi in ${seconds.toFixed(1)} s; recall ${(recall * 100).toFixed(1)} %`);
  return {
    ocrSecondsPerPage: seconds / PAGES.length,
    ocrFirstPageSeconds: startup,
    ocrWordRecall: recall,
    ocrMeanConfidence: doc.ocr?.confidence ?? 0,
  };
}
