import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { createCrawl, drainCrawls, runCrawlStep } from '@/lib/knowledge/crawl';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { startCrawlSite, type CrawlSite } from '../../support/crawl-site';
import { api, bodyOf, newKey } from '../../support/http';
import { withSettings } from '../../support/with-settings';
import { search, type SourceView } from './helpers';

/**
 * Crawls of a local website (tests/support/crawl-site.ts): robots rules for our user agent, a
 * sitemap index, nested pages, a loop of links, redirects in and out of scope and to a refused
 * address, a page under two URLs, navigation links, a page outside the prefix and non-HTML links.
 */

interface CrawlView {
  id: string;
  state: string;
  error: string | null;
  found: number;
  queued: number;
  fetched: number;
  skipped: number;
  failed: number;
  pages: number;
  ingested: number;
}

let admin: string;
let site: CrawlSite;
const tag = randomUUID().slice(0, 8);
const settings = { URL_ALLOWLIST: '127.0.0.1', CRAWL_DELAY_MS: 0 };

beforeAll(async () => {
  admin = (await newKey('admin')).key;
  site = await startCrawlSite(tag);
});
afterAll(() => site.close());

const startCrawl = async (crawl: Record<string, unknown>) => {
  const res = await api('POST', '/api/knowledge/sources', { key: admin, json: { crawl, title: `Docs ${tag}` } });
  expect(res.status).toBe(202);
  const body = await bodyOf<CrawlView>(res);
  expect(res.headers.get('location')).toBe(`/api/knowledge/crawls/${body.id}`);
  return body;
};
const readCrawl = async (id: string) =>
  bodyOf<CrawlView>(await api('GET', `/api/knowledge/crawls/${id}`, { key: admin }));
const pagesOf = async (id: string) =>
  (
    await bodyOf<{ data: (SourceView & { crawlId?: string })[] }>(
      await api('GET', `/api/knowledge/sources?crawlId=${id}&limit=100`, { key: admin }),
    )
  ).data;
const crawlAll = (owner: string) => drainCrawls({ owner, ingest: () => drainIngestQueue() });

/** The pages the crawl of /docs/ must store, and nothing else. */
const PAGES = ['/docs/', '/docs/a', '/docs/a/deep', '/docs/b', '/docs/c', '/docs/from-sitemap', '/docs/notes.md'];
/** Every path it may request (robots.txt and sitemaps, pages, redirects, a duplicate and a 404). */
const REQUESTED = [
  '/robots.txt',
  '/sitemap-index.xml',
  '/sitemaps/pages.xml',
  ...PAGES.filter((p) => p !== '/docs/c'),
  '/docs/c',
  '/docs/moved',
  '/docs/away',
  '/docs/to-internal',
  '/docs/copy',
  '/docs/gone',
];

