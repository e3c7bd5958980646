import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { chunkText } from '@/lib/knowledge/index';
import { extractAndChunk, extractDocument, MEDIA_TYPES, readDocument } from '@/lib/knowledge/formats';
import { makePdf } from './fixtures';
import { newKey } from '../../support/http';
import { ingested, search, upload, watchEventLoop } from './helpers';

const chunking = { targetTokens: 256, overlapTokens: 32 };
const sentence = 'Retrieval grounds each answer in the passages it cites, with the heading where each one sits. ';

/** A long HTML page: `sections` headings, each over a paragraph of six sentences. */
function bigHtml(sections: number, tag = 'Big page'): Uint8Array {
  const body = Array.from({ length: sections }, (_, i) => `<h2>Section ${i}</h2><p>${sentence.repeat(6)}</p>`).join('');
  return new TextEncoder().encode(`<html><head><title>${tag}</title></head><body><main>${body}</main></body></html>`);
}

describe('documents are read on a thread of their own', () => {
  afterEach(() => {
    delete process.env.PARSE_TIMEOUT_MS;
    resetConfigForTests();
  });

  it('keeps the event loop responsive while a large HTML page is parsed and chunked, with the same chunks', async () => {
    const html = bigHtml(12_000);
    expect(html.byteLength).toBeGreaterThan(6 * 1024 * 1024);
    const loop = watchEventLoop();
    const doc = await readDocument(html, MEDIA_TYPES.html, { chunking, timeoutMs: 60_000, heapMb: 2048 });
    const worst = await loop.stop();
    expect(doc.title).toBe('Big page');
    expect(doc.chunks.at(-1)!.location.headings).toEqual(['Section 11999']);
    // The same work on this thread, for comparison: the loop would have stood still all along.
    const started = performance.now();
    const here = await extractDocument(html, MEDIA_TYPES.html);
    const inline = chunkText(here.text, chunking);
    const stall = performance.now() - started;
    expect(doc.chunks).toEqual(inline);
    expect(worst).toBeLessThan(Math.min(250, stall / 4));
  }, 60_000);

  it('reads a PDF whole on the pool’s thread (PDF.js, layout and chunking), as it is read here', async () => {
    const pdf = await makePdf([
      'Pump manual\nThe quokka pump runs at 40 litres per minute.',
      'Page two\nService it yearly.',
    ]);
    const there = await readDocument(pdf, MEDIA_TYPES.pdf, { chunking, timeoutMs: 60_000, heapMb: 2048 });
    expect(there.chunks.map((c) => c.text).join('\n')).toContain('quokka pump runs at 40 litres');
    expect(there).toEqual(await extractAndChunk(pdf, MEDIA_TYPES.pdf, chunking));
  }, 60_000);

  it('passes on parse errors as they are, and gives up on a file at the time or memory limit without harming the next', async () => {
    await expect(
      readDocument(new TextEncoder().encode('%PDF-1.7 broken'), MEDIA_TYPES.pdf, {
        chunking,
        timeoutMs: 60_000,
        heapMb: 2048,
      }),
    ).rejects.toMatchObject({
      name: 'ExtractionError',
      message: expect.stringMatching(/PDF is damaged/),
    });
    await expect(
      readDocument(bigHtml(5_000), MEDIA_TYPES.html, { chunking, timeoutMs: 50, heapMb: 2048 }),
    ).rejects.toMatchObject({
      name: 'ExtractionError',
      message: 'Reading the file took longer than 50 ms (PARSE_TIMEOUT_MS).',
    });
    await expect(
      readDocument(bigHtml(12_000), MEDIA_TYPES.html, { chunking, timeoutMs: 60_000, heapMb: 32 }),
    ).rejects.toMatchObject({
      name: 'ExtractionError',
      message: 'Reading the file needs more than 32 MB of memory (PARSE_MAX_HEAP_MB).',
    });
    const next = await readDocument(new TextEncoder().encode('# Next\n\nStill read.'), MEDIA_TYPES.markdown, {
      chunking,
      timeoutMs: 60_000,
      heapMb: 2048,
    });
    expect(next.chunks.map((c) => c.text)).toEqual(['# Next\n\nStill read.']);
  }, 60_000);

  it('through the API: a file over PARSE_TIMEOUT_MS ends failed with the reason, the next file is ingested', async () => {
    const { key: admin } = await newKey('admin');
    const tag = randomUUID().slice(0, 8);
    process.env.PARSE_TIMEOUT_MS = '50';
    resetConfigForTests();
    const slow = await upload(admin, [{ name: 'slow.html', bytes: bigHtml(5_000, `slow ${tag}`) }]);
    expect(slow.status).toBe(202);
    const slowId = ((await slow.json()) as { id: string }).id;
    expect(await ingested(admin, slowId)).toMatchObject({
      status: 'failed',
      error: 'Reading the file took longer than 50 ms (PARSE_TIMEOUT_MS).',
      chunkCount: 0,
    });
    expect(await search(admin, `slow ${tag}`, { sourceId: slowId })).toEqual([]);
    delete process.env.PARSE_TIMEOUT_MS;
    resetConfigForTests();
    const fast = await upload(admin, [
      { name: 'fast.md', bytes: `# Fast ${tag}\n\nThe quokka ${tag} is read in time.` },
    ]);
    const fastId = ((await fast.json()) as { id: string }).id;
    expect(await ingested(admin, fastId)).toMatchObject({ status: 'ready', chunkCount: 1 });
    expect((await search(admin, `quokka ${tag}`))[0]).toMatchObject({ sourceId: fastId });
  }, 60_000);
});
