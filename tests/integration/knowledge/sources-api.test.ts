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

const addText = async (text: string, title?: string) =>
  bodyOf<SourceView>(
    await api('POST', '/api/knowledge/sources', { key: admin, json: { text, ...(title ? { title } : {}) } }),
  );

const chunksOf = async (sourceId: string) => (await prisma()).chunk.count({ where: { sourceId } });

describe('knowledge sources API', () => {
  it('lists newest first with cursor pagination and a status filter', async () => {
    const tag = randomUUID().slice(0, 8);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await addText(`page test ${i} ${tag}`)).id);
    const first = await bodyOf<{ data: SourceView[]; nextCursor: string | null }>(
      await api('GET', '/api/knowledge/sources?limit=2', { key: user }),
    );
    expect(first.data.map((s) => s.id)).toEqual([made[4], made[3]]);
    expect(first.nextCursor).toBeTruthy();
    const second = await bodyOf<{ data: SourceView[] }>(
      await api('GET', `/api/knowledge/sources?limit=2&cursor=${first.nextCursor}`, { key: user }),
    );
    expect(second.data.map((s) => s.id)).toEqual([made[2], made[1]]);
    const pending = await bodyOf<{ data: SourceView[] }>(
      await api('GET', '/api/knowledge/sources?status=pending&limit=100', { key: user }),
    );
    expect(pending.data.every((s) => s.status === 'pending')).toBe(true);
    for (const q of ['limit=0', 'limit=101', 'status=done', 'cursor=nope']) {
      expect((await api('GET', `/api/knowledge/sources?${q}`, { key: user })).status, q).toBe(400);
    }
    await drainIngestQueue();
  });

  it('finds sources by title, file name or URL with `q`, literally and ignoring case', async () => {
    const tag = randomUUID().slice(0, 8);
    const titled = (await addText('body text', `Kayak Rental ${tag}`)).id;
    const file = await bodyOf<SourceView>(
      await upload(admin, [{ name: `harbour-${tag}.md`, bytes: '# Tides\n\nLow water at noon.' }]),
    );
    const url = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', {
        key: admin,
        json: { url: `https://handbook-${tag}.invalid/kayak` },
      }),
    );
    const percent = (await addText('other body', `100% sure_thing ${tag}`)).id;
    await addText(`kayak ${tag} in the text only`, 'Unrelated title');
    const find = async (q: string, extra = '') => {
      const res = await api('GET', `/api/knowledge/sources?q=${encodeURIComponent(q)}${extra}`, { key: user });
      expect(res.status).toBe(200);
      return bodyOf<{ data: SourceView[]; nextCursor: string | null }>(res);
    };
    const ids = async (q: string, extra = '') => (await find(q, extra)).data.map((s) => s.id);
    expect(await ids(`KAYAK RENTAL ${tag}`)).toEqual([titled]);
    expect(await ids(`  HARBOUR-${tag}.md `)).toEqual([file.id]);
    expect(await ids(`handbook-${tag}`)).toEqual([url.id]);
    // `%` and `_` are text, not wildcards; the text of a source is not searched here.
    expect(await ids(`% sure_thing ${tag}`)).toEqual([percent]);
    expect(await ids(`0_ sure`)).toEqual([]);
    expect(await ids(`kayak ${tag} in the text`)).toEqual([]);
    // Combined with the status filter, and paged like the plain listing.
    expect(await ids(tag, '&status=failed')).toEqual([]);
    const first = await find(tag, '&limit=2');
    expect(first.data.map((s) => s.id)).toEqual([percent, url.id]);
    const rest = await find(tag, `&limit=2&cursor=${first.nextCursor}`);
    expect(rest.data.map((s) => s.id)).toEqual([file.id, titled]);
    expect(rest.nextCursor).toBeNull();
    // Kinds sort by name (file, text, url), equal kinds in the order they were added.
    expect(await ids(tag, '&sort=kind')).toEqual([file.id, titled, percent, url.id]);
    expect(await ids(tag, '&sort=-kind&limit=3')).toEqual([url.id, percent, titled]);
    for (const bad of ['', '   ', 'a\u0000b', 'x'.repeat(201)]) {
      const res = await api('GET', `/api/knowledge/sources?q=${encodeURIComponent(bad)}`, { key: user });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
    await drainIngestQueue();
  });

  it('sorts by any column, ignoring case for titles, and pages through the whole order', async () => {
    const tag = randomUUID().slice(0, 8);
    const made = new Map<string, string>(); // title → id
    // Sizes follow the text length: "bb" is the largest, "Apple" the smallest.
    for (const [title, text] of [
      ['banana', 'x'.repeat(30)],
      ['Apple', 'x'],
      ['cherry', 'x'.repeat(10)],
      ['BB', 'x'.repeat(90)],
      ['apricot', 'x'.repeat(20)],
    ]) {
      made.set(title!, (await addText(`${text} ${tag}`, `${title} ${tag}`)).id);
    }
    const all = async (sort: string, limit = 2) => {
      const titles: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await api(
          'GET',
          `/api/knowledge/sources?q=${tag}&limit=${limit}&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`,
          { key: user },
        );
        expect(res.status).toBe(200);
        const page = await bodyOf<{ data: SourceView[]; nextCursor: string | null }>(res);
        titles.push(...page.data.map((s) => s.title.replace(` ${tag}`, '')));
        cursor = page.nextCursor;
      } while (cursor);
      return titles;
    };
    expect(await all('title')).toEqual(['Apple', 'apricot', 'banana', 'BB', 'cherry']);
    expect(await all('-title', 3)).toEqual(['cherry', 'BB', 'banana', 'apricot', 'Apple']);
    expect(await all('-size')).toEqual(['BB', 'banana', 'apricot', 'cherry', 'Apple']);
    expect(await all('createdAt')).toEqual(['banana', 'Apple', 'cherry', 'BB', 'apricot']);
    expect(await all('-createdAt')).toEqual(['apricot', 'BB', 'cherry', 'Apple', 'banana']);
    // Equal keys (all pending, all text) page by id without losing or repeating one.
    for (const sort of ['status', '-kind', 'chunkCount'])
      expect((await all(sort)).sort()).toEqual([...made.keys()].sort());
    // A cursor belongs to its order; unknown orders are refused.
    const first = await bodyOf<{ nextCursor: string }>(
      await api('GET', `/api/knowledge/sources?q=${tag}&limit=2&sort=title`, { key: user }),
    );
    for (const query of [
      `sort=size&cursor=${first.nextCursor}`,
      `cursor=${first.nextCursor}`,
      'sort=name',
      'sort=--title',
      'sort=',
    ]) {
      const res = await api('GET', `/api/knowledge/sources?q=${tag}&${query}`, { key: user });
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
    }
    const times = [
      '0000-01-01T00:00:00Z',
      '12',
      '2026',
      '-271821-04-20T00:00:00Z',
      '2026-11-25 06:16:41.086+99',
      '2026-13-25 06:16:41+00',
    ];
    for (const [sort, value] of [
      ['size', "1'; DROP TABLE sources; --"],
      ['kind', 'folder'],
      ['-status', 'done'],
      ...times.map((t) => ['-createdAt', t]),
    ]) {
      const forged = Buffer.from(JSON.stringify([sort, value, randomUUID()])).toString('base64url');
      expect(
        (await api('GET', `/api/knowledge/sources?sort=${sort}&cursor=${forged}`, { key: user })).status,
        `${sort} ${value}`,
      ).toBe(400);
    }
    await drainIngestQueue();
  });

  it('takes a long source title (a paper title, a path) in a bulk import; one far past any title is a 400 naming the field', async () => {
    const tag = randomUUID().slice(0, 8);
    const listed = async () =>
      (
        await bodyOf<{ data: SourceView[] }>(
          await api('GET', `/api/knowledge/sources?q=${tag}&sort=title`, { key: user }),
        )
      ).data.map((s) => s.title);
    // SciFact's longest paper title is 300 characters. At the limit, three-byte characters (the most
    // one UTF-16 unit takes) spread so they do not compress, must still fit the title-order index.
    const long = `${tag} ${'A study of ferry timetables and the people who keep them. '.repeat(11).slice(0, 590)}.`;
    expect(long).toHaveLength(600);
    const wide = `${tag} ${Array.from({ length: 791 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20_000))).join('')}`;
    expect(wide).toHaveLength(800);
    const res = await api('POST', '/api/knowledge/sources', {
      key: admin,
      json: {
        sources: [
          { title: `${tag} short`, text: `Ferries ${tag} leave hourly.` },
          { title: long, text: `Ferry study ${tag}.` },
          { title: wide, text: `Wide ${tag}.` },
        ],
      },
    });
    expect(res.status).toBe(202);
    expect((await bodyOf<{ data: SourceView[] }>(res)).data.map((s) => s.title)).toEqual([`${tag} short`, long, wide]);
    expect(await listed()).toEqual([long, `${tag} short`, wide]);

    const refused = await api('POST', '/api/knowledge/sources', {
      key: admin,
      json: {
        sources: [
          { title: `${tag} fine`, text: `Trams ${tag}.` },
          { title: 'x'.repeat(5_000), text: `Trains ${tag}.` },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    const problem = await bodyOf<{ errors: { pointer?: string; detail: string }[] }>(refused);
    expect(problem.errors).toEqual([
      expect.objectContaining({
        pointer: '#/sources/1/title',
        detail: expect.stringContaining('at most 800 characters'),
      }),
    ]);
    expect(await listed()).toHaveLength(3);
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

  it('deletes several sources at once, a claimed one included; ids naming none are listed, not refused', async () => {
    const tag = randomUUID().slice(0, 8);
    const [a, b, kept] = [
      await addText(`Puffin ${tag} burrows on cliffs.`),
      await addText(`Gannet ${tag} dives from height.`),
      await addText(`Kittiwake ${tag} nests on ledges.`),
    ];
    await ingested(admin, a.id);
    const claimed = await addText(`Fulmar ${tag} glides low.`);
    expect((await claimSources(`busy-${tag}`, 100, 300)).map((c) => c.id)).toContain(claimed.id);
    const nobody = randomUUID();
    const res = await api('POST', '/api/knowledge/sources/delete', {
      key: admin,
      json: { ids: [a.id, b.id.toUpperCase(), nobody, a.id, claimed.id] },
    });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ deleted: [a.id, b.id, claimed.id], unknown: [nobody] });
    for (const id of [a.id, b.id, claimed.id]) {
      expect(await chunksOf(id)).toBe(0);
      expect((await api('GET', `/api/knowledge/sources/${id}`, { key: admin })).status).toBe(404);
    }
    expect((await search(user, `puffin ${tag} burrows`)).map((h) => h.sourceId)).not.toContain(a.id);
    expect((await ingested(admin, kept.id)).status).toBe('ready');
    // Again: nothing left to delete, the same answer's other half.
    expect(
      await bodyOf(await api('POST', '/api/knowledge/sources/delete', { key: admin, json: { ids: [a.id] } })),
    ).toEqual({ deleted: [], unknown: [a.id] });
    for (const body of [
      {},
      { ids: [] },
      { ids: ['nope'] },
      { ids: Array.from({ length: 1001 }, () => randomUUID()) },
      { ids: [kept.id], all: true },
    ]) {
      expect(
        (await api('POST', '/api/knowledge/sources/delete', { key: admin, json: body })).status,
        JSON.stringify(body).slice(0, 40),
      ).toBe(400);
    }
    expect((await api('POST', '/api/knowledge/sources/delete', { key: user, json: { ids: [kept.id] } })).status).toBe(
      403,
    );
    expect((await api('GET', '/api/knowledge/sources/delete', { key: admin })).status).toBe(405);
    expect((await api('GET', `/api/knowledge/sources/${kept.id}`, { key: admin })).status).toBe(200);
  });

  it('DELETE during ingestion cancels it: no chunk survives, no 204 leaves orphans', async () => {
    const tag = randomUUID().slice(0, 8);
    const paragraphs = Array.from(
      { length: 12000 },
      (_, i) => `Paragraph ${i} about narwhal ${tag} tusks and the arctic sea ice number ${i}.`,
    );
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
    expect(
      await (
        await prisma()
      ).$queryRaw<
        { n: number }[]
      >`SELECT count(*)::int AS n FROM chunk_terms ct LEFT JOIN chunks c ON c.seq = ct.chunk_seq WHERE c.id IS NULL`,
    ).toEqual([{ n: 0 }]);
    expect((await search(user, `narwhal ${tag}`)).map((h) => h.sourceId)).not.toContain(s.id);
  }, 60_000);

  it('PUT replaces content in place: old chunks stay searchable until the new ones are ready, then swap', async () => {
    const tag = randomUUID().slice(0, 8);
    const s = await addText(`The old text mentions aardvark${tag}.`, `Swap ${tag}`);
    await ingested(admin, s.id);
    const put = await api('PUT', `/api/knowledge/sources/${s.id}`, {
      key: admin,
      json: { text: `The new text mentions zebu${tag}.` },
    });
    expect(put.status).toBe(202);
    expect(await bodyOf<SourceView>(put)).toMatchObject({ id: s.id, status: 'pending', title: `Swap ${tag}` });
    expect((await search(user, `aardvark${tag}`)).map((h) => h.sourceId)).toContain(s.id);
    // Only the live (old) chunk of this source may show up until the swap.
    expect((await search(user, `zebu${tag}`)).filter((h) => h.sourceId === s.id).map((h) => h.text)).not.toContain(
      `The new text mentions zebu${tag}.`,
    );
    const done = await ingested(admin, s.id);
    expect(done).toMatchObject({ status: 'ready', chunkCount: 1 });
    expect((await search(user, `zebu${tag}`))[0]?.sourceId).toBe(s.id);
    expect((await search(user, `aardvark${tag}`)).filter((h) => h.sourceId === s.id).map((h) => h.text)).not.toContain(
      `The old text mentions aardvark${tag}.`,
    );
    expect(await chunksOf(s.id)).toBe(1);
    expect(
      (await api('PUT', `/api/knowledge/sources/${randomUUID()}`, { key: admin, json: { text: 'x' } })).status,
    ).toBe(404);
  });

  it('PUT of a new file renames a source titled by its old file name, and keeps a title someone gave it', async () => {
    const tag = randomUUID().slice(0, 8);
    const named = await bodyOf<SourceView>(
      await upload(admin, [{ name: `old-${tag}.txt`, bytes: `Old notes ${tag}.` }]),
    );
    const replaced = await bodyOf<SourceView>(
      await upload(
        admin,
        [{ name: `new-${tag}.txt`, bytes: `New notes ${tag}.` }],
        'PUT',
        `/api/knowledge/sources/${named.id}`,
      ),
    );
    expect(replaced).toMatchObject({ title: `new-${tag}.txt`, filename: `new-${tag}.txt` });
    const titled = await addText(`Handbook ${tag}.`, `Handbook ${tag}`);
    const kept = await bodyOf<SourceView>(
      await upload(
        admin,
        [{ name: `handbook-v2-${tag}.txt`, bytes: `Handbook v2 ${tag}.` }],
        'PUT',
        `/api/knowledge/sources/${titled.id}`,
      ),
    );
    expect(kept.title).toBe(`Handbook ${tag}`);
  });

  it('PUT in the bulk shape keeps the title and metadata it leaves out, as the single shape does', async () => {
    const tag = randomUUID().slice(0, 8);
    const s = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', {
        key: admin,
        json: { title: `Refunds ${tag}`, text: `Refunds take 5 days ${tag}.`, metadata: { team: 'support' } },
      }),
    );
    const put = await api('PUT', `/api/knowledge/sources/${s.id}`, {
      key: admin,
      json: { sources: [{ text: `Refunds take 3 days ${tag}.` }] },
    });
    expect(put.status).toBe(202);
    expect(await bodyOf<SourceView>(put)).toMatchObject({ title: `Refunds ${tag}`, metadata: { team: 'support' } });
    const twoAtOnce = await api('PUT', `/api/knowledge/sources/${s.id}`, {
      key: admin,
      json: { sources: [{ text: 'a' }, { text: 'b' }] },
    });
    expect(twoAtOnce.status).toBe(400);
  });

  it('PUT that changes nothing is not ingested again; the same text with a new title is', async () => {
    const tag = randomUUID().slice(0, 8);
    const s = await addText(`Tide tables for harbour ${tag}.`, `Tides ${tag}`);
    const ready = await ingested(admin, s.id);
    const generation = async () =>
      (await (await prisma()).source.findUniqueOrThrow({ where: { id: s.id } })).generation;
    const before = await generation();
    const same = await api('PUT', `/api/knowledge/sources/${s.id}`, {
      key: admin,
      json: { text: `Tide tables for harbour ${tag}.\r\n` },
    });
    expect(same.status).toBe(200);
    expect(await bodyOf<SourceView>(same)).toMatchObject({ id: s.id, status: 'ready', chunkCount: ready.chunkCount });
    expect(await drainIngestQueue()).toBe(0);
    expect(await generation()).toBe(before);

    const retitled = await api('PUT', `/api/knowledge/sources/${s.id}`, {
      key: admin,
      json: { title: `Tide times ${tag}`, text: `Tide tables for harbour ${tag}.` },
    });
    expect(retitled.status).toBe(202);
    expect(await ingested(admin, s.id)).toMatchObject({ status: 'ready', title: `Tide times ${tag}` });
    expect(await generation()).toBe(before + 1);
  });

  it('PUT of content another source holds is a 409 naming it, and changes nothing', async () => {
    const tag = randomUUID().slice(0, 8);
    const holder = await addText(`Quince jelly sets at 104 degrees ${tag}.`, `Jelly ${tag}`);
    const other = await addText(`Damson cheese ${tag} needs a long boil.`, `Damson ${tag}`);
    await ingested(admin, other.id);
    const res = await api('PUT', `/api/knowledge/sources/${other.id}`, {
      key: admin,
      json: { text: `Quince jelly sets at 104 degrees ${tag}.` },
    });
    expect(res.status).toBe(409);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(await bodyOf(res)).toMatchObject({
      detail: `The same content is already stored as the source “Jelly ${tag}”.`,
      duplicateOf: holder.id,
    });
    expect(await ingested(admin, other.id)).toMatchObject({ status: 'ready', title: `Damson ${tag}` });
    expect((await search(user, `damson cheese ${tag}`))[0]?.sourceId).toBe(other.id);
  });

  it('retry queues a failed source again with its content; anything else is a 409 or 404', async () => {
    const tag = randomUUID().slice(0, 8);
    const broken = await bodyOf<SourceView>(
      await upload(admin, [
        { name: `broken-${tag}.pdf`, bytes: `%PDF-1.7\n${tag} not really a pdf`, type: 'application/pdf' },
      ]),
    );
    const failed = await ingested(admin, broken.id);
    expect(failed.status).toBe('failed');
    expect((await api('POST', `/api/knowledge/sources/${broken.id}/retry`, { key: user })).status).toBe(403);

    const retried = await api('POST', `/api/knowledge/sources/${broken.id}/retry`, { key: admin });
    expect(retried.status).toBe(202);
    expect(retried.headers.get('location')).toBe(`/api/knowledge/sources/${broken.id}`);
    expect(await bodyOf<SourceView>(retried)).toMatchObject({
      id: broken.id,
      status: 'pending',
      error: null,
      progress: 0,
    });
    // Queued once: a second retry at once finds it pending.
    const again = await api('POST', `/api/knowledge/sources/${broken.id}/retry`, { key: admin });
    expect(again.status).toBe(409);
    expect((await bodyOf<{ detail: string }>(again)).detail).toBe(
      'Only a failed source can be retried; this one is pending.',
    );
    // The same bytes fail the same way, from a fresh count of attempts.
    expect(await ingested(admin, broken.id)).toMatchObject({ status: 'failed', error: failed.error });
    expect((await (await prisma()).source.findUniqueOrThrow({ where: { id: broken.id } })).attempts).toBe(1);

    const fine = await addText(`Retry is refused for ready sources ${tag}.`);
    await ingested(admin, fine.id);
    expect((await api('POST', `/api/knowledge/sources/${fine.id}/retry`, { key: admin })).status).toBe(409);
    expect((await api('POST', `/api/knowledge/sources/${randomUUID()}/retry`, { key: admin })).status).toBe(404);
    expect((await api('POST', '/api/knowledge/sources/nope/retry', { key: admin })).status).toBe(400);
    expect((await api('GET', `/api/knowledge/sources/${fine.id}/retry`, { key: admin })).status).toBe(405);
  });

  it('two retries at once queue a failed source once', async () => {
    const tag = randomUUID().slice(0, 8);
    const broken = await bodyOf<SourceView>(
      await upload(admin, [{ name: `twice-${tag}.pdf`, bytes: `%PDF-1.7\n${tag}`, type: 'application/pdf' }]),
    );
    expect((await ingested(admin, broken.id)).status).toBe('failed');
    const answers = await Promise.all(
      [0, 1, 2].map(() => api('POST', `/api/knowledge/sources/${broken.id}/retry`, { key: admin })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([202, 409, 409]);
  });

  it('retry of a failed source whose content was stored again since is a 409 naming the copy', async () => {
    const tag = randomUUID().slice(0, 8);
    const bytes = `%PDF-1.7\n${tag} still not a pdf`;
    const first = await bodyOf<SourceView>(
      await upload(admin, [{ name: `copy-${tag}.pdf`, bytes, type: 'application/pdf' }]),
    );
    expect((await ingested(admin, first.id)).status).toBe('failed');
    // A failed source does not count as stored: the same upload makes a new source.
    const second = await bodyOf<SourceView>(
      await upload(admin, [{ name: `copy-${tag}.pdf`, bytes, type: 'application/pdf' }]),
    );
    expect(second.id).not.toBe(first.id);
    const res = await api('POST', `/api/knowledge/sources/${first.id}/retry`, { key: admin });
    expect(res.status).toBe(409);
    expect(await bodyOf(res)).toMatchObject({
      detail: expect.stringContaining('already stored as the source'),
      duplicateOf: second.id,
    });
    await drainIngestQueue();
  });

  it('two workers draining one queue never take the same source: each ends ready with its chunks once', async () => {
    const tag = randomUUID().slice(0, 8);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await addText(Array.from({ length: 200 }, (_, j) => `Item ${j} of set ${i} ${tag}.`).join('\n\n'))).id);
    const [a, b] = await Promise.all([
      drainIngestQueue({ owner: `a-${tag}` }),
      drainIngestQueue({ owner: `b-${tag}` }),
    ]);
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