describe('crawling a website', () => {
  it('finds exactly the pages in scope, never leaves it, and deleting the crawl deletes its pages', async () => {
    await withSettings(settings, async () => {
      const created = await startCrawl({ url: `${site.origin}/docs/` });
      expect(created).toMatchObject({ state: 'pending', found: 0, pages: 0 });
      site.requests.length = 0;
      await crawlAll('worker-1');
      const crawl = await readCrawl(created.id);
      expect(crawl).toMatchObject({ state: 'done', found: 12, queued: 0, fetched: 7, skipped: 4, failed: 1 });
      expect(crawl).toMatchObject({ pages: 7, ingested: 7 });
      const pages = await pagesOf(created.id);
      expect(pages.map((p) => new URL(p.uri!).pathname).sort()).toEqual([...PAGES].sort());
      expect(pages.every((p) => p.kind === 'url' && p.crawlId === created.id && p.status === 'ready')).toBe(true);
      // Titles are the pages' own; the Markdown link was ingested as Markdown.
      expect(pages.find((p) => p.uri!.endsWith('/docs/a'))?.title).toBe(`Alpha ${tag}`);
      expect(pages.find((p) => p.uri!.endsWith('/docs/notes.md'))?.mediaType).toBe('text/markdown');
      // No request left the scope, reached the refused address, or was made twice for a page.
      expect([...new Set(site.requests)].sort()).toEqual([...REQUESTED].sort());
      expect(site.requests.filter((r) => r !== '/robots.txt')).toHaveLength(REQUESTED.length - 1);
      // robots.txt is read once: the crawl's later steps use that reading.
      expect(site.requests.filter((r) => r === '/robots.txt')).toHaveLength(1);
      expect(site.canaryConnections()).toBe(0);
      const hit = (await search(admin, `Gamma ${tag} sentence`))[0];
      expect(hit?.sourceId).toBe(pages.find((p) => p.uri!.endsWith('/docs/c'))?.id);

      // A page alone, then the crawl with the rest.
      const deep = pages.find((p) => p.uri!.endsWith('/docs/a/deep'))!;
      expect((await api('DELETE', `/api/knowledge/sources/${deep.id}`, { key: admin })).status).toBe(204);
      expect(await pagesOf(created.id)).toHaveLength(6);
      expect((await api('DELETE', `/api/knowledge/crawls/${created.id}`, { key: admin })).status).toBe(204);
      expect(await pagesOf(created.id)).toHaveLength(0);
      expect((await api('GET', `/api/knowledge/sources/${pages[0]!.id}`, { key: admin })).status).toBe(404);
      expect((await api('GET', `/api/knowledge/crawls/${created.id}`, { key: admin })).status).toBe(404);
      const db = await prisma();
      const left = await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM chunks WHERE source_id = ANY(${pages.map((p) => p.id)}::uuid[])`;
      expect(left[0]!.n).toBe(0);
    });
  });

  it('is crawled by one worker at a time, and an interrupted crawl resumes without fetching its pages again', async () => {
    await withSettings(settings, async () => {
      const created = await startCrawl({ url: `${site.origin}/docs/` });
      site.requests.length = 0;
      expect(await runCrawlStep('worker-1')).toBeGreaterThan(0);
      const db = await prisma();
      // worker-1 is killed mid-step: its lease is still held, so no one else may take the crawl...
      await db.$executeRaw`
        UPDATE crawls SET lease_owner = 'worker-1', lease_expires_at = now() + interval '1 hour' WHERE id = ${created.id}::uuid`;
      expect(await runCrawlStep('worker-2')).toBe(0);
      const before = await readCrawl(created.id);
      expect(before).toMatchObject({ state: 'running' });
      expect(before.queued).toBeGreaterThan(0);
      // ...until it lapses: then worker-2 goes on from where it stopped.
      await db.$executeRaw`UPDATE crawls SET lease_expires_at = now() - interval '1 second' WHERE id = ${created.id}::uuid`;
      await crawlAll('worker-2');
      expect(await readCrawl(created.id)).toMatchObject({
        state: 'done',
        found: 12,
        fetched: 7,
        pages: 7,
        ingested: 7,
      });
      const pageRequests = site.requests.filter((r) => r.startsWith('/docs/'));
      expect(pageRequests).toHaveLength(new Set(pageRequests).size);
      expect((await api('DELETE', `/api/knowledge/crawls/${created.id}`, { key: admin })).status).toBe(204);
    });
  });

  it('keeps to include, exclude, maxDepth and maxPages, and lists crawls', async () => {
    await withSettings(settings, async () => {
      const shallow = await startCrawl({
        url: `${site.origin}/docs/`,
        maxDepth: 1,
        exclude: ['**/copy', '/docs/gone'],
      });
      await crawlAll('worker-1');
      const pages = (await pagesOf(shallow.id)).map((p) => new URL(p.uri!).pathname).sort();
      // No /docs/a/deep (two links away); no /docs/copy or /docs/gone (excluded).
      expect(pages).toEqual(PAGES.filter((p) => p !== '/docs/a/deep').sort());
      expect(await readCrawl(shallow.id)).toMatchObject({ found: 9, failed: 0 });
      await api('DELETE', `/api/knowledge/crawls/${shallow.id}`, { key: admin });

      const few = await startCrawl({ url: `${site.origin}/docs/`, maxPages: 3, include: ['/docs/*'] });
      await crawlAll('worker-1');
      const crawl = await readCrawl(few.id);
      expect(crawl.pages).toBeLessThanOrEqual(3);
      expect(crawl.fetched + crawl.queued).toBeLessThanOrEqual(3);
      const list = await bodyOf<{ data: CrawlView[] }>(await api('GET', '/api/knowledge/crawls', { key: admin }));
      expect(list.data.map((c) => c.id)).toContain(few.id);
      expect(list.data.map((c) => c.id)).not.toContain(shallow.id);
    });
  });

  it('fails a page over URL_MAX_BYTES or URL_TIMEOUT_MS and goes on with the others', async () => {
    await withSettings({ ...settings, URL_MAX_BYTES: 100_000, URL_TIMEOUT_MS: 1000 }, async () => {
      const created = await startCrawl({ url: `${site.origin}/big/` });
      await crawlAll('worker-1');
      expect(await readCrawl(created.id)).toMatchObject({ state: 'done', found: 4, fetched: 2, failed: 2, pages: 2 });
      expect((await api('DELETE', `/api/knowledge/crawls/${created.id}`, { key: admin })).status).toBe(204);
    });
  });

  it('waits out a politeness delay over a second without holding a worker, and any worker waits as long', async () => {
    await withSettings({ ...settings, CRAWL_DELAY_MS: 1500 }, async () => {
      const created = await startCrawl({ url: `${site.origin}/docs/`, maxPages: 3 });
      const pageRequests = () => site.requests.filter((r) => r.startsWith('/docs/')).length;
      try {
        site.requests.length = 0;
        // Seeding reads robots.txt and the sitemaps, 1.5 s apart; then the step ends rather than sleep.
        expect(await runCrawlStep('worker-1')).toBeGreaterThan(0);
        const before = pageRequests();
        const asked = Date.now();
        expect(await runCrawlStep('worker-2')).toBe(0); // the host may not be asked yet: no worker takes the crawl
        expect(Date.now() - asked).toBeLessThan(1000);
        expect(pageRequests()).toBe(before);
        await new Promise((resolve) => setTimeout(resolve, 1600));
        expect(await runCrawlStep('worker-2')).toBe(1); // one page, then the next pause
        expect(pageRequests()).toBe(before + 1);
      } finally {
        expect((await api('DELETE', `/api/knowledge/crawls/${created.id}`, { key: admin })).status).toBe(204);
      }
    });
  });

  it('shows a crawl only to those who read its collection, and lets only its editors delete it', async () => {
    const db = await prisma();
    const hidden = (await db.collection.create({ data: { name: `hidden ${tag}`, visibility: 'groups' } })).id;
    const crawl = await withSettings(settings, () =>
      createCrawl({
        request: { url: `${site.origin}/docs/`, scope: 'prefix', maxDepth: 10, include: [], exclude: [] },
        collectionId: hidden,
      }),
    );
    const member = (await newKey('user')).key;
    expect((await api('GET', `/api/knowledge/crawls/${crawl.id}`, { key: member })).status).toBe(404);
    const listed = await bodyOf<{ data: CrawlView[] }>(await api('GET', '/api/knowledge/crawls', { key: member }));
    expect(listed.data.map((c) => c.id)).not.toContain(crawl.id);
    expect((await api('DELETE', `/api/knowledge/crawls/${crawl.id}`, { key: member })).status).toBe(403);
    expect((await api('GET', `/api/knowledge/crawls/${crawl.id}`, { key: admin })).status).toBe(200);
    expect((await api('DELETE', `/api/knowledge/crawls/${crawl.id}`, { key: admin })).status).toBe(204);
  });

  it('refuses a crawl of a private address, and callers who may not add knowledge', async () => {
    const res = await api('POST', '/api/knowledge/sources', {
      key: admin,
      json: { crawl: { url: 'http://10.0.0.1/' } },
    });
    expect(res.status).toBe(400);
    const bad = await api('POST', '/api/knowledge/sources', {
      key: admin,
      json: { crawl: { url: 'ftp://x/', maxPages: 20_000 } },
    });
    expect(bad.status).toBe(400);
    const member = (await newKey('user')).key;
    const refused = await api('POST', '/api/knowledge/sources', {
      key: member,
      json: { crawl: { url: `${site.origin}/docs/` } },
    });
    expect(refused.status).toBe(403);
  });
});
