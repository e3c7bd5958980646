import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { drainIngestQueue } from '@/lib/knowledge/ingest-worker';
import { api, bodyOf, newKey } from '../../support/http';
import { ingested, search, upload, type SourceView } from './helpers';

let admin: string;
let user: string;
beforeAll(async () => {
  admin = (await newKey('admin')).key;
  user = (await newKey('user')).key;
});

const addText = async (text: string, title?: string) =>
  bodyOf<SourceView>(await api('POST', '/api/knowledge/sources', { key: admin, json: { text, ...(title ? { title } : {}) } }));

const chunksOf = async (sourceId: string) => (await prisma()).chunk.count({ where: { sourceId } });

describe('knowledge sources API', () => {
  it('lists newest first with cursor pagination and a status filter', async () => {
    const tag = randomUUID().slice(0, 8);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await addText(`page test ${i} ${tag}`)).id);
    const first = await bodyOf<{ data: SourceView[]; nextCursor: string | null }>(await api('GET', '/api/knowledge/sources?limit=2', { key: user }));
    expect(first.data.map((s) => s.id)).toEqual([made[4], made[3]]);
    expect(first.nextCursor).toBeTruthy();
    const second = await bodyOf<{ data: SourceView[] }>(await api('GET', `/api/knowledge/sources?limit=2&cursor=${first.nextCursor}`, { key: user }));
    expect(second.data.map((s) => s.id)).toEqual([made[2], made[1]]);
    const pending = await bodyOf<{ data: SourceView[] }>(await api('GET', '/api/knowledge/sources?status=pending&limit=100', { key: user }));
    expect(pending.data.every((s) => s.status === 'pending')).toBe(true);
    for (const q of ['limit=0', 'limit=101', 'status=done', 'cursor=nope']) {
      expect((await api('GET', `/api/knowledge/sources?${q}`, { key: user })).status, q).toBe(400);
    }
    await drainIngestQueue();
  });

  it('GET 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await api('GET', `/api/knowledge/sources/${randomUUID()}`, { key: user })).status).toBe(404);
    expect((await api('GET', '/api/knowledge/sources/..%2Fx', { key: user })).status).toBe(400);
    expect((await api('GET', `/api/knowledge/sources/${'a'.repeat(10_000)}`, { key: user })).status).toBe(400);
  });

  it('DELETE answers 204, removes every chunk, the source never comes back in search; a second DELETE is 404', async () => {
    const tag = randomUUID().slice(0, 8);
    const s = await addText(`# Delete me\n\nplatypus ${tag} venom spurs`);
    await ingested(admin, s.id);
    expect(await chunksOf(s.id)).toBeGreaterThan(0);
    expect((await search(user, `platypus ${tag}`)).map((h) => h.sourceId)).toContain(s.id);
    expect((await api('DELETE', `/api/knowledge/sources/${s.id}`, { key: admin })).status).toBe(204);
    expect(await chunksOf(s.id)).toBe(0);
    expect((await search(user, `platypus ${tag}`)).map((h) => h.sourceId)).not.toContain(s.id);
    expect((await api('DELETE', `/api/knowledge/sources/${s.id}`, { key: admin })).status).toBe(404);
    expect((await api('GET', `/api/knowledge/sources/${s.id}`, { key: admin })).status).toBe(404);
    expect((await api('GET', `/api/knowledge/search?q=x&sourceId=${s.id}`, { key: user })).status).toBe(404);
  });

  it('DELETE during ingestion cancels it: no chunk survives, no 204 leaves orphans', async () => {
    const tag = randomUUID().slice(0, 8);
    const paragraphs = Array.from({ length: 12000 }, (_, i) => `Paragraph ${i} about narwhal ${tag} tusks and the arctic sea ice number ${i}.`);
    const s = await addText(paragraphs.join('\n\n'));
    const running = drainIngestQueue();
    for (let i = 0; i < 500; i++) {
      const row = await (await prisma()).source.findUnique({ where: { id: s.id } });
      if (row && row.progress > 0 && row.progress < 1) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const progress = (await (await prisma()).source.findUnique({ where: { id: s.id } }))?.progress ?? 0;
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(1);
    expect((await api('DELETE', `/api/knowledge/sources/${s.id}`, { key: admin })).status).toBe(204);
    await running;
    expect(await chunksOf(s.id)).toBe(0);
    expect(await (await prisma()).$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM chunk_terms ct LEFT JOIN chunks c ON c.seq = ct.chunk_seq WHERE c.id IS NULL`).toEqual([{ n: 0 }]);
    expect((await search(user, `narwhal ${tag}`)).map((h) => h.sourceId)).not.toContain(s.id);
  }, 60_000);

  it('PUT replaces content in place: old chunks stay searchable until the new ones are ready, then swap', async () => {
    const tag = randomUUID().slice(0, 8);
    const s = await addText(`The old text mentions aardvark${tag}.`, `Swap ${tag}`);
    await ingested(admin, s.id);
    const put = await api('PUT', `/api/knowledge/sources/${s.id}`, { key: admin, json: { text: `The new text mentions zebu${tag}.` } });
    expect(put.status).toBe(202);
    expect(await bodyOf<SourceView>(put)).toMatchObject({ id: s.id, status: 'pending', title: `Swap ${tag}` });
    expect((await search(user, `aardvark${tag}`)).map((h) => h.sourceId)).toContain(s.id);
    // Only the live (old) chunk of this source may show up until the swap.
    expect((await search(user, `zebu${tag}`)).filter((h) => h.sourceId === s.id).map((h) => h.text)).not.toContain(`The new text mentions zebu${tag}.`);
    const done = await ingested(admin, s.id);
    expect(done).toMatchObject({ status: 'ready', chunkCount: 1 });
    expect((await search(user, `zebu${tag}`))[0]?.sourceId).toBe(s.id);
    expect((await search(user, `aardvark${tag}`)).filter((h) => h.sourceId === s.id).map((h) => h.text)).not.toContain(`The old text mentions aardvark${tag}.`);
    expect(await chunksOf(s.id)).toBe(1);
    expect((await api('PUT', `/api/knowledge/sources/${randomUUID()}`, { key: admin, json: { text: 'x' } })).status).toBe(404);
  });

  it('PUT of a new file renames a source titled by its old file name, and keeps a title someone gave it', async () => {
    const tag = randomUUID().slice(0, 8);
    const named = await bodyOf<SourceView>(await upload(admin, [{ name: `old-${tag}.txt`, bytes: `Old notes ${tag}.` }]));
    const replaced = await bodyOf<SourceView>(await upload(admin, [{ name: `new-${tag}.txt`, bytes: `New notes ${tag}.` }], 'PUT', `/api/knowledge/sources/${named.id}`));
    expect(replaced).toMatchObject({ title: `new-${tag}.txt`, filename: `new-${tag}.txt` });
    const titled = await addText(`Handbook ${tag}.`, `Handbook ${tag}`);
    const kept = await bodyOf<SourceView>(await upload(admin, [{ name: `handbook-v2-${tag}.txt`, bytes: `Handbook v2 ${tag}.` }], 'PUT', `/api/knowledge/sources/${titled.id}`));
    expect(kept.title).toBe(`Handbook ${tag}`);
  });

  it('two workers draining one queue never take the same source: each ends ready with its chunks once', async () => {
    const tag = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await addText(Array.from({ length: 200 }, (_, j) => `Item ${j} of set ${i} ${tag}.`).join('\n\n'))).id);
    const [a, b] = await Promise.all([drainIngestQueue({ owner: `a-${tag}` }), drainIngestQueue({ owner: `b-${tag}` })]);
    expect(a + b).toBeGreaterThanOrEqual(ids.length);
    for (const id of ids) {
      const row = await (await prisma()).source.findUnique({ where: { id } });
      expect(row).toMatchObject({ status: 'ready', attempts: 1 });
      expect(await chunksOf(id)).toBe(row!.chunkCount);
    }
  }, 60_000);

  it('search validates its query and caps k', async () => {
    expect((await api('GET', '/api/knowledge/search?q=', { key: user })).status).toBe(400);
    expect((await api('GET', '/api/knowledge/search?q=x&k=0', { key: user })).status).toBe(400);
    expect((await api('GET', '/api/knowledge/search?q=x&k=101', { key: user })).status).toBe(400);
    expect((await api('GET', '/api/knowledge/search?q=x&sourceId=nope', { key: user })).status).toBe(400);
    expect((await api('POST', '/api/knowledge/search?q=x', { key: user })).status).toBe(405);
  });
});
