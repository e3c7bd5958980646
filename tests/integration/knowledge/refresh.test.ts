import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { drainCrawls } from '@/lib/knowledge/crawl';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { drainRefreshes, runRefreshStep } from '@/lib/knowledge/refresh';
import { page, startCrawlSite, type CrawlSite } from '../../support/crawl-site';
import { api, bodyOf, newKey } from '../../support/http';
import { withSettings } from '../../support/with-settings';
import { search, type SourceView } from './helpers';

/**
 * Refreshes of web pages and crawls (issue 77, "Keep sources in sync") against the local test
 * website, whose pages answer with ETag / Last-Modified and 304, and can change or disappear.
 */

type PageView = SourceView & {
  crawlId?: string;
  refresh?: string | null;
  checkedAt?: string | null;
  changedAt?: string | null;
  nextRefreshAt?: string | null;
};
interface Counts {
  requests: number;
  unchanged: number;
  added: number;
  changed: number;
  removed: number;
  failed: number;
}
interface RefreshView {
  id: string;
  sourceId: string | null;
  crawlId: string | null;
  trigger: string;
  state: string;
  counts: Counts;
  pages?: { url: string; outcome: string; sourceId: string | null; error: string | null }[];
}

let admin: string;
let site: CrawlSite;
const tag = randomUUID().slice(0, 8);
const settings = { URL_ALLOWLIST: '127.0.0.1', CRAWL_DELAY_MS: 0 };
const HOUR = 3600_000;

beforeAll(async () => {
  admin = (await newKey('admin')).key;
  site = await startCrawlSite(tag);
});
afterAll(() => site.close());

const readSource = async (id: string) =>
  bodyOf<PageView>(await api('GET', `/api/knowledge/sources/${id}`, { key: admin }));
