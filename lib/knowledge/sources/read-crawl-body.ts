import { validationError } from '@/lib/http/validation';
import { crawlSourceInput, type CrawlRequest } from '@/lib/schemas/crawls';

/** A `{crawl: {...}, title?, metadata?}` body: a website to crawl (its collection is read beside it). */
export function crawlBody(body: object): {
  sources: [];
  titled: boolean;
  withMetadata: boolean;
  crawl: CrawlRequest;
} {
  const parsed = crawlSourceInput().safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, 'body');
  const { crawl, title, metadata, refresh } = parsed.data;
  return {
    sources: [],
    titled: title !== undefined,
    withMetadata: metadata !== undefined,
    crawl: {
      ...crawl,
      ...(title !== undefined ? { title } : {}),
      ...(metadata ? { metadata } : {}),
      ...(refresh !== undefined ? { refresh } : {}),
    },
  };
}
