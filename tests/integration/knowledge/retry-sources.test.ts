import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { api, bodyOf, newKey } from '../../support/http';
import { ingested, upload, type SourceView } from './helpers';

let admin: string;
beforeAll(async () => {
  admin = (await newKey('admin')).key;
});

type Retried = { data: SourceView[]; skipped: { id: string; title: string }[]; unknown: string[] };

/** A file the PDF parser refuses: it fails the same way every time it is ingested. */
async function failedPdf(name: string, bytes = `%PDF-1.7\n${name} is not really a pdf`): Promise<SourceView> {
  const source = await bodyOf<SourceView>(await upload(admin, [{ name, bytes, type: 'application/pdf' }]));
  expect((await ingested(admin, source.id)).status).toBe('failed');
  return source;
}

describe('POST /api/knowledge/sources/retry', () => {
  it('queues every failed source again, or only those listed, and leaves the rest alone', async () => {
    const tag = randomUUID().slice(0, 8);
    const [a, b, c] = [
      await failedPdf(`a-${tag}.pdf`),
      await failedPdf(`b-${tag}.pdf`),
      await failedPdf(`c-${tag}.pdf`),
    ];
    const ready = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', { key: admin, json: { text: `Ready ${tag}.` } }),
    );
    await ingested(admin, ready.id);

    const some = await api('POST', '/api/knowledge/sources/retry', { key: admin, json: { ids: [b.id, ready.id] } });
    expect(some.status).toBe(202);
    const picked = await bodyOf<Retried>(some);
    expect(picked.data.map((s) => [s.id, s.status])).toEqual([[b.id, 'pending']]);
    expect(picked.skipped).toEqual([]);
    expect(picked.unknown).toEqual([]);
    await drainIngestQueue();

    // No body: every failed source, oldest first.
    const all = await api('POST', '/api/knowledge/sources/retry', { key: admin });
    expect(all.status).toBe(202);
    const everything = await bodyOf<Retried>(all);
    expect(everything.data.map((s) => s.id)).toEqual([a.id, b.id, c.id]);
    expect(everything.unknown).toEqual([]);
    for (const s of [a, b, c]) expect((await ingested(admin, s.id)).status).toBe('failed');
    expect((await ingested(admin, ready.id)).status).toBe('ready');
  });

  it('queues one of several failed copies of the same content, and skips what another source now holds', async () => {
    const tag = randomUUID().slice(0, 8);
    const bytes = `%PDF-1.7\n${tag} twice`;
    const first = await failedPdf(`first-${tag}.pdf`, bytes);
    const second = await failedPdf(`second-${tag}.pdf`, bytes); // a failed source does not hold its content
    const held = await failedPdf(`held-${tag}.pdf`);
    const holder = await bodyOf<SourceView>(
      await upload(admin, [
        { name: `holder-${tag}.pdf`, bytes: `%PDF-1.7\nheld-${tag}.pdf is not really a pdf`, type: 'application/pdf' },
      ]),
    );
    expect(holder.id).not.toBe(held.id); // pending: it holds the content now

    const res = await bodyOf<Retried>(
      await api('POST', '/api/knowledge/sources/retry', { key: admin, json: { ids: [first.id, second.id, held.id] } }),
    );
    expect(res.data.map((s) => s.id)).toEqual([first.id]);
    expect(res.skipped).toEqual([
      { id: second.id, title: `second-${tag}.pdf` },
      { id: held.id, title: `held-${tag}.pdf` },
    ]);
    await drainIngestQueue();
  });

  it('answers 200 with nothing queued, and refuses bodies that could mean something else', async () => {
    await drainIngestQueue();
    const [gone, typo] = [randomUUID(), randomUUID()];
    const none = await api('POST', '/api/knowledge/sources/retry', { key: admin, json: { ids: [gone, typo, gone] } });
    expect(none.status).toBe(200);
    // Ids naming no source are said apart, once each, in the order sent.
    expect(await bodyOf<Retried>(none)).toEqual({ data: [], skipped: [], unknown: [gone, typo] });
    // A misspelt key must not turn into "retry everything".
    expect((await api('POST', '/api/knowledge/sources/retry', { key: admin, json: { id: randomUUID() } })).status).toBe(
      400,
    );
    expect((await api('POST', '/api/knowledge/sources/retry', { key: admin, json: { ids: [] } })).status).toBe(400);
    expect((await api('POST', '/api/knowledge/sources/retry', { key: admin, json: { ids: ['nope'] } })).status).toBe(
      400,
    );
    expect((await api('POST', '/api/knowledge/sources/retry', { key: admin, body: 'ids=1' })).status).toBe(415);
    const user = (await newKey('user')).key;
    expect((await api('POST', '/api/knowledge/sources/retry', { key: user })).status).toBe(403);
    expect((await api('GET', '/api/knowledge/sources/retry', { key: admin })).status).toBe(405);
  });
});
