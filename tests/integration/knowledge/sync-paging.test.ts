import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { prisma } from '@/lib/db';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { bodyOf, newKey } from '../../support/http';
import { newCollection } from '../collections/people';
import { sync, synced, syncOk, type SyncAnswer } from './sync-helpers';

/** Paged syncs (a failed middle page deletes nothing), web pages fetched again only when changed, one sync at a time. */

let admin: string;
let collectionId: string;
let site: Server;
let base = '';
const tag = randomUUID().slice(0, 8);
const fetches = new Map<string, number>();
const doc = (name: string) => `# ${name} ${tag}\n\n${`Notes on ${name} ${tag} for the whole team. `.repeat(5)}`;
const items = (names: string[]) => names.map((n) => ({ externalId: n, text: doc(n) }));

beforeAll(async () => {
  admin = (await newKey('admin')).key;
  collectionId = (await newCollection(admin, {})).id;
  site = createServer((req, res) => {
    const path = req.url ?? '/';
    fetches.set(path, (fetches.get(path) ?? 0) + 1);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html><head><title>Status ${tag}</title></head><body><article><h1>Status</h1><p>${`All systems ${tag} are running normally today. `.repeat(8)}</p></article></body></html>`,
    );
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  process.env.URL_ALLOWLIST = '127.0.0.1';
  resetConfigForTests();
});

afterEach(() => drainIngestQueue());
afterAll(async () => {
  delete process.env.URL_ALLOWLIST;
  resetConfigForTests();
  site.closeAllConnections();
  await new Promise((r) => site.close(r));
});

describe('paged sync', () => {
  it('deletes nothing while a middle page is missing (409 naming it), then deletes once it has arrived', async () => {
    const c = `pages-${tag}`;
    await syncOk(admin, c, { collectionId, sources: items(['old-1', 'old-2', 'keep']) });
    const run = { id: `run-${tag}` };
    expect(
      await syncOk(admin, c, { collectionId, run: { ...run, page: 1 }, sources: items(['keep', 'p1']) }),
    ).toMatchObject({
      created: 1,
      unchanged: 1,
      run: { id: run.id, pages: [1] },
    });
    // Page 2 failed on the way; the last page arrives.
    const early = await sync(admin, c, {
      collectionId,
      complete: true,
      run: { ...run, page: 3 },
      sources: items(['p3']),
    });
    expect(early.status).toBe(409);
    expect(early.headers.get('content-type')).toMatch(/problem\+json/);
    const problem = await bodyOf<{ detail: string; missingPages: number[] }>(early);
    expect(problem.missingPages).toEqual([2]);
    expect(problem.detail).toMatch(/send them again, then this page again/);
    expect([...(await synced(admin, c)).keys()].sort()).toEqual(['keep', 'old-1', 'old-2', 'p1']);

    // A page that fails validation stores nothing either, and still counts as missing.
    expect(
      (await sync(admin, c, { collectionId, run: { ...run, page: 2 }, sources: [{ externalId: 'p2' }] })).status,
    ).toBe(400);
    expect(
      (await sync(admin, c, { collectionId, complete: true, run: { ...run, page: 3 }, sources: items(['p3']) })).status,
    ).toBe(409);

    expect(await syncOk(admin, c, { collectionId, run: { ...run, page: 2 }, sources: items(['p2']) })).toMatchObject({
      created: 1,
      run: { pages: [1, 2] },
    });
    const last = await syncOk(admin, c, {
      collectionId,
      complete: true,
      run: { ...run, page: 3 },
      sources: items(['p3']),
    });
    expect(last).toMatchObject({ created: 1, deleted: 2, run: { pages: [1, 2, 3] } });
    expect([...(await synced(admin, c)).keys()].sort()).toEqual(['keep', 'p1', 'p2', 'p3']);

    // Sending the last page again changes nothing.
    const again = await syncOk(admin, c, {
      collectionId,
      complete: true,
      run: { ...run, page: 3 },
      sources: items(['p3']),
    });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 1, deleted: 0 });

    // The next run names fewer: what it leaves out goes.
    const next = { id: `next-${tag}` };
    await syncOk(admin, c, { collectionId, run: { ...next, page: 1 }, sources: items(['keep']) });
    expect(
      await syncOk(admin, c, { collectionId, complete: true, run: { ...next, page: 2 }, sources: items(['p2']) }),
    ).toMatchObject({ deleted: 2 });
    expect([...(await synced(admin, c)).keys()].sort()).toEqual(['keep', 'p2']);
  });

  it('refuses a complete run with no sources on any page (422) unless allowed', async () => {
    const c = `empty-run-${tag}`;
    await syncOk(admin, c, { collectionId, sources: items(['only']) });
    const run = { id: `empty-${tag}` };
    await syncOk(admin, c, { collectionId, run: { ...run, page: 1 }, sources: [] });
    expect((await sync(admin, c, { collectionId, complete: true, run: { ...run, page: 2 }, sources: [] })).status).toBe(
      422,
    );
    expect((await synced(admin, c)).size).toBe(1);
    const allowed = { collectionId, complete: true, run: { ...run, page: 2 }, sources: [] };
    expect(await syncOk(admin, c, allowed, '?allowEmpty=true')).toMatchObject({ deleted: 1 });
  });
});

describe('synced web pages', () => {
  it('are fetched by the ingest worker, and fetched again only when updatedAt changes', async () => {
    const c = `pages-url-${tag}`;
    const url = `${base}/status?${tag}`;
    const page = (updatedAt?: string) => ({
      collectionId,
      sources: [{ externalId: 'status', url, ...(updatedAt ? { updatedAt } : {}) }],
    });
    const path = `/status?${tag}`;
    expect(await syncOk(admin, c, page('2026-12-01T08:00:00Z'))).toMatchObject({ created: 1 });
    await drainIngestQueue();
    const first = (await synced(admin, c)).get('status')!;
    expect(first).toMatchObject({ status: 'ready', generation: 1, title: `Status ${tag}` });
    expect(fetches.get(path)).toBe(1);

    // The same date, the same date written otherwise, or none: no fetch.
    expect(await syncOk(admin, c, page('2026-12-01T08:00:00Z'))).toMatchObject({ unchanged: 1 });
    expect(await syncOk(admin, c, page('2026-12-01T09:00:00+01:00'))).toMatchObject({ unchanged: 1 });
    expect(await syncOk(admin, c, page())).toMatchObject({ unchanged: 1 });
    await drainIngestQueue();
    expect(fetches.get(path)).toBe(1);

    expect(await syncOk(admin, c, page('2026-12-02T08:00:00Z'))).toMatchObject({ updated: 1 });
    await drainIngestQueue();
    expect(fetches.get(path)).toBe(2);
    expect((await synced(admin, c)).get('status')).toMatchObject({ id: first.id, status: 'ready' });
    expect((await synced(admin, c)).get('status')!.generation).toBeGreaterThan(1);
  });
});

describe.runIf(!process.env.DATABASE_URL!.startsWith('pglite:'))('concurrent syncs of one connector', () => {
  it('run one after the other: each source is created once, and each later sync updates it', async () => {
    const c = `race-${tag}`;
    // Three versions of the same 200 documents: no content lock makes them wait for each other.
    const version = (v: number) => ({
      collectionId,
      complete: true,
      sources: Array.from({ length: 200 }, (_, i) => ({ externalId: `r${i}`, text: doc(`r${i} version ${v}`) })),
    });
    const answers = await Promise.all([1, 2, 3].map((v) => sync(admin, c, version(v))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const counts = await Promise.all(answers.map((r) => bodyOf<SyncAnswer>(r)));
    expect(counts.map((a) => a.created).sort()).toEqual([0, 0, 200]);
    expect(counts.map((a) => a.updated).sort()).toEqual([0, 200, 200]);
    expect(counts.every((a) => a.failed === 0 && a.deleted === 0)).toBe(true);
    const db = await prisma();
    expect(await db.source.count({ where: { connector: c } })).toBe(200);
  });
});
