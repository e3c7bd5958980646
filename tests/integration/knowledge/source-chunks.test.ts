import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, bodyOf, newKey } from '../../support/http';
import { ingested, search, upload, type SourceView } from './helpers';

let admin: string;
let user: string;
beforeAll(async () => {
  admin = (await newKey('admin')).key;
  user = (await newKey('user')).key;
});

interface ChunkView {
  id: string;
  ordinal: number;
  text: string;
  tokenCount: number;
  location: { start: number; end: number; headings?: string[]; tableHeader?: string; codeFence?: string };
  embeddingModel: string | null;
}
interface ChunksPage {
  generation: number;
  chunkCount: number;
  data: ChunkView[];
  nextCursor: string | null;
}

const chunksOf = (key: string | undefined, id: string, query: Record<string, string> = {}) =>
  api('GET', `/api/knowledge/sources/${id}/chunks?${new URLSearchParams(query)}`, { key });

/** Every page, following `nextCursor`. */
async function allChunks(
  key: string,
  id: string,
  limit: string,
): Promise<{ pages: ChunksPage[]; chunks: ChunkView[] }> {
  const pages: ChunksPage[] = [];
  let cursor: string | null | undefined;
  do {
    const res = await chunksOf(key, id, { limit, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    pages.push(await bodyOf<ChunksPage>(res));
    cursor = pages.at(-1)!.nextCursor;
  } while (cursor);
  return { pages, chunks: pages.flatMap((p) => p.data) };
}

/** A Markdown handbook of two sections, each several chunks long, a table and a long code block. */
function handbook(tag: string): string {
  const para = (section: string, p: number) =>
    Array.from(
      { length: 8 },
      (_, s) => `In ${section} ${tag}, paragraph ${p} says thing ${s} about topic${(p * 5 + s) % 11} in plain words.`,
    ).join(' ');
  const rows = Array.from({ length: 60 }, (_, i) => `| ${tag}-item${i} | ${i * 3} crates of produce for the depot |`);
  return [
    `# Depot ${tag}`,
    '',
    '## Arrivals',
    '',
    ...Array.from({ length: 6 }, (_, p) => [para('arrivals', p), '']).flat(),
    '## Stock',
    '',
    '| item | count |',
    '| --- | --- |',
    ...rows,
    '',
    '## Loading',
    '',
    '```sh',
    ...Array.from({ length: 60 }, (_, i) => `load-crate --bay ${i % 4} --item ${tag}-item${i}`),
    '```',
    '',
    '## Departures',
    '',
    ...Array.from({ length: 6 }, (_, p) => [para('departures', p), '']).flat(),
  ].join('\n');
}

describe('GET /api/knowledge/sources/{id}/chunks', () => {
  it('lists the chunks search reads, in order and page by page, each the part of the text its offsets name', async () => {
    const tag = `c${randomUUID().slice(0, 8)}`;
    const source = await bodyOf<SourceView>(
      await upload(admin, [{ name: 'depot.md', bytes: handbook(tag), type: 'text/markdown' }]),
    );
    const ready = await ingested(admin, source.id);
    expect(ready.chunkCount).toBeGreaterThan(6);

    const { pages, chunks } = await allChunks(user, source.id, '3');
    expect(pages.length).toBe(Math.ceil(ready.chunkCount / 3));
    for (const page of pages)
      expect(page).toMatchObject({ generation: ready.generation, chunkCount: ready.chunkCount });
    expect(chunks.map((c) => c.ordinal)).toEqual([...Array(ready.chunkCount).keys()]);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(ready.chunkCount);

    const text = await (await api('GET', `/api/knowledge/sources/${source.id}/text`, { key: user })).text();
    for (const chunk of chunks) {
      expect(text.slice(chunk.location.start, chunk.location.end)).toBe(chunk.text);
      expect(chunk.tokenCount).toBeGreaterThan(0);
      expect(chunk.embeddingModel).toBeTruthy();
    }
    // Together they cover the text, in order; each section's chunks carry its heading path.
    for (const [a, b] of chunks.slice(1).map((c, i) => [chunks[i]!, c] as const)) {
      expect(b.location.start).toBeGreaterThan(a.location.start);
      expect(b.location.start).toBeLessThanOrEqual(a.location.end + 2);
    }
    expect(chunks.at(-1)!.location.end).toBe(text.length);
    const departures = chunks.filter((c) => c.text.includes(`In departures ${tag}`));
    expect(departures.length).toBeGreaterThan(0);
    for (const c of departures) expect(c.location.headings).toEqual([`Depot ${tag}`, 'Departures']);
    // A chunk that starts inside the table names its columns.
    expect(
      chunks.some((c) => c.text.startsWith(`| ${tag}-item`) && c.location.tableHeader?.startsWith('| item | count |')),
    ).toBe(true);
    // …and one that starts inside the code block, the fence that opens it.
    const inCode = chunks.filter((c) => c.text.startsWith('load-crate'));
    expect(inCode.length).toBeGreaterThan(0);
    for (const c of inCode) expect(c.location.codeFence).toBe('```sh');
    expect(chunks.filter((c) => c.location.codeFence !== undefined)).toEqual(inCode);

    // The ids are the chunkIds search hits name.
    const hits = await search(user, `departures paragraph 3 ${tag}`, { sourceId: source.id });
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(chunks.find((c) => c.id === hit.chunkId)?.text).toBe(hit.text);

    // The default page is 20; the last page has no cursor.
    const first = await bodyOf<ChunksPage>(await chunksOf(user, source.id));
    expect(first.data.length).toBe(Math.min(20, ready.chunkCount));
    expect(first.nextCursor === null).toBe(ready.chunkCount <= 20);
  });

  it('keeps serving the chunks in use while a replacement is ingested; a cursor of the old ones is then a 409', async () => {
    const tag = `c${randomUUID().slice(0, 8)}`;
    const source = await bodyOf<SourceView>(
      await upload(admin, [{ name: 'depot.md', bytes: handbook(tag), type: 'text/markdown' }]),
    );
    const before = await ingested(admin, source.id);
    const page = await bodyOf<ChunksPage>(await chunksOf(user, source.id, { limit: '2' }));
    expect(page.nextCursor).not.toBeNull();

    const put = await api('PUT', `/api/knowledge/sources/${source.id}`, {
      key: admin,
      json: { text: `Only this ${tag}.` },
    });
    expect(put.status).toBe(202);
    const meanwhile = await bodyOf<ChunksPage>(
      await chunksOf(user, source.id, { limit: '2', cursor: page.nextCursor! }),
    );
    expect(meanwhile.generation).toBe(before.generation);
    expect(meanwhile.data.map((c) => c.ordinal)).toEqual([2, 3]);

    const after = await ingested(admin, source.id);
    const stale = await chunksOf(user, source.id, { limit: '2', cursor: page.nextCursor! });
    expect(stale.status).toBe(409);
    expect(stale.headers.get('content-type')).toBe('application/problem+json');
    expect((await stale.json()).detail).toMatch(/replaced/);
    const fresh = await bodyOf<ChunksPage>(await chunksOf(user, source.id));
    expect(fresh).toMatchObject({ generation: after.generation, chunkCount: 1, nextCursor: null });
    expect(fresh.data.map((c) => c.text)).toEqual([`Only this ${tag}.`]);
  });

  it('refuses a bad page size or cursor (400), a source without chunks (409), none (404), and no key (401)', async () => {
    const tag = `c${randomUUID().slice(0, 8)}`;
    const pending = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', { key: admin, json: { text: `Pending ${tag}.` } }),
    );
    const early = await chunksOf(user, pending.id);
    expect(early.status).toBe(409);
    expect((await early.json()).detail).toMatch(/still being ingested/);
    await ingested(admin, pending.id);

    for (const query of <Record<string, string>[]>[
      { limit: '0' },
      { limit: '101' },
      { limit: 'x' },
      { cursor: 'nope' },
      { cursor: Buffer.from('["1","x"]').toString('base64url') },
    ]) {
      const res = await chunksOf(user, pending.id, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      const problem = await res.json();
      expect(problem.errors[0].parameter).toBe(Object.keys(query)[0]);
    }
    expect((await chunksOf(user, randomUUID())).status).toBe(404);
    expect((await chunksOf(user, 'not-a-uuid')).status).toBe(400);
    expect((await chunksOf(undefined, pending.id)).status).toBe(401);
    expect((await api('POST', `/api/knowledge/sources/${pending.id}/chunks`, { key: admin, json: {} })).status).toBe(
      405,
    );
  });
});
