import 'server-only';
import robotsParser from 'robots-parser';
import { config } from '@/lib/config';
import { fetchUrl, FetchRefusedError, USER_AGENT, type FetchedPage } from '../fetch/fetch-url';

/** A robots.txt Crawl-delay past this is read as this: a longer one would stall a crawl for hours. */
const MAX_ROBOTS_DELAY_MS = 60_000;

export interface PoliteSite {
  /** GET through the SSRF-safe fetcher, one request at a time per host, `delayMs` apart. */
  get(url: string, opts?: { allowRedirect?: (to: URL) => boolean; headers?: Record<string, string> }): Promise<FetchedPage>;
  /** What robots.txt says of a URL of this host, for our user agent. */
  allowed(url: string): boolean;
  /** The pause between two requests: CRAWL_DELAY_MS, or robots.txt's Crawl-delay when longer. */
  delayMs: number;
  /** The sitemaps robots.txt names. */
  sitemaps: string[];
}

// When each host's last request ended, as a chain: a request waits for the one before it.
const lastRequests = new Map<string, Promise<number>>();

async function politely<T>(host: string, delayMs: number, run: () => Promise<T>): Promise<T> {
  const previous = lastRequests.get(host) ?? Promise.resolve(0);
  let finished!: (at: number) => void;
  lastRequests.set(host, new Promise<number>((resolve) => (finished = resolve)));
  const wait = (await previous) + delayMs - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  try {
    return await run();
  } finally {
    finished(Date.now());
  }
}

/**
 * The site a crawl starts at, with its robots.txt read (politely, as every request): a 4xx means
 * no rules; a server error or no answer is thrown, as RFC 9309 asks a crawler not to go on
 * as if everything were allowed.
 */
export async function openSite(start: string): Promise<PoliteSite> {
  const c = config();
  const origin = new URL(start);
  let delayMs = c.CRAWL_DELAY_MS;
  const get: PoliteSite['get'] = (url, opts = {}) =>
    politely(new URL(url).host, delayMs, () =>
      fetchUrl(url, {
        maxBytes: c.URL_MAX_BYTES,
        timeoutMs: c.URL_TIMEOUT_MS,
        allowlist: c.URL_ALLOWLIST,
        ...(opts.allowRedirect ? { allowRedirect: opts.allowRedirect } : {}),
        ...(opts.headers ? { headers: opts.headers } : {}),
      }),
    );
  const robotsUrl = new URL('/robots.txt', origin).href;
  let text = '';
  try {
    const page = await get(robotsUrl, { allowRedirect: (to) => to.host === origin.host });
    text = new TextDecoder().decode(page.body);
  } catch (error) {
    if (!(error instanceof FetchRefusedError && error.status && error.status >= 400 && error.status < 500))
      throw new FetchRefusedError(`robots.txt could not be read: ${(error as Error).message}`);
  }
  const robots = robotsParser(robotsUrl, text);
  const robotsDelay = Math.min((robots.getCrawlDelay(USER_AGENT) ?? 0) * 1000, MAX_ROBOTS_DELAY_MS);
  delayMs = Math.max(delayMs, robotsDelay);
  return {
    get,
    // Undefined: another scheme than robots.txt's (http and https are one site to a crawl), so its rules hold.
    allowed: (url) => robots.isAllowed(url.replace(/^https?:/, origin.protocol), USER_AGENT) ?? true,
    get delayMs() {
      return delayMs;
    },
    sitemaps: robots.getSitemaps(),
  };
}
