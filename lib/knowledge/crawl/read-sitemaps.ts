import 'server-only';
import { gunzipSync } from 'node:zlib';
import { config } from '@/lib/config';
import type { PoliteSite } from './polite-site';

/** Sitemap files read per crawl at most (an index and its children). */
const MAX_SITEMAPS = 50;

/** The `<loc>`s of a sitemap or sitemap index, and which of the two it is. */
export function sitemapLocations(xml: string): { index: boolean; locations: string[] } {
  const locations = [...xml.matchAll(/<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]]*?)\s*(?:\]\]>)?\s*<\/loc>/gi)].map((m) =>
    m[1]!
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&apos;', "'")
      .replaceAll('&amp;', '&'),
  );
  return { index: /<sitemapindex[\s>]/i.test(xml), locations };
}

/**
 * A sitemap's text: gzipped ones (`sitemap.xml.gz`, the usual form of a large sitemap) are
 * unpacked, to at most `maxBytes` (the protocol's limit is 50 MB unpacked); a bomb or a broken
 * archive reads as no sitemap.
 */
export function sitemapText(body: Uint8Array, maxBytes: number): string {
  const gzipped = body[0] === 0x1f && body[1] === 0x8b;
  if (!gzipped) return new TextDecoder().decode(body);
  try {
    return new TextDecoder().decode(gunzipSync(body, { maxOutputLength: maxBytes }));
  } catch {
    return '';
  }
}

/**
 * The page URLs a site's sitemaps list: those robots.txt names, else `/sitemap.xml`, following
 * sitemap indexes. Only sitemaps on the crawl's host are read (no request leaves the site), and
 * a missing or broken one is no error: most sites have none.
 */
export async function readSitemaps(site: PoliteSite, start: string, limit: number): Promise<string[]> {
  const maxBytes = config().URL_MAX_BYTES;
  const host = new URL(start).host;
  const sameHost = (url: string) => URL.canParse(url) && new URL(url).host === host;
  const queue = (site.sitemaps.length ? site.sitemaps : [new URL('/sitemap.xml', start).href]).filter(sameHost);
  const seen = new Set<string>();
  const pages: string[] = [];
  while (queue.length > 0 && seen.size < MAX_SITEMAPS && pages.length < limit) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    let xml: string;
    try {
      const page = await site.get(url, { allowRedirect: (to) => to.host === host });
      xml = sitemapText(page.body, maxBytes);
    } catch {
      continue;
    }
    const { index, locations } = sitemapLocations(xml);
    if (index) queue.push(...locations.filter(sameHost));
    else pages.push(...locations.slice(0, limit - pages.length));
  }
  return pages;
}
