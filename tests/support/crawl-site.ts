import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small website on 127.0.0.1 for crawl tests and the crawl bench, recording every request it
 * answers, and a canary on 127.0.0.2 (not allowlisted) that must never see a connection. The crawl
 * starts at /docs/; what it must find and must never request is listed in `expected`.
 */
export interface CrawlSite {
  origin: string;
  canaryOrigin: string;
  /** Paths (with query) requested, in order. */
  requests: string[];
  /** Every request with its conditional headers and the status answered, in order. */
  log: { url: string; ifNoneMatch?: string; ifModifiedSince?: string; status: number }[];
  /**
   * Changes what a path answers from now on (refresh tests): another page, a status (404, 410,
   * 500), or, with `conditional: false`, a server that ignores If-None-Match / If-Modified-Since.
   * `undefined` restores it. Every page is served with an ETag and Last-Modified, and answers
   * 304 to a request that names them unless told otherwise.
   */
  set(path: string, answer?: { html?: string; status?: number; conditional?: boolean }): void;
  canaryConnections(): number;
  close(): Promise<void>;
}

const words = (topic: string, tag: string) =>
  Array.from({ length: 30 }, (_, i) => `${topic} ${tag} sentence ${i} tells readers about ${topic}.`).join(' ');

export const page = (opts: { title: string; tag: string; links: string[]; nav?: string[]; head?: string }) =>
  `<!doctype html><html><head><title>${opts.title} ${opts.tag}</title>${opts.head ?? ''}</head><body>` +
  `<header><a href="/docs/nav-only">Home</a></header>` +
  `<nav>${(opts.nav ?? ['/docs/nav-only', '/outside/nav']).map((h) => `<a href="${h}">menu</a>`).join(' ')}</nav>` +
  `<main><article><h1>${opts.title}</h1><p>${words(opts.title, opts.tag)} See also ` +
  `${opts.links.map((h, i) => `<a href="${h}">link ${i}</a>`).join(', ')}.</p></article></main>` +
  `<footer><a href="/outside/footer">Contact</a></footer></body></html>`;

