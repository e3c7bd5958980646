import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { prisma } from '@/lib/db';
import { claimSources } from '@/lib/knowledge/ingest';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { ingestSignature, rechunkStep } from '@/lib/knowledge/ingest';
import { api, bodyOf, newKey } from '../../support/http';
import { ingested, search, upload, type SourceView } from './helpers';

/**
 * Changing CHUNK_TOKENS (or the chunker) re-chunks what is already ingested, from the content
 * each source keeps, the way a replacement does: old chunks answer until the new ones are ready.
 */

let admin: string;
let user: string;

beforeAll(async () => {
  admin = (await newKey('admin')).key;
  user = (await newKey('user')).key;
});

afterEach(() => {
  delete process.env.CHUNK_TOKENS;
  resetConfigForTests();
});

const chunkWith = (tokens: number) => {
  process.env.CHUNK_TOKENS = String(tokens);
  resetConfigForTests();
};

/** A Markdown file of `paragraphs` paragraphs of about forty words each. */
function markdown(tag: string, paragraphs: number): string {
  const words = (i: number) => Array.from({ length: 40 }, (_, w) => `w${i}x${w}`).join(' ');
  return `# Field notes ${tag}\n\n${Array.from({ length: paragraphs }, (_, i) => `Paragraph ${i} ${tag}: ${words(i)}.`).join('\n\n')}\n`;
}

async function chunksOf(id: string): Promise<{ generation: number; n: number }[]> {
  const db = await prisma();
  return db.$queryRaw`SELECT generation, count(*)::int AS n FROM chunks WHERE source_id = ${id}::uuid GROUP BY generation ORDER BY generation`;
}