const chunkIds = async (sourceIds: string[]) => {
  const db = await prisma();
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM chunks WHERE source_id = ANY(${sourceIds}::uuid[]) ORDER BY id`;
  return rows.map((r) => r.id);
};
const refreshesOf = async (path: string) =>
  (await bodyOf<{ data: RefreshView[] }>(await api('GET', `${path}/refreshes`, { key: admin }))).data;
const readRefresh = async (id: string) =>
  bodyOf<RefreshView>(await api('GET', `/api/knowledge/refreshes/${id}`, { key: admin }));
const requestsTo = (path: string) => site.log.filter((r) => r.url === path);
const near = (iso: string | null | undefined, at: number) => Math.abs(new Date(iso ?? 0).getTime() - at) < 60_000;

/** A standalone web page on the test site, ingested, with a schedule. */
async function addPage(name: string, words: string): Promise<{ path: string; source: PageView }> {
  const path = `/solo/${name}`;
  site.set(path, { html: page({ title: words, tag, links: [] }) });
  const res = await api('POST', '/api/knowledge/sources', {
    key: admin,
    json: { url: `${site.origin}${path}`, refresh: 'daily' },
  });
  expect(res.status).toBe(202);
  const created = await bodyOf<PageView>(res);
  expect(created).toMatchObject({ refresh: 'daily', checkedAt: null });
  expect(near(created.nextRefreshAt, Date.now() + 24 * HOUR)).toBe(true);
  await drainIngestQueue();
  return { path, source: await readSource(created.id) };
}

/** Asks for a page's refresh now and runs it (and the ingestion it queues). */
async function refreshNow(id: string): Promise<RefreshView> {
  const res = await api('POST', `/api/knowledge/sources/${id}/refresh`, { key: admin });
  expect(res.status).toBe(202);
  expect(new Date((await bodyOf<PageView>(res)).nextRefreshAt!).getTime()).toBeLessThanOrEqual(Date.now());
  expect(await drainRefreshes('refresh-worker')).toBe(1);
  await drainIngestQueue();
  return (await refreshesOf(`/api/knowledge/sources/${id}`))[0]!;
}

describe('refreshing a web page', () => {
  it('costs one conditional request and no re-embedding when it has not changed', async () => {
    await withSettings(settings, async () => {
      const { path, source } = await addPage('same', 'Unchanging walrus');
      expect(source).toMatchObject({ status: 'ready', generation: 1 });
      expect(source.checkedAt).not.toBeNull();
      expect(source.changedAt).not.toBeNull();
      const chunks = await chunkIds([source.id]);
      site.log.length = 0;
      const refresh = await refreshNow(source.id);
      expect(requestsTo(path)).toEqual([
        expect.objectContaining({ ifNoneMatch: expect.any(String), ifModifiedSince: expect.any(String), status: 304 }),
      ]);
      expect(refresh).toMatchObject({ trigger: 'manual', state: 'done', sourceId: source.id, crawlId: null });
      expect(refresh.counts).toEqual({ requests: 1, unchanged: 1, added: 0, changed: 0, removed: 0, failed: 0 });
      const after = await readSource(source.id);
      expect(after).toMatchObject({ status: 'ready', generation: 1, changedAt: source.changedAt });
      expect(after.checkedAt! > source.checkedAt!).toBe(true);
      expect(near(after.nextRefreshAt, Date.now() + 24 * HOUR)).toBe(true);
      expect(await chunkIds([source.id])).toEqual(chunks);

      // A server that ignores conditional requests but serves the same bytes: unchanged all the same.
      site.set(path, { html: page({ title: 'Unchanging walrus', tag, links: [] }), conditional: false });
      site.log.length = 0;
      const again = await refreshNow(source.id);
      expect(requestsTo(path).map((r) => r.status)).toEqual([200]);
      expect(again.counts).toMatchObject({ requests: 1, unchanged: 1, changed: 0 });
      expect(await readSource(source.id)).toMatchObject({ generation: 1, changedAt: source.changedAt });
      expect(await chunkIds([source.id])).toEqual(chunks);
    });
  });

  it('replaces a changed page with the bytes fetched, without fetching it again', async () => {
    await withSettings(settings, async () => {
      const { path, source } = await addPage('changes', 'Original narwhal');
      site.set(path, { html: page({ title: 'Rewritten pelican', tag, links: [] }) });
      site.log.length = 0;
      const refresh = await refreshNow(source.id);
      expect(requestsTo(path)).toHaveLength(1); // the refresh's; the ingest worker read the bytes it fetched
      expect(refresh.counts).toMatchObject({ requests: 1, changed: 1, unchanged: 0 });
      expect((await readRefresh(refresh.id)).pages).toEqual([
        { url: `${site.origin}${path}`, outcome: 'changed', sourceId: source.id, error: null },
      ]);
      const after = await readSource(source.id);
      expect(after.status).toBe('ready');
      expect(after.generation).toBeGreaterThan(source.generation);
      expect(after.changedAt! > source.changedAt!).toBe(true);
      expect((await search(admin, `Rewritten pelican ${tag}`))[0]?.sourceId).toBe(source.id);
      const old = await search(admin, `Original narwhal ${tag}`);
      expect(old.some((h) => h.sourceId === source.id && h.text.includes('narwhal'))).toBe(false);
    });
  });

  it('marks a page answering 404 gone, removes it when the next refresh says so too, and keeps it on a 500', async () => {
    await withSettings(settings, async () => {
      const { path, source } = await addPage('vanishes', 'Fleeting albatross');
      site.set(path, { status: 404 });
      const gone = await refreshNow(source.id);
      expect(gone.counts).toMatchObject({ requests: 1, failed: 1, removed: 0 });
      expect((await readRefresh(gone.id)).pages).toEqual([
        expect.objectContaining({ outcome: 'gone', sourceId: source.id }),
      ]);
      expect(await readSource(source.id)).toMatchObject({ status: 'ready', generation: 1 });
      expect((await search(admin, `Fleeting albatross ${tag}`))[0]?.sourceId).toBe(source.id);
      await api('POST', `/api/knowledge/sources/${source.id}/refresh`, { key: admin });
      expect(await drainRefreshes('refresh-worker')).toBe(1);
      expect((await api('GET', `/api/knowledge/sources/${source.id}`, { key: admin })).status).toBe(404);

      const kept = await addPage('breaks', 'Sturdy tortoise');
      site.set(kept.path, { status: 500 });
      const failed = await refreshNow(kept.source.id);
      expect(failed).toMatchObject({ state: 'done', counts: expect.objectContaining({ failed: 1, requests: 1 }) });
      expect((await readRefresh(failed.id)).pages).toEqual([
        expect.objectContaining({ outcome: 'failed', error: expect.stringContaining('500') }),
      ]);
      expect(await readSource(kept.source.id)).toMatchObject({ status: 'ready', generation: 1 });
      // Once it answers again, it is as it was: unchanged.
      site.set(kept.path, { html: page({ title: 'Sturdy tortoise', tag, links: [] }) });
      expect((await refreshNow(kept.source.id)).counts).toMatchObject({ unchanged: 1 });
    });
  });

  it('is claimed by one worker of two racing, and taken up again when its worker’s lease lapses', async () => {
    await withSettings(settings, async () => {
      const { path, source } = await addPage('raced', 'Contested heron');
      await api('POST', `/api/knowledge/sources/${source.id}/refresh`, { key: admin });
      site.log.length = 0;
      const handled = await Promise.all([runRefreshStep('racer-1'), runRefreshStep('racer-2')]);
      expect(handled.sort()).toEqual([0, 1]);
      expect(requestsTo(path)).toHaveLength(1);
      expect(await refreshesOf(`/api/knowledge/sources/${source.id}`)).toHaveLength(1);

      // A worker claimed it and died: no one else takes it while its lease holds, anyone once it lapses.
      await api('POST', `/api/knowledge/sources/${source.id}/refresh`, { key: admin });
      const db = await prisma();
      await db.$executeRaw`
        UPDATE sources SET refresh_lease_owner = 'dead-worker', refresh_lease_expires_at = now() + interval '1 hour'
        WHERE id = ${source.id}::uuid`;
      expect(await runRefreshStep('live-worker')).toBe(0);
      await db.$executeRaw`
        UPDATE sources SET refresh_lease_expires_at = now() - interval '1 second' WHERE id = ${source.id}::uuid`;
      expect(await runRefreshStep('live-worker')).toBe(1);
      const log = await refreshesOf(`/api/knowledge/sources/${source.id}`);
      expect(log.map((r) => [r.trigger, r.state])).toEqual([
        ['manual', 'done'],
        ['manual', 'done'],
      ]);
    });
  });

  it('runs a scheduled refresh when due', async () => {
    await withSettings(settings, async () => {
      const { source } = await addPage('scheduled', 'Punctual puffin');
      expect(await runRefreshStep('refresh-worker')).toBe(0); // due tomorrow
      const db = await prisma();
      await db.$executeRaw`UPDATE sources SET next_refresh_at = now() - interval '1 second' WHERE id = ${source.id}::uuid`;
      expect(await drainRefreshes('refresh-worker')).toBe(1);
      expect((await refreshesOf(`/api/knowledge/sources/${source.id}`))[0]).toMatchObject({
        trigger: 'schedule',
        state: 'done',
      });
    });
  });
});

interface CrawlView {
  id: string;
  state: string;
  pages: number;
  refresh: string | null;
  checkedAt: string | null;
  changedAt: string | null;
  nextRefreshAt: string | null;
  lastRefresh: RefreshView | null;
  collectionId: string;
}

const readCrawl = async (id: string) =>
  bodyOf<CrawlView>(await api('GET', `/api/knowledge/crawls/${id}`, { key: admin }));
const pagesOf = async (id: string) =>
  (
    await bodyOf<{ data: PageView[] }>(
      await api('GET', `/api/knowledge/sources?crawlId=${id}&limit=100`, { key: admin }),
    )
  ).data;
const crawlAll = () => drainCrawls({ owner: 'crawl-worker', ingest: () => drainIngestQueue() });
const pathOf = (p: { uri?: string }) => new URL(p.uri!).pathname;

describe('refreshing a crawl', () => {
  it('changes exactly what changed on the site: a changed page, a new one, one gone then removed', async () => {
    await withSettings(settings, async () => {
      const res = await api('POST', '/api/knowledge/sources', {
        key: admin,
        json: { crawl: { url: `${site.origin}/docs/` }, refresh: 'weekly' },
      });
      expect(res.status).toBe(202);
      const created = await bodyOf<CrawlView>(res);
      expect(created).toMatchObject({ refresh: 'weekly', checkedAt: null, nextRefreshAt: null, lastRefresh: null });
      await crawlAll();
      const crawled = await readCrawl(created.id);
      expect(crawled).toMatchObject({ state: 'done', pages: 7 });
      expect(crawled.changedAt).not.toBeNull();
      expect(near(crawled.nextRefreshAt, Date.now() + 7 * 24 * HOUR)).toBe(true);
      const pages = await pagesOf(created.id);
      expect(pages.every((p) => p.refresh === null && p.checkedAt !== null)).toBe(true);
      const byPath = new Map(pages.map((p) => [pathOf(p), p]));
      const untouched = ['/docs/', '/docs/a', '/docs/c', '/docs/from-sitemap', '/docs/notes.md'];
      const chunksBefore = await chunkIds(untouched.map((p) => byPath.get(p)!.id));

      site.set('/docs/b', { html: page({ title: 'Beta', tag: `${tag} revised`, links: ['/docs/a#top', 'new'] }) });
      site.set('/docs/new', { html: page({ title: 'Newcomer', tag, links: [] }) });
      site.set('/docs/a/deep', { status: 404 });
      const refreshed = await api('POST', `/api/knowledge/crawls/${created.id}/refresh`, { key: admin });
      expect(refreshed.status).toBe(202);
      expect(await bodyOf<CrawlView>(refreshed)).toMatchObject({ state: 'pending', nextRefreshAt: null });
      const busy = await api('POST', `/api/knowledge/crawls/${created.id}/refresh`, { key: admin });
      expect(busy.status).toBe(409);
      expect(busy.headers.get('content-type')).toContain('application/problem+json');
      site.log.length = 0;
      await crawlAll();

      const crawl = await readCrawl(created.id);
      expect(crawl).toMatchObject({ state: 'done', pages: 8 });
      expect(crawl.lastRefresh).toMatchObject({ trigger: 'manual', state: 'done', crawlId: created.id });
      expect(crawl.lastRefresh!.counts).toMatchObject({ unchanged: 5, changed: 1, added: 1, removed: 0, failed: 1 });
      const log = await readRefresh(crawl.lastRefresh!.id);
      expect(log.pages!.map((p) => [new URL(p.url).pathname, p.outcome]).sort()).toEqual([
        ['/docs/a/deep', 'gone'],
        ['/docs/b', 'changed'],
        ['/docs/new', 'added'],
      ]);
      // Each page it had cost one request: a 304 for those asked conditionally, the same bytes for the others.
      for (const path of untouched) expect(requestsTo(path)).toHaveLength(1);
      for (const path of ['/docs/', '/docs/a', '/docs/from-sitemap'])
        expect(requestsTo(path)[0]).toMatchObject({ ifNoneMatch: expect.any(String), status: 304 });
      expect(await chunkIds(untouched.map((p) => byPath.get(p)!.id))).toEqual(chunksBefore);
      expect((await readSource(byPath.get('/docs/a')!.id)).generation).toBe(byPath.get('/docs/a')!.generation);
      expect((await readSource(byPath.get('/docs/b')!.id)).generation).toBeGreaterThan(byPath.get('/docs/b')!.generation);
      expect((await search(admin, `Newcomer ${tag} sentence`))[0]?.sourceId).toBe(
        (await pagesOf(created.id)).find((p) => pathOf(p) === '/docs/new')?.id,
      );
      expect((await search(admin, `Beta ${tag} revised sentence`))[0]?.sourceId).toBe(byPath.get('/docs/b')!.id);
      expect(site.canaryConnections()).toBe(0);

      // The next, scheduled, refresh finds the page gone again: removed; its log outlives it.
      const db = await prisma();
      await db.$executeRaw`UPDATE crawls SET next_refresh_at = now() - interval '1 second' WHERE id = ${created.id}::uuid`;
      expect(await runRefreshStep('refresh-worker')).toBe(1);
      await crawlAll();
      const second = (await refreshesOf(`/api/knowledge/crawls/${created.id}`))[0]!;
      expect(second).toMatchObject({ trigger: 'schedule', state: 'done' });
      expect(second.counts).toMatchObject({ unchanged: 7, changed: 0, added: 0, removed: 1, failed: 0 });
      expect((await readRefresh(second.id)).pages).toEqual([
        expect.objectContaining({ outcome: 'removed', sourceId: byPath.get('/docs/a/deep')!.id }),
      ]);
      expect((await pagesOf(created.id)).map(pathOf)).not.toContain('/docs/a/deep');
      expect((await api('GET', `/api/knowledge/sources/${byPath.get('/docs/a/deep')!.id}`, { key: admin })).status).toBe(
        404,
      );
      expect(await refreshesOf(`/api/knowledge/crawls/${created.id}`)).toHaveLength(2);
      expect((await api('DELETE', `/api/knowledge/crawls/${created.id}`, { key: admin })).status).toBe(204);
      for (const path of ['/docs/b', '/docs/new', '/docs/a/deep']) site.set(path);
    });
  });
});

describe('the refresh API', () => {
  it('sets schedules, refuses what cannot be refreshed, and hides what the caller cannot read', async () => {
    await withSettings(settings, async () => {
      const { source } = await addPage('api', 'Administered otter');
      const patch = (path: string, json: unknown, key = admin) => api('PATCH', path, { key, json });
      const hourly = await patch(`/api/knowledge/sources/${source.id}`, { refresh: 'hourly' });
      expect(hourly.status).toBe(200);
      const body = await bodyOf<PageView>(hourly);
      expect(body.refresh).toBe('hourly');
      expect(near(body.nextRefreshAt, Date.now() + HOUR)).toBe(true);
      const off = await bodyOf<PageView>(await patch(`/api/knowledge/sources/${source.id}`, { refresh: null }));
      expect(off).toMatchObject({ refresh: null, nextRefreshAt: null });
      const bad = await patch(`/api/knowledge/sources/${source.id}`, { refresh: 'yearly' });
      expect(bad.status).toBe(400);
      expect(bad.headers.get('content-type')).toContain('application/problem+json');

      const text = await bodyOf<PageView>(
        await api('POST', '/api/knowledge/sources', { key: admin, json: { text: `Plain words ${tag}` } }),
      );
      expect(text).not.toHaveProperty('refresh');
      for (const res of [
        await patch(`/api/knowledge/sources/${text.id}`, { refresh: 'daily' }),
        await api('POST', `/api/knowledge/sources/${text.id}/refresh`, { key: admin }),
        await api('POST', '/api/knowledge/sources', { key: admin, json: { text: 'More words', refresh: 'daily' } }),
      ]) {
        expect(res.status).toBe(422);
        expect(res.headers.get('content-type')).toContain('application/problem+json');
      }

      // A crawl in a collection a user key cannot read: its crawl, pages and refreshes are not there to it.
      const db = await prisma();
      const hidden = (await db.collection.create({ data: { name: `hidden refresh ${tag}`, visibility: 'groups' } }))
        .id;
      const crawlRes = await api('POST', '/api/knowledge/sources', {
        key: admin,
        json: { crawl: { url: `${site.origin}/docs/`, maxPages: 2 }, collectionId: hidden },
      });
      const crawl = await bodyOf<CrawlView>(crawlRes);
      await crawlAll();
      const [crawlPage] = await pagesOf(crawl.id);
      const pageOfCrawl = await patch(`/api/knowledge/sources/${crawlPage!.id}`, { refresh: 'daily' });
      expect(pageOfCrawl.status).toBe(422);
      expect((await bodyOf<{ detail: string }>(pageOfCrawl)).detail).toMatch(/crawl’s pages are refreshed with their crawl/);
      const set = await bodyOf<CrawlView>(await patch(`/api/knowledge/crawls/${crawl.id}`, { refresh: 'daily' }));
      expect(set.refresh).toBe('daily');
      expect(near(set.nextRefreshAt, Date.now() + 24 * HOUR)).toBe(true);
      expect((await api('POST', `/api/knowledge/crawls/${crawl.id}/refresh`, { key: admin })).status).toBe(202);
      await crawlAll();
      const [log] = await refreshesOf(`/api/knowledge/crawls/${crawl.id}`);
      expect(log).toMatchObject({ trigger: 'manual', state: 'done' });
      expect(log).not.toHaveProperty('pages');

      const member = (await newKey('user')).key;
      for (const [method, path] of [
        ['POST', `/api/knowledge/sources/${crawlPage!.id}/refresh`],
        ['GET', `/api/knowledge/sources/${crawlPage!.id}/refreshes`],
        ['POST', `/api/knowledge/crawls/${crawl.id}/refresh`],
        ['GET', `/api/knowledge/crawls/${crawl.id}/refreshes`],
        ['PATCH', `/api/knowledge/crawls/${crawl.id}`],
        ['GET', `/api/knowledge/refreshes/${log!.id}`],
      ] as const) {
        const res = await api(method, path, { key: member, ...(method === 'PATCH' ? { json: { refresh: null } } : {}) });
        // (a member edits no collection at all: writes are refused before anything is looked up)
        expect([method, path, res.status]).toEqual([method, path, method === 'GET' ? 404 : 403]);
      }
      expect((await api('GET', `/api/knowledge/refreshes/${randomUUID()}`, { key: admin })).status).toBe(404);
      expect((await api('POST', `/api/knowledge/sources/${randomUUID()}/refresh`, { key: admin })).status).toBe(404);
      expect((await api('DELETE', `/api/knowledge/crawls/${crawl.id}`, { key: admin })).status).toBe(204);
    });
  });
});
