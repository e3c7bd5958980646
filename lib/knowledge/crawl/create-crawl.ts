import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db/index';
import { fieldError } from '@/lib/http/validation';
import type { CrawlJson, CrawlRequest } from '@/lib/schemas/crawls';
import { isAllowlisted, isPrivateAddress } from '../fetch/address-policy';
import { wakeIngestWorker } from '../ingest/wake-ingest-worker';
import { canonicalUrl } from './crawl-scope';
import { getCrawlOrThrow } from './list-crawls';

/**
 * Queues a crawl of a website into a collection the caller edits (checked by the route). Its start
 * URL is refused at once when it is a private address literal, as a web page's is; names are
 * checked after DNS on every request. The worker crawls it in steps (runCrawlStep).
 */
export async function createCrawl(opts: { request: CrawlRequest; collectionId: string }): Promise<CrawlJson> {
  const { request } = opts;
  const url = canonicalUrl(request.url);
  if (!url)
    throw fieldError({ in: 'body', path: ['crawl', 'url'] }, 'must be an http or https URL without credentials');
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (
    isPrivateAddress(host) &&
    /^[\d.]+$|:/.test(host) &&
    !isAllowlisted({ host, address: host, allowlist: config().URL_ALLOWLIST })
  )
    throw fieldError({ in: 'body', path: ['crawl', 'url'] }, 'points to a private, loopback or reserved address');
  const id = uuidv7();
  const db = await prisma();
  await db.$executeRaw`
    INSERT INTO crawls (id, collection_id, url, scope, max_pages, max_depth, include, exclude, title, metadata, refresh)
    VALUES (${id}::uuid, ${opts.collectionId}::uuid, ${url}, ${request.scope},
      ${request.maxPages ?? config().CRAWL_MAX_PAGES}, ${request.maxDepth}, ${request.include}::text[],
      ${request.exclude}::text[], ${request.title ?? null}, ${JSON.stringify(request.metadata ?? {})}::jsonb, ${request.refresh ?? null})`;
  wakeIngestWorker();
  return getCrawlOrThrow(id);
}
