import { describe, expect, it } from 'vitest';
import { canonicalUrl, globMatches, inScope, scopePrefix } from '@/lib/knowledge/crawl/crawl-scope';
import { pageLinks } from '@/lib/knowledge/crawl/page-links';
import { gzipSync } from 'node:zlib';
import { sitemapLocations, sitemapText } from '@/lib/knowledge/crawl/read-sitemaps';

const crawl = (url: string, more: Partial<Parameters<typeof inScope>[1]> = {}) => ({
  url,
  scope: 'prefix' as const,
  include: [],
  exclude: [],
  ...more,
});

describe('canonicalUrl', () => {
  it.each([
    ['HTTP://Example.COM:80/a#b', 'http://example.com/a'],
    ['https://example.com:443/a?utm_source=x&id=2&gclid=y&fbclid=z', 'https://example.com/a?id=2'],
    ['https://example.com./docs/%7euser', 'https://example.com/docs/%7Euser'],
    ['https://example.com/a?utm_medium=mail', 'https://example.com/a'],
    ['https://example.com/a?b=1&c=2', 'https://example.com/a?b=1&c=2'],
  ])('%s → %s', (input, expected) => expect(canonicalUrl(input)).toBe(expected));

  it('resolves against a base and refuses what is not http(s) or carries credentials', () => {
    expect(canonicalUrl('../b', 'https://example.com/docs/a/')).toBe('https://example.com/docs/b');
    expect(canonicalUrl('mailto:a@example.com')).toBeUndefined();
    expect(canonicalUrl('javascript:alert(1)', 'https://example.com/')).toBeUndefined();
    expect(canonicalUrl('https://user:pw@example.com/')).toBeUndefined();
  });
});

describe('crawl scope', () => {
  it('stays under the start URL’s folder for prefix, on its host for host', () => {
    expect(scopePrefix('https://x.org/docs/intro.html')).toBe('/docs/');
    expect(scopePrefix('https://x.org/docs')).toBe('/docs/');
    expect(scopePrefix('https://x.org/docs/')).toBe('/docs/');
    const docs = crawl('https://x.org/docs');
    expect(inScope('https://x.org/docs', docs)).toBe(true);
    expect(inScope('https://x.org/docs/a/b', docs)).toBe(true);
    expect(inScope('http://x.org/docs/a', docs)).toBe(true);
    expect(inScope('https://x.org/docs-old/a', docs)).toBe(false);
    expect(inScope('https://x.org/blog', docs)).toBe(false);
    expect(inScope('https://y.org/docs/a', docs)).toBe(false);
    expect(inScope('https://x.org:8080/docs/a', docs)).toBe(false);
    expect(inScope('https://x.org/blog', crawl('https://x.org/docs', { scope: 'host' }))).toBe(true);
  });

  it('leaves out images, media and archives, and keeps to include and exclude', () => {
    const docs = crawl('https://x.org/', { include: ['/docs/**', 'https://x.org/faq*'], exclude: ['**/draft-*'] });
    expect(inScope('https://x.org/docs/logo.PNG', crawl('https://x.org/'))).toBe(false);
    expect(inScope('https://x.org/docs/guide.pdf', crawl('https://x.org/'))).toBe(true);
    expect(inScope('https://x.org/docs/a/b', docs)).toBe(true);
    expect(inScope('https://x.org/faq?page=2', docs)).toBe(true);
    expect(inScope('https://x.org/blog/a', docs)).toBe(false);
    expect(inScope('https://x.org/docs/draft-1', docs)).toBe(false);
  });

  it('matches globs: * within a segment, ** across, the rest literally', () => {
    const url = new URL('https://x.org/docs/a/b.html?v=1');
    expect(globMatches('/docs/*', url)).toBe(false);
    expect(globMatches('/docs/**', url)).toBe(true);
    expect(globMatches('/docs/*/b.html?v=1', url)).toBe(true);
    expect(globMatches('/docs/*/b.htmlxv=1', url)).toBe(false);
    expect(globMatches('https://x.org/**.html*', url)).toBe(true);
  });
});

describe('page links', () => {
  it('follows links in the content only, resolved, with the canonical link', () => {
    const text = 'Words of the article that make it long enough to be read as content by Readability. '.repeat(5);
    const html = `<html><head><link rel="canonical" href="/docs/page"></head><body>
      <header><a href="/home">Home</a></header><nav><a href="/menu">Menu</a></nav>
      <article><h1>Title</h1><p>${text} <a href="next">Next</a> <a href="/docs/other#x">Other</a>
      <a href="/ads" rel="nofollow sponsored">Ad</a></p></article>
      <aside><a href="/related">Related</a></aside><footer><a href="/contact">Contact</a></footer></body></html>`;
    const found = pageLinks(html, 'https://x.org/docs/here');
    expect(found.canonical).toBe('https://x.org/docs/page');
    expect(found.links).toEqual(['https://x.org/docs/next', 'https://x.org/docs/other#x']);
  });

  it('takes a short page’s body, without its navigation', () => {
    const found = pageLinks('<body><nav><a href="/m">m</a></nav><p><a href="a">a</a></p></body>', 'https://x.org/d/');
    expect(found.links).toEqual(['https://x.org/d/a']);
  });
});

describe('sitemaps', () => {
  it('reads a sitemap’s and an index’s locations, entities decoded', () => {
    expect(
      sitemapLocations(
        '<urlset><url><loc> https://x.org/a?b=1&amp;c=2 </loc></url><url><loc><![CDATA[https://x.org/b]]></loc></url></urlset>',
      ),
    ).toEqual({ index: false, locations: ['https://x.org/a?b=1&c=2', 'https://x.org/b'] });
    expect(sitemapLocations('<sitemapindex><sitemap><loc>https://x.org/s1.xml</loc></sitemap></sitemapindex>')).toEqual(
      {
        index: true,
        locations: ['https://x.org/s1.xml'],
      },
    );
  });

  it('unpacks a gzipped sitemap, and reads a bomb or a broken archive as none', () => {
    const xml = '<urlset><url><loc>https://x.org/a</loc></url></urlset>';
    expect(sitemapLocations(sitemapText(gzipSync(xml), 1_000_000)).locations).toEqual(['https://x.org/a']);
    expect(sitemapText(new TextEncoder().encode(xml), 1_000_000)).toBe(xml);
    expect(sitemapText(gzipSync(' '.repeat(2_000_000)), 1_000_000)).toBe('');
    expect(sitemapText(gzipSync(xml).subarray(0, 12), 1_000_000)).toBe('');
  });
});
