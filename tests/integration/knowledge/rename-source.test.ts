import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { claimSources } from '@/lib/knowledge/ingest';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { api, bodyOf, newKey } from '../../support/http';
import { ingested, search, upload, type SourceView } from './helpers';

let admin: string;
let user: string;
beforeAll(async () => {
  admin = (await newKey('admin')).key;
  user = (await newKey('user')).key;
});

const patch = (id: string, body: unknown, key = admin, type = 'application/merge-patch+json') =>
  api('PATCH', `/api/knowledge/sources/${id}`, {
    key,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': type },
  });

const liveChunks = async (sourceId: string) => {
  const db = await prisma();
  const source = await db.source.findUniqueOrThrow({ where: { id: sourceId } });
  return db.chunk
    .findMany({ where: { sourceId }, select: { generation: true, ordinal: true } })
    .then((rows) => ({ generation: source.generation, rows }));
};

describe('PATCH /api/knowledge/sources/{id}', () => {
  it('renames a source at once wherever it shows, and search reads the new title once it is chunked again', async () => {
    const [tag, word] = [randomUUID().slice(0, 8), `quillwort${randomUUID().slice(0, 6)}`];
    const file = await bodyOf<SourceView>(
      await upload(admin, [{ name: `notes-${tag}.md`, bytes: `Low water at noon in harbour ${tag}.` }]),
    );
    const ready = await ingested(admin, file.id);
    expect(ready.title).toBe(`notes-${tag}.md`);
    const before = await liveChunks(file.id);

    const res = await patch(file.id, { title: `Harbour almanac ${word}` });
    expect(res.status).toBe(200);
    expect(await bodyOf<SourceView>(res)).toMatchObject({
      id: file.id,
      title: `Harbour almanac ${word}`,
      status: 'pending',
      filename: `notes-${tag}.md`,
    });
    // Its old chunks still answer meanwhile, under the new title.
    const meanwhile = (await search(user, `harbour ${tag}`)).find((h) => h.sourceId === file.id);
    expect(meanwhile?.title).toBe(`Harbour almanac ${word}`);
    expect(meanwhile?.generation).toBe(before.generation);
    // …whose postings do not hold the new title's words yet (asked of the index itself: a search could
    // still find it by its vector or a title match).
    const postings = async () =>
      (
        await (
          await prisma()
        ).$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM chunk_terms t JOIN chunks c ON c.seq = t.chunk_seq
          WHERE c.source_id = ${file.id}::uuid AND t.term IN (SELECT lexeme FROM unnest(to_tsvector('english', ${word})))`
      )[0]!.n;
    expect(await postings()).toBe(0);

    const done = await ingested(admin, file.id);
    expect(done).toMatchObject({
      status: 'ready',
      title: `Harbour almanac ${word}`,
      chunkCount: ready.chunkCount,
      error: null,
    });
    const after = await liveChunks(file.id);
    expect(after.generation).toBeGreaterThan(before.generation);
    expect(after.rows).toEqual(before.rows.map((r) => ({ ...r, generation: after.generation })));
    // The word is in no chunk's text, only in the title indexed with each.
    expect(await postings()).toBeGreaterThan(0);
    expect((await search(user, word, { k: '3' }))[0]?.sourceId).toBe(file.id);
  });

  it('null gives a source back the title it would have had: its document’s own, else its file name', async () => {
    const tag = randomUUID().slice(0, 8);
    const doc = await bodyOf<SourceView>(
      await upload(admin, [{ name: `guide-${tag}.md`, bytes: `# Kayak guide ${tag}\n\nPaddle with the tide.` }]),
    );
    expect((await ingested(admin, doc.id)).title).toBe(`Kayak guide ${tag}`);
    await patch(doc.id, { title: `Renamed ${tag}` });
    expect((await ingested(admin, doc.id)).title).toBe(`Renamed ${tag}`);
    const reset = await bodyOf<SourceView>(await patch(doc.id, { title: null }));
    expect(reset.title).toBe(`guide-${tag}.md`);
    expect((await ingested(admin, doc.id)).title).toBe(`Kayak guide ${tag}`);
    // A pasted text's: its first line.
    const text = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', {
        key: admin,
        json: { title: `Given ${tag}`, text: `Ferry times ${tag}\n\nEvery hour.` },
      }),
    );
    expect(await bodyOf<SourceView>(await patch(text.id, { title: null }))).toMatchObject({
      title: `Ferry times ${tag}`,
    });
    await drainIngestQueue();
  });

  it('merges metadata as a JSON merge patch, shown at once with hits, without ingesting again', async () => {
    const tag = randomUUID().slice(0, 8);
    const s = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', {
        key: admin,
        json: {
          title: `Tides ${tag}`,
          text: `Spring tides at harbour ${tag}.`,
          metadata: { team: 'ops', tags: { a: 1, b: 2 } },
        },
      }),
    );
    const ready = await ingested(admin, s.id);
    const res = await patch(s.id, { metadata: { tags: { a: null }, owner: 'kim' } }, admin, 'application/json');
    expect(res.status).toBe(200);
    expect(await bodyOf<SourceView>(res)).toMatchObject({
      status: 'ready',
      generation: ready.generation,
      metadata: { team: 'ops', tags: { b: 2 }, owner: 'kim' },
    });
    expect(await drainIngestQueue()).toBe(0);
    expect((await search(user, `spring tides ${tag}`)).find((h) => h.sourceId === s.id)?.metadata).toEqual({
      team: 'ops',
      tags: { b: 2 },
      owner: 'kim',
    });
    // A member named __proto__ is left out, as POST leaves it out, and sets no prototype.
    const proto = await patch(s.id, '{"metadata":{"__proto__":{"admin":true}}}');
    expect(proto.status).toBe(200);
    expect((await bodyOf<SourceView>(proto)).metadata).toEqual({ team: 'ops', tags: { b: 2 }, owner: 'kim' });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect((await bodyOf<SourceView>(await patch(s.id, { metadata: null }))).metadata).toEqual({});
    // Nothing to change: as it is.
    expect(await bodyOf<SourceView>(await patch(s.id, {}))).toMatchObject({ status: 'ready', title: `Tides ${tag}` });
    expect(await drainIngestQueue()).toBe(0);
  });

  it('restarts a source being ingested under its new title: ready once, each chunk once', async () => {
    const [tag, word] = [randomUUID().slice(0, 8), `sundew${randomUUID().slice(0, 6)}`];
    const s = await bodyOf<SourceView>(
      await upload(admin, [{ name: `pier-${tag}.txt`, bytes: `The pier opens at dawn ${tag}.\n\n`.repeat(200) }]),
    );
    // A worker holds it (and would write it under the old title): the rename takes it back.
    const claimed = await claimSources(`gone-${tag}`, 100, 300);
    expect(claimed.map((c) => c.id)).toContain(s.id);
    expect(await bodyOf<SourceView>(await patch(s.id, { title: `Pier ${word}` }))).toMatchObject({
      status: 'pending',
      title: `Pier ${word}`,
    });
    const done = await ingested(admin, s.id);
    expect(done).toMatchObject({ status: 'ready', title: `Pier ${word}` });
    const { generation, rows } = await liveChunks(s.id);
    expect(rows).toHaveLength(done.chunkCount);
    expect(new Set(rows.map((r) => `${r.generation}:${r.ordinal}`)).size).toBe(rows.length);
    expect(rows.every((r) => r.generation === generation)).toBe(true);
    expect((await search(user, word, { k: '3' }))[0]?.sourceId).toBe(s.id);
  });

  it('renames a queued or a failed source without ingesting it the wrong way', async () => {
    const tag = randomUUID().slice(0, 8);
    const queued = await bodyOf<SourceView>(
      await upload(admin, [{ name: `queued-${tag}.md`, bytes: `# Own title ${tag}\n\nText.` }]),
    );
    await patch(queued.id, { title: `Chosen ${tag}` });
    // A title someone gave is not replaced by the document's own.
    expect(await ingested(admin, queued.id)).toMatchObject({ status: 'ready', title: `Chosen ${tag}` });
    const failed = await bodyOf<SourceView>(await upload(admin, [{ name: `empty-${tag}.txt`, bytes: '   \n' }]));
    expect((await ingested(admin, failed.id)).status).toBe('failed');
    expect(await bodyOf<SourceView>(await patch(failed.id, { title: `Still failed ${tag}` }))).toMatchObject({
      status: 'failed',
      title: `Still failed ${tag}`,
    });
    expect(await drainIngestQueue()).toBe(0);
  });

  it('refuses what is not a title or metadata, with a problem naming the field, and changes nothing', async () => {
    const tag = randomUUID().slice(0, 8);
    const s = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', {
        key: admin,
        json: { title: `Keep ${tag}`, text: `Keep me ${tag}.`, metadata: { note: 'x'.repeat(9000) } },
      }),
    );
    await ingested(admin, s.id);
    for (const [body, pointer] of [
      [{ title: '' }, '#/title'],
      [{ title: '\u200b' }, '#/title'],
      [{ title: 'x'.repeat(801) }, '#/title'],
      [{ title: 5 }, '#/title'],
      [{ metadata: [1] }, '#/metadata'],
      [{ colour: 'red' }, undefined],
      [{ status: 'ready', generation: 9 }, undefined],
      [{ title: 'a\u0000b' }, '#/title'],
      [{ metadata: { note: 'c\u0000d' } }, '#/metadata/note'],
      // (merged, over 16 KB of JSON)
      [{ metadata: { more: 'y'.repeat(9000) } }, '#/metadata'],
    ] as const) {
      const res = await patch(s.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const problem = await bodyOf<{ errors?: { pointer?: string }[] }>(res);
      if (pointer) expect(problem.errors?.map((e) => e.pointer)).toContain(pointer);
    }
    expect((await patch(s.id, '{"title":', admin)).status).toBe(400);
    expect((await patch(s.id, 'title=x', admin, 'text/plain')).status).toBe(415);
    expect((await patch(s.id, { title: 'Mine' }, user)).status).toBe(403);
    expect((await patch(randomUUID(), { title: 'Nobody' })).status).toBe(404);
    expect((await patch('not-a-uuid', { title: 'Nobody' })).status).toBe(400);
    expect(await ingested(admin, s.id)).toMatchObject({
      status: 'ready',
      title: `Keep ${tag}`,
      metadata: { note: 'x'.repeat(9000) },
    });
    expect(
      (await api('POST', `/api/knowledge/sources/${s.id}`, { key: admin, json: {} })).headers.get('allow'),
    ).toContain('PATCH');
  });
});
