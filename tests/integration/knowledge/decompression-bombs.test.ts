import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDocx, parsePdf } from '@/lib/knowledge/formats';
import { lieAboutSizes, makeDenseDocx, makeDocx, makePdf, makePdfBomb } from './fixtures';

const LIMITS = { maxExpandedBytes: 256 * 1024 * 1024, heapMb: 2048 };
const PDF_LIMITS = { maxPages: 100, timeoutMs: 60_000, maxExpandedBytes: LIMITS.maxExpandedBytes };

/**
 * How long `run` takes and how far the process's resident memory rises above where it started,
 * at its highest: Linux's high-water mark (VmHWM), reset first, sees a peak however briefly it
 * lasts, in synchronous code too.
 */
async function measure(run: () => Promise<unknown>): Promise<{ error: unknown; ms: number; peakGrowthMb: number }> {
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
  writeFileSync('/proc/self/clear_refs', '5'); // VmHWM := the current RSS
  const before = kb('VmRSS');
  const start = performance.now();
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: performance.now() - start, peakGrowthMb: (kb('VmHWM') - before) / 1024 };
}

describe('decompression bombs are refused before they are parsed', () => {
  it('a 90 KB DOCX of 60 MB of empty paragraphs fails at once with the reason, its memory near flat', async () => {
    const bomb = makeDenseDocx(60);
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    for (const file of [bomb, lieAboutSizes(bomb)]) {
      const { error, ms, peakGrowthMb } = await measure(() => parseDocx(file, LIMITS));
      expect(String(error)).toMatch(
        /The document is too large to read: its XML \(over [\d,]+ elements in \d+ MB\) needs more than 1024 MB of memory, half of PARSE_MAX_HEAP_MB/,
      );
      expect(ms).toBeLessThan(1500);
      // Mammoth read the first 5 MB of it into 2 GB; what is left is the inflated part and its counting.
      expect(peakGrowthMb).toBeLessThan(64);
    }
  }, 60_000);

  it('a DOCX whose parts declare more than MAX_EXPANDED_BYTES fails without inflating anything', async () => {
    const claimsMore = lieAboutSizes(makeDocx(['A short document']), 100 * 1024 * 1024); // four parts of 100 MB
    const { error, ms } = await measure(() => parseDocx(claimsMore, LIMITS));
    expect(String(error)).toMatch(/The document expands to more than 256 MB when decompressed \(MAX_EXPANDED_BYTES\)/);
    expect(ms).toBeLessThan(100);
    // The least of three: a peak this small is within what the rest of the process (the collector,
    // another test's leftovers on a loaded machine) may add at any moment; inflating the parts would
    // show in every run (CI once measured 33 MB here under load).
    const peaks: number[] = [];
    for (let i = 0; i < 3; i++) peaks.push((await measure(() => parseDocx(claimsMore, LIMITS))).peakGrowthMb);
    expect(Math.min(...peaks)).toBeLessThan(16);
  });

  it('a 1 MB PDF whose FlateDecode stream inflates to 1 GiB fails within a second, its memory near flat; so does one deflated twice', async () => {
    for (const bomb of [await makePdfBomb(1024), await makePdfBomb(1024, { twice: true })]) {
      expect(bomb.byteLength).toBeLessThan(1.1 * 1024 * 1024);
      const { error, ms, peakGrowthMb } = await measure(() => parsePdf(bomb, PDF_LIMITS));
      expect(String(error)).toMatch(
        /The document expands to more than 256 MB when decompressed \(MAX_EXPANDED_BYTES\)/,
      );
      expect(ms).toBeLessThan(2000); // 0.3-0.8 s on two busy cores: zlib inflating the 256 MB it may
      // PDF.js took 3.4 GB for it; zlib's pieces, dropped as they come, and the collector's slack remain.
      expect(peakGrowthMb).toBeLessThan(128);
    }
  }, 60_000);

  it('an ordinary DOCX and PDF still parse, and a PDF whose streams inflate within the limit too', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) =>
      i % 50 === 0 ? `# Part ${i / 50}` : `Paragraph ${i}: the pump runs at **40** litres per minute.`,
    );
    expect((await parseDocx(makeDocx(lines), LIMITS)).text).toContain(
      'Paragraph 4999: the pump runs at **40** litres per minute.',
    );
    const pdf = await makePdf(
      Array.from({ length: 50 }, (_, i) => `Page ${i + 1}\n${'Lorem ipsum dolor sit amet. '.repeat(20)}`),
    );
    expect((await parsePdf(pdf, PDF_LIMITS)).text).toContain('Page 50');
    expect((await parsePdf(await makePdfBomb(16), PDF_LIMITS)).text).toContain('A page of text');
  }, 60_000);
});