describe('chunking again when chunking changes', () => {
  it('re-chunks a ready source from its kept content, its old chunks searchable until the new ones are ready', async () => {
    const tag = randomUUID().slice(0, 8);
    const file = markdown(tag, 8);
    const created = await bodyOf<SourceView>(await upload(admin, [{ name: `notes-${tag}.md`, bytes: file }]));
    const before = await ingested(admin, created.id);
    expect(before).toMatchObject({ status: 'ready', generation: 1, title: `Field notes ${tag}` });
    expect(await rechunkStep()).toBe(0); // made with the settings in force

    chunkWith(64);
    expect(await rechunkStep()).toBe(1);
    const queued = await bodyOf<SourceView>(await api('GET', `/api/knowledge/sources/${created.id}`, { key: admin }));
    expect(queued).toMatchObject({ status: 'pending', generation: 1, chunkCount: before.chunkCount });
    // Still answering from the chunks it has.
    const old = await search(user, `paragraph 5 ${tag} w5x3`, { sourceId: created.id });
    expect(old[0]?.generation).toBe(1);

    const after = await ingested(admin, created.id);
    expect(after).toMatchObject({ status: 'ready', generation: 2, error: null });
    expect(after.chunkCount).toBeGreaterThan(before.chunkCount);
    expect(await chunksOf(created.id)).toEqual([{ generation: 2, n: after.chunkCount }]);
    const hit = (await search(user, `paragraph 5 ${tag} w5x3`, { sourceId: created.id }))[0]!;
    expect(hit.generation).toBe(2);
    // Offsets still index the uploaded file.
    expect(file.slice(hit.location.start, hit.location.end)).toBe(hit.text);
    expect(await rechunkStep()).toBe(0);

    // Back to the default: chunked again, to the same chunks it had at first.
    chunkWith(256);
    expect(await rechunkStep()).toBe(1);
    expect(await ingested(admin, created.id)).toMatchObject({
      status: 'ready',
      generation: 3,
      chunkCount: before.chunkCount,
    });
  });

  it('leaves sources without kept content alone (web pages fetched before it was kept too), and queues a batch at a time', async () => {
    const db = await prisma();
    const tag = randomUUID().slice(0, 8);
    const page = randomUUID();
    const older = randomUUID();
    await db.$executeRaw`
      INSERT INTO sources (id, title, kind, media_type, status, generation, chunked_with, collection_id)
      VALUES (${page}::uuid, ${`Page ${tag}`}, 'url', 'text/html', 'ready', 1, 'v0 1/0', (SELECT id FROM collections WHERE name = 'General')),
             (${older}::uuid, ${`Older ${tag}`}, 'text', 'text/plain', 'ready', 1, NULL, (SELECT id FROM collections WHERE name = 'General'))`;
    await db.$executeRaw`INSERT INTO source_contents (source_id, generation, data) VALUES (${page}::uuid, 1, ''::bytea)`;
    const texts = Array.from({ length: 60 }, (_, i) => ({
      title: `Batch ${i} ${tag}`,
      text: `Batch item ${i} ${tag}.`,
    }));
    const res = await api('POST', '/api/knowledge/sources', { key: admin, json: { sources: texts } });
    expect(res.status).toBe(202);
    await drainIngestQueue();

    chunkWith(128);
    const steps: number[] = [];
    for (let n: number; (n = await rechunkStep()) > 0; await drainIngestQueue()) steps.push(n);
    // Every batch source (and those of the tests above), never the two above; new uploads wait behind no more than a batch.
    expect(steps.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(60);
    expect(steps.length).toBeGreaterThan(1);
    expect(Math.max(...steps)).toBeLessThan(60);
    const rows = await db.$queryRaw<{ id: string; status: string; generation: number }[]>`
      SELECT id::text AS id, status::text AS status, generation FROM sources WHERE id = ANY(${[page, older]}::uuid[]) ORDER BY title`;
    expect(rows.map((r) => [r.status, r.generation])).toEqual([
      ['ready', 1],
      ['ready', 1],
    ]);
    const batch = await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM sources WHERE title LIKE ${`Batch % ${tag}`} AND status = 'ready' AND generation = 2 AND chunked_with = ${ingestSignature()}`;
    expect(batch[0]?.n).toBe(60);
  });

  it('keeps a source ready with its chunks when chunking it again fails, and does not try again for the same settings', async () => {
    const db = await prisma();
    const tag = randomUUID().slice(0, 8);
    const created = await bodyOf<SourceView>(
      await upload(admin, [{ name: `fails-${tag}.md`, bytes: markdown(tag, 3) }]),
    );
    const before = await ingested(admin, created.id);
    // What a parser that now rejects the file would do.
    await db.$executeRaw`UPDATE source_contents SET data = convert_to(' \n \n', 'UTF8') WHERE source_id = ${created.id}::uuid`;

    chunkWith(64);
    while ((await rechunkStep()) > 0) await drainIngestQueue();
    const after = await ingested(admin, created.id);
    expect(after).toMatchObject({ status: 'ready', generation: 1, chunkCount: before.chunkCount, progress: 1 });
    expect(after.error).toBe(
      'Chunking this source again failed; it keeps its earlier chunks. The document has no text.',
    );
    expect((await search(user, `paragraph 1 ${tag} w1x2`, { sourceId: created.id }))[0]?.generation).toBe(1);
    expect(await chunksOf(created.id)).toEqual([{ generation: 1, n: before.chunkCount }]);
    expect(await rechunkStep()).toBe(0);
  });

  it('keeps a source ready when the workers chunking it again keep dying, dropping what they wrote', async () => {
    const db = await prisma();
    const tag = randomUUID().slice(0, 8);
    while ((await rechunkStep()) > 0) await drainIngestQueue();
    const created = await bodyOf<SourceView>(
      await upload(admin, [{ name: `dies-${tag}.md`, bytes: markdown(tag, 3) }]),
    );
    const before = await ingested(admin, created.id);
    // Chunked by an older version of the chunker: the only source made otherwise.
    await db.$executeRaw`UPDATE sources SET chunked_with = 'v0 256/32' WHERE id = ${created.id}::uuid`;
    expect(await rechunkStep()).toBe(1);
    // A worker wrote some of its new chunks, then died, a third time.
    await db.$executeRaw`
      INSERT INTO chunks (id, source_id, generation, ordinal, text, token_count, location)
      SELECT gen_random_uuid(), c.source_id, q.generation, c.ordinal, c.text, c.token_count, c.location
      FROM chunks c JOIN source_contents q ON q.source_id = c.source_id WHERE c.source_id = ${created.id}::uuid`;
    await db.$executeRaw`UPDATE sources SET status = 'processing', attempts = 3, lease_owner = 'gone', lease_expires_at = now() - interval '1 second' WHERE id = ${created.id}::uuid`;

    expect(await claimSources('another', 10, 30)).toEqual([]);
    const after = await ingested(admin, created.id);
    expect(after).toMatchObject({ status: 'ready', generation: 1, chunkCount: before.chunkCount });
    expect(after.error).toMatch(
      /^Chunking this source again failed; it keeps its earlier chunks\. Ingestion was interrupted 3 times/,
    );
    expect(await chunksOf(created.id)).toEqual([{ generation: 1, n: before.chunkCount }]);
  });

  it('takes a replacement made while a source is chunked again (its If-Match still holds)', async () => {
    const tag = randomUUID().slice(0, 8);
    const created = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', {
        key: admin,
        json: { title: `Edited ${tag}`, text: `First text ${tag}.` },
      }),
    );
    await ingested(admin, created.id);
    const etag = (await api('GET', `/api/knowledge/sources/${created.id}/text`, { key: admin })).headers.get('etag')!;
    chunkWith(64);
    expect(await rechunkStep()).toBeGreaterThan(0);
    const put = await api('PUT', `/api/knowledge/sources/${created.id}`, {
      key: admin,
      json: { text: `Second text ${tag}.` },
      headers: { 'if-match': etag },
    });
    expect(put.status).toBe(202);
    while ((await drainIngestQueue()) > 0 || (await rechunkStep()) > 0);
    const after = await ingested(admin, created.id);
    expect(after).toMatchObject({ status: 'ready', error: null });
    expect(await (await api('GET', `/api/knowledge/sources/${created.id}/text`, { key: admin })).text()).toBe(
      `Second text ${tag}.`,
    );
  });
});