export async function startCrawlSite(tag: string, opts: { pages?: number } = {}): Promise<CrawlSite> {
  const requests: string[] = [];
  const log: CrawlSite['log'] = [];
  const answers = new Map<string, { html?: string; status?: number; conditional?: boolean }>();
  const started = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000).toUTCString();
  let canaryConnections = 0;
  const canary = createServer((_req, res) => res.end('secret'));
  canary.on('connection', () => canaryConnections++);
  await new Promise<void>((r, j) => canary.listen(0, '127.0.0.2', r).once('error', j));
  const canaryOrigin = `http://127.0.0.2:${(canary.address() as AddressInfo).port}`;
  let origin = '';
  const aPage = page({ title: 'Alpha', tag, links: ['a/deep', '/docs/', 'b'] });
  const html: Record<string, () => string> = {
    '/docs/': () =>
      page({
        title: 'Start',
        tag,
        links: [
          'a',
          '/docs/b?utm_source=news&utm_medium=mail#part',
          'private/secret',
          '/outside/page',
          'moved',
          'away',
          'to-internal',
          'notes.md',
          'diagram.png',
          'copy',
          'gone',
          `${canaryOrigin}/docs/x`,
        ],
      }),
    '/docs/a': () => aPage,
    '/docs/copy': () => aPage,
    '/docs/a/deep': () => page({ title: 'Deep', tag, links: ['/docs/a'] }),
    '/docs/b': () => page({ title: 'Beta', tag, links: ['/docs/a#top'] }),
    '/docs/c': () => page({ title: 'Gamma', tag, links: [] }),
    '/docs/from-sitemap': () => page({ title: 'Listed', tag, links: [] }),
    // A section whose pages are too large or too slow for the fetcher's limits.
    '/big/': () => page({ title: 'Big', tag, links: ['huge', 'slow', 'fine'] }),
    '/big/fine': () => page({ title: 'Fine', tag, links: [] }),
    // A section of `pages` pages for the bench, crawled from /docs/n/0.html: each links to two more.
    ...Object.fromEntries(
      Array.from({ length: opts.pages ?? 0 }, (_, i) => [
        `/docs/n/${i}.html`,
        () => page({ title: `Page ${i}`, tag, links: [`${i * 2 + 1}.html`, `${i * 2 + 2}.html`] }),
      ]),
    ),
  };
  const redirects: Record<string, () => string> = {
    '/docs/moved': () => '/docs/c',
    '/docs/away': () => '/outside/landing',
    '/docs/to-internal': () => `${canaryOrigin}/docs/secret`,
  };
  const site: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    const entry: CrawlSite['log'][number] = { url, status: 200 };
    if (typeof req.headers['if-none-match'] === 'string') entry.ifNoneMatch = req.headers['if-none-match'];
    if (typeof req.headers['if-modified-since'] === 'string') entry.ifModifiedSince = req.headers['if-modified-since'];
    log.push(entry);
    res.on('finish', () => (entry.status = res.statusCode));
    const changed = answers.get(url);
    if (changed?.status) {
      res.statusCode = changed.status;
      return res.end('no page here');
    }
    const served = changed?.html ?? html[url]?.();
    if (served !== undefined) {
      // A validator per version of the page: its hash; Last-Modified the server's start (changed: now).
      const etag = `"${createHash('sha1').update(served).digest('hex').slice(0, 16)}"`;
      res.setHeader('etag', etag);
      res.setHeader('last-modified', changed?.html ? new Date().toUTCString() : started);
      if (changed?.conditional !== false && req.headers['if-none-match'] === etag) {
        res.statusCode = 304;
        return res.end();
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(served);
    }
    if (url === '/robots.txt') {
      res.setHeader('content-type', 'text/plain');
      // Everyone else is kept out; our user agent's own group lets it in, but not into /docs/private/.
      return res.end(
        `User-agent: *\nDisallow: /\n\nUser-agent: groundwork-ingest\nDisallow: /docs/private/\n\n` +
          `Sitemap: ${origin}/sitemap-index.xml\nSitemap: ${canaryOrigin}/sitemap.xml\n`,
      );
    }
    if (url === '/sitemap-index.xml') {
      res.setHeader('content-type', 'application/xml');
      return res.end(
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemaps/pages.xml</loc></sitemap></sitemapindex>`,
      );
    }
    if (url === '/sitemaps/pages.xml') {
      res.setHeader('content-type', 'application/xml');
      const locs = [
        '/docs/from-sitemap',
        '/docs/private/secret',
        '/outside/listed',
        '/docs/a?utm_campaign=x&amp;gclid=1',
      ]
        .map((p) => `<url><loc>${origin}${p}</loc></url>`)
        .join('');
      return res.end(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}<url><loc>${canaryOrigin}/docs/x</loc></url></urlset>`,
      );
    }
    if (url === '/docs/notes.md') {
      res.setHeader('content-type', 'text/markdown; charset=utf-8');
      return res.end(
        `# Notes ${tag}\n\nPlain notes about barnacles and tides, kept as Markdown. [Away](/outside/md)\n`,
      );
    }
    if (url === '/big/huge') {
      res.setHeader('content-type', 'text/html');
      return res.end(`<p>${'x'.repeat(300_000)}</p>`);
    }
    if (url === '/big/slow') {
      res.setHeader('content-type', 'text/html');
      const timer = setInterval(() => res.write('<p>drip</p>'), 100);
      res.on('close', () => clearInterval(timer));
      return;
    }
    const to = redirects[url];
    if (to) {
      res.statusCode = 301;
      res.setHeader('location', to());
      return res.end();
    }
    res.statusCode = 404;
    res.end('not found');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  return {
    origin,
    canaryOrigin,
    requests,
    log,
    set: (path, answer) => (answer ? answers.set(path, answer) : answers.delete(path)),
    canaryConnections: () => canaryConnections,
    async close() {
      site.closeAllConnections();
      await new Promise((r) => site.close(r));
      await new Promise((r) => canary.close(r));
    },
  };
}
