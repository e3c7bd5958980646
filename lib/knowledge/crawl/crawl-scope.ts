/**
 * Which URLs a crawl visits, and under which name: pure functions, so the crawler and its tests
 * agree on them.
 */

/** Query parameters that only say where a visitor came from: the same page with or without them. */
const TRACKING = /^(utm_[a-z_]+|gclid|gclsrc|dclid|fbclid|msclkid|yclid|igshid|mc_cid|mc_eid|_ga|_hsenc|_hsmi)$/i;

/** Links the crawler never requests: images, media and archives are no documents to cite. */
const NOT_DOCUMENTS =
  /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|mp3|mp4|m4a|wav|ogg|webm|mov|avi|zip|gz|tgz|bz2|xz|7z|rar|exe|dmg|iso|woff2?|ttf|otf|eot|css|js|mjs)$/i;

/**
 * One name per page: resolved against `base`, http(s) only, no credentials, the fragment and
 * tracking parameters dropped, the host's trailing dot and percent escapes' case normalised. The
 * URL parser already lowercases scheme and host and drops default ports. Undefined: not crawlable.
 */
export function canonicalUrl(href: string, base?: string): string | undefined {
  if (!URL.canParse(href, base)) return undefined;
  const url = new URL(href, base);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined;
  url.hash = '';
  url.hostname = url.hostname.replace(/\.$/, '');
  // Only a query holding tracking parameters is rewritten: searchParams re-encodes what it writes.
  const names = [...url.searchParams.keys()];
  if (names.some((n) => TRACKING.test(n))) {
    for (const name of names) if (TRACKING.test(name)) url.searchParams.delete(name);
  }
  if (url.search === '?') url.search = '';
  url.pathname = url.pathname.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
  return url.href;
}

export interface CrawlScope {
  url: string;
  scope: 'prefix' | 'host';
  include: string[];
  exclude: string[];
}

/**
 * The path a `prefix` crawl stays under: the start URL's folder. `/docs/intro.html` → `/docs/`;
 * a last segment without a dot is read as a folder, so `/docs` → `/docs/` (and `/docs` itself).
 */
export function scopePrefix(start: string): string {
  const path = new URL(start).pathname;
  if (path.endsWith('/')) return path;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.') ? path.slice(0, path.lastIndexOf('/') + 1) : `${path}/`;
}

/**
 * True when the crawl may visit `url` (canonical): the start's host (http and https alike, so a
 * site moving to https stays in), under its folder for `prefix`, matching an `include` pattern
 * when there are any and no `exclude` pattern, and not an image, media file or archive.
 */
export function inScope(url: string, crawl: CrawlScope): boolean {
  const target = new URL(url);
  const start = new URL(crawl.url);
  if (target.host !== start.host) return false;
  if (crawl.scope === 'prefix') {
    const prefix = scopePrefix(crawl.url);
    if (!target.pathname.startsWith(prefix) && `${target.pathname}/` !== prefix) return false;
  }
  if (NOT_DOCUMENTS.test(target.pathname)) return false;
  if (crawl.include.length > 0 && !crawl.include.some((p) => globMatches(p, target))) return false;
  return !crawl.exclude.some((p) => globMatches(p, target));
}

/**
 * A URL glob: `*` is any run of characters but `/`, `**` any run at all; everything else is
 * literal (`?` too, as URLs use it). A pattern starting with `/` is matched against the path and
 * query, any other against the whole URL.
 */
export function globMatches(pattern: string, url: URL): boolean {
  const subject = pattern.startsWith('/') ? `${url.pathname}${url.search}` : url.href;
  return globToRegExp(pattern).test(subject);
}

const compiled = new Map<string, RegExp>();

function globToRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) {
    const body = pattern
      .split('**')
      .map((part) =>
        part
          .split('*')
          .map((literal) => literal.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]*'),
      )
      .join('.*');
    re = new RegExp(`^${body}$`);
    if (compiled.size < 1000) compiled.set(pattern, re);
  }
  return re;
}
