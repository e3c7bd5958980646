import 'server-only';
import { errorFields, log } from '@/lib/log';
import { FetchRefusedError, RedirectRefusedError, type FetchedPage } from '../fetch/fetch-url';
import { asUtf8, ExtractionError, MEDIA_TYPES } from '../formats';
import { mediaTypeOfFetched } from '../ingest/prepare-source';
import { createSources } from '../sources/create-sources';
import type { ClaimedCrawl } from './claim-crawl';
import { canonicalUrl, inScope } from './crawl-scope';
import { claimPageUrl, enqueueUrls, settleUrl, type QueuedUrl } from './crawl-queue';
import { pageLinks } from './page-links';
import type { PoliteSite } from './polite-site';
import { conditionalHeaders, knownPage, pageHashOf, recordFetch } from '../refresh/page-validators';
import { countRequest, notePage } from '../refresh/refresh-log';
import { settleFetched, settleGone, noteChecked, type Settled } from '../refresh/settle-page';

/** Whether the crawl may request `url` (canonical): in its scope and allowed by robots.txt. */
export const mayVisit = (crawl: ClaimedCrawl, site: PoliteSite, url: string | undefined): url is string =>
  url !== undefined && inScope(url, crawl) && site.allowed(url);

/**
 * Fetches one queued URL and stores what it holds. An HTML page, or a document of a format the
 * service reads (PDF, Markdown, text…), becomes a source of kind `url` queued for ingestion with the
 * bytes fetched; an image or a format it cannot read is skipped. A redirect is followed only within
 * the crawl's scope (and every hop is re-checked by the SSRF-safe fetcher). A page is stored under
 * its final URL, or its canonical link when in scope; a second URL of a page already stored, or of
 * content stored already, is skipped. The links in an HTML page's content are queued one level deeper.
 *
 * In a refresh (crawl.refreshId), a URL whose page the crawl has is asked for conditionally with what
 * it was last fetched as: a 304 or the same bytes leave it as it is; other bytes replace it; a 404/410
 * marks it gone, then removes it. A page stored under a URL for the first time is "added".
 */
export async function crawlPage(crawl: ClaimedCrawl, site: PoliteSite, next: QueuedUrl): Promise<void> {
  const settle = (state: 'fetched' | 'skipped' | 'failed', more: { error?: string; sourceId?: string } = {}) =>
    settleUrl({ crawlId: crawl.id, url: next.url, state, ...more });
  if (!site.allowed(next.url)) return settle('skipped', { error: 'robots.txt disallows it.' });
  const { refreshId } = crawl;
  const note = (url: string, sourceId: string, settled: Settled) =>
    refreshId ? notePage({ refreshId, url, sourceId, outcome: settled.outcome, error: settled.error }) : undefined;
  const known = refreshId ? await knownPage(crawl.id, next.url) : undefined;
  if (refreshId) await countRequest(refreshId);
  let page: FetchedPage;
  try {
    page = await site.get(next.url, {
      allowRedirect: (to) => mayVisit(crawl, site, canonicalUrl(to.href)),
      ...(known ? { headers: conditionalHeaders(known) } : {}),
    });
  } catch (error) {
    if (error instanceof RedirectRefusedError) return settle('skipped', { error: error.message });
    if (!(error instanceof FetchRefusedError)) throw error;
    if (known) {
      const gone = error.status === 404 || error.status === 410;
      const settled = gone ? await settleGone(known, error.message) : { outcome: 'failed' as const, error: error.message };
      if (!gone) await noteChecked(known.id);
      await note(next.url, known.id, settled);
      if (settled.outcome !== 'removed') return settle('failed', { error: error.message, sourceId: known.id });
    }
    return settle('failed', { error: error.message });
  }
  if (known && page.status === 304) {
    await note(next.url, known.id, await settleFetched(known, page));
    return settle('fetched', { sourceId: known.id });
  }
  const bytes = asUtf8(page.body);
  let mediaType: string;
  try {
    mediaType = mediaTypeOfFetched(bytes, page.contentType, page.url);
  } catch (error) {
    if (error instanceof ExtractionError) return settle('skipped', { error: error.message });
    throw error;
  }
  if (mediaType.startsWith('image/')) return settle('skipped', { error: 'An image: crawls store documents only.' });
  const isHtml = mediaType === MEDIA_TYPES.html;
  let found: { links: string[]; canonical?: string } = { links: [] };
  try {
    if (isHtml) found = pageLinks(new TextDecoder().decode(bytes), page.url);
  } catch (error) {
    log.warn('crawl: links of a page could not be read', { url: page.url, ...errorFields(error) });
  }
  const finalUrl = canonicalUrl(page.url) ?? next.url;
  const canonical = canonicalUrl(found.canonical ?? '');
  const pageUrl = mayVisit(crawl, site, canonical) ? canonical : finalUrl;
  if (pageUrl !== next.url) {
    if (!(await claimPageUrl({ crawlId: crawl.id, url: pageUrl, depth: next.depth })))
      return settle('skipped', { error: `The same page as ${pageUrl}.` });
    await settle('skipped', { error: `Stored as ${pageUrl}.` });
  }
  const existing = refreshId && (pageUrl === next.url ? known : await knownPage(crawl.id, pageUrl));
  if (existing) {
    await note(pageUrl, existing.id, await settleFetched(existing, page));
    await settleUrl({ crawlId: crawl.id, url: pageUrl, state: 'fetched', sourceId: existing.id });
    return enqueueLinks(crawl, site, next, isHtml ? found.links : []);
  }
  const [stored] = await createSources(
    [
      {
        kind: 'url',
        title: pageUrl,
        mediaType,
        data: bytes,
        uri: pageUrl,
        metadata: crawl.metadata,
        crawlId: crawl.id,
      },
    ],
    { collectionId: crawl.collectionId },
  );
  const { source, created } = stored!;
  // Not created: the same content is stored already, unless it is this very page, stored by a worker that died before noting it.
  const again = !created && source.crawlId === crawl.id && source.uri === pageUrl;
  if (!created && !again) {
    // Its links are the stored page's, followed from there.
    const error = `The same content as ${source.uri ?? source.title}.`;
    return settleUrl({ crawlId: crawl.id, url: pageUrl, state: 'skipped', error, sourceId: source.id });
  }
  if (created) {
    await recordFetch(source.id, page, pageHashOf(page.body));
    await note(pageUrl, source.id, { outcome: 'added' });
  }
  await settleUrl({ crawlId: crawl.id, url: pageUrl, state: 'fetched', sourceId: source.id });
  await enqueueLinks(crawl, site, next, isHtml ? found.links : []);
}

/** Queues a page's links one level deeper. */
async function enqueueLinks(crawl: ClaimedCrawl, site: PoliteSite, next: QueuedUrl, hrefs: string[]): Promise<void> {
  if (hrefs.length === 0 || next.depth >= crawl.maxDepth) return;
  // Two links can name one page (with and without a fragment or tracking parameter): each is queued once.
  const links = new Set(hrefs.map((href) => canonicalUrl(href)).filter((url) => mayVisit(crawl, site, url)));
  await enqueueUrls({ crawlId: crawl.id, urls: [...links], depth: next.depth + 1, maxPages: crawl.maxPages });
}
