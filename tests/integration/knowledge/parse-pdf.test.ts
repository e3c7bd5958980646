import { describe, expect, it } from 'vitest';
import { parsePdf } from '@/lib/knowledge/parsers/parse-pdf';
import { makePdf } from './fixtures';
import { watchEventLoop } from './helpers';

describe('PDF parsing off the event loop', () => {
  it('keeps the event loop responsive while a long PDF is parsed in a worker thread', async () => {
    const pdf = await makePdf(Array.from({ length: 300 }, (_, i) => `Page ${i + 1}\n${'Lorem ipsum dolor sit amet. '.repeat(20)}`));
    const loop = watchEventLoop();
    const doc = await parsePdf(pdf, { maxPages: 1000, timeoutMs: 60_000 });
    const worst = await loop.stop();
    expect(doc.pageStarts).toHaveLength(300);
    expect(doc.text.slice(doc.pageStarts![299]!)).toContain('Page 300');
    // Parsing 300 pages takes far longer than this; the loop kept ticking meanwhile.
    expect(worst).toBeLessThan(250);
  }, 60_000);

  it('refuses PDFs over the page limit and stops parsing at the time limit', async () => {
    const pdf = await makePdf(['one', 'two', 'three']);
    await expect(parsePdf(pdf, { maxPages: 2, timeoutMs: 60_000 })).rejects.toThrow(/more than 2 pages/);
    await expect(parsePdf(pdf, { maxPages: 10, timeoutMs: 1 })).rejects.toThrow(/longer than 1 ms/);
  });

  it('reads exactly the bytes it is given, also from a view into a larger buffer', async () => {
    const other = Buffer.from(await makePdf(['Another file, never to be shown']));
    const mine = Buffer.from(await makePdf(['The file that was uploaded']));
    const shared = Buffer.concat([mine, other]);
    const doc = await parsePdf(shared.subarray(0, mine.length), { maxPages: 10, timeoutMs: 60_000 });
    expect(doc.text).toContain('The file that was uploaded');
    expect(doc.text).not.toContain('Another file');
  });
});
