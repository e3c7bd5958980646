import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSite } from '@/lib/knowledge/crawl/polite-site';
import { withSettings } from '../../support/with-settings';

/** robots.txt as the crawler reads it, and the pace it keeps, against a local server. */

let server: Server;
let origin = '';
let robots: { status: number; body: string } = { status: 200, body: '' };
const times: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.statusCode = robots.status;
      return res.end(robots.body);
    }
    times.push(Date.now());
    res.setHeader('content-type', 'text/html');
    res.end('<p>page</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const settings = { URL_ALLOWLIST: '127.0.0.1', CRAWL_DELAY_MS: 0 };

describe('a crawl’s site', () => {
  it('applies our user agent’s group of robots.txt, its sitemaps and its Crawl-delay', async () => {
    robots = {
      status: 200,
      body: `User-agent: *\nDisallow: /\n\nUser-agent: groundwork-ingest\nDisallow: /private/\nCrawl-delay: 0.3\nSitemap: ${origin}/map.xml\n`,
    };
    await withSettings(settings, async () => {
      const site = await openSite(`${origin}/docs/`, { fresh: true });
      expect(site.allowed(`${origin}/docs/a`)).toBe(true);
      expect(site.allowed(`${origin}/private/a`)).toBe(false);
      expect(site.sitemaps).toEqual([`${origin}/map.xml`]);
      expect(site.delayMs).toBe(300);
      times.length = 0;
      await Promise.all([site.get(`${origin}/a`), site.get(`${origin}/b`), site.get(`${origin}/c`)]);
      // One request at a time, each at least the delay after the one before.
      expect(times).toHaveLength(3);
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(290);
      expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(290);
    });
  });

  it('reads a missing robots.txt as no rules, and refuses to crawl when it answers a server error', async () => {
    await withSettings(settings, async () => {
      robots = { status: 404, body: '' };
      const site = await openSite(`${origin}/docs/`, { fresh: true });
      expect(site.allowed(`${origin}/anything`)).toBe(true);
      expect(site.delayMs).toBe(0);
      robots = { status: 503, body: '' };
      await expect(openSite(`${origin}/docs/`, { fresh: true })).rejects.toThrow(/robots.txt could not be read/);
    });
  });

  it('waits CRAWL_DELAY_MS when robots.txt asks for less', async () => {
    robots = { status: 200, body: 'User-agent: *\nCrawl-delay: 0.1\n' };
    await withSettings({ ...settings, CRAWL_DELAY_MS: 250 }, async () => {
      expect((await openSite(`${origin}/docs/`, { fresh: true })).delayMs).toBe(250);
    });
  });
});
