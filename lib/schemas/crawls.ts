import { z } from 'zod';
import { pageQuery } from './common';
import { ingestBody, metadataSchema, sourceTitleSchema, urlSourceInput } from './knowledge';
import { refreshSchema, refreshSettingSchema, type RefreshSetting } from './refreshes';

/** One instance per schema: the OpenAPI document refuses two schemas with one id. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** The most pages one crawl may fetch, whatever it asks. */
export const MAX_CRAWL_PAGES = 10_000;

const patterns = (description: string) =>
  z.array(z.string().min(1, 'must not be empty').max(500)).max(50).default([]).meta({ description });

export const crawlInput = once(() =>
  z
    .strictObject({
      url: urlSourceInput().shape.url.meta({
        description: 'Where the crawl starts (private addresses are refused unless allowlisted).',
      }),
      scope: z.enum(['prefix', 'host']).default('prefix').meta({
        description:
          '`prefix`: pages under the start URL’s folder (`/docs/intro.html` and `/docs` both stay under `/docs/`); `host`: the whole host.',
      }),
      maxPages: z
        .number()
        .int()
        .min(1)
        .max(MAX_CRAWL_PAGES)
        .optional()
        .meta({ description: `Pages fetched at most (default \`CRAWL_MAX_PAGES\`, at most ${MAX_CRAWL_PAGES}).` }),
      maxDepth: z
        .number()
        .int()
        .min(0)
        .max(100)
        .default(10)
        .meta({ description: 'Links followed from the start URL at most (sitemap entries are one).' }),
      include: patterns(
        'URL globs a page must match one of (none: every page in scope): `*` is any run of characters but `/`, `**` any run; a pattern starting with `/` matches the path and query, others the whole URL.',
      ),
      exclude: patterns('URL globs no page may match, as `include`.'),
    })
    .meta({ id: 'CrawlInput' }),
);

export const crawlSourceInput = once(() =>
  z
    .object({
      crawl: crawlInput(),
      title: sourceTitleSchema()
        .optional()
        .meta({ description: 'The crawl’s name (its pages take their own titles).' }),
      metadata: metadataSchema.optional().meta({ description: 'Kept with every page of the crawl.' }),
      collectionId: z.uuid().optional().meta({ description: 'The collection its pages go to; you must edit it.' }),
      refresh: refreshSettingSchema.optional().meta({
        description:
          'How often the crawl is run again, conditionally for the pages it has (default null: never; refresh by hand).',
      }),
    })
    .meta({ id: 'CrawlSourceInput', description: 'Crawl a website: each page becomes a source.' }),
);

export type CrawlRequest = z.infer<ReturnType<typeof crawlInput>> & {
  title?: string;
  metadata?: Record<string, unknown>;
  refresh?: RefreshSetting;
};

export const crawlSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    scope: z.enum(['prefix', 'host']),
    maxPages: z.number().int(),
    maxDepth: z.number().int(),
    include: z.array(z.string()),
    exclude: z.array(z.string()),
    title: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    state: z.enum(['pending', 'running', 'done', 'failed']).meta({ description: 'pending → running → done | failed.' }),
    error: z.string().nullable().meta({ description: 'Why it failed (robots.txt unreadable, no page fetched).' }),
    collectionId: z.uuid(),
    found: z.number().int().meta({ description: 'URLs found in scope (the start URL, sitemaps, links).' }),
    queued: z.number().int().meta({ description: 'Found and not fetched yet.' }),
    fetched: z.number().int().meta({ description: 'Fetched and stored as a page (or one stored already).' }),
    skipped: z.number().int().meta({
      description:
        'Not stored: robots.txt, a redirect out of scope, another URL of a page or content stored already, an image.',
    }),
    failed: z.number().int().meta({ description: 'Fetches that failed, and pages whose ingestion failed.' }),
    pages: z.number().int().meta({ description: 'Its sources (`crawlId` in `GET /knowledge/sources`).' }),
    ingested: z.number().int().meta({ description: 'Pages ready to be searched.' }),
    refresh: refreshSettingSchema,
    checkedAt: z.iso.datetime().nullable().meta({ description: 'When its last run (first crawl or refresh) ended.' }),
    changedAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'When a run last added, changed or removed a page (the first crawl counts).' }),
    nextRefreshAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: 'Its next scheduled refresh (null: none, or it is under way).' }),
    lastRefresh: refreshSchema.nullable().meta({ description: 'Its newest refresh, without `pages`.' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Crawl', description: 'A crawl of a website and its progress.' });

export type CrawlJson = z.infer<typeof crawlSchema>;

export const crawlPageSchema = z
  .object({ data: z.array(crawlSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'CrawlPage' });

export const listCrawlsQuery = () =>
  pageQuery().extend({
    collectionId: z
      .uuid({ message: 'must be a UUID' })
      .optional()
      .meta({ description: 'Only this collection’s crawls (404 when you may not read it).' }),
  });

/** POST /knowledge/sources's documented body with the crawl form (PUT replaces one source, and takes none). */
export const ingestOrCrawlBody = once(() => {
  const body = ingestBody as unknown as {
    content: Record<string, { schema: z.ZodType }>;
  } & Record<string, unknown>;
  const json = body.content['application/json']!.schema as z.ZodUnion<z.ZodType[]>;
  return {
    ...body,
    description: `${body.description as string} Or \`{crawl: {url, …}}\` to crawl a website.`,
    content: {
      ...body.content,
      'application/json': { schema: z.union([...json.options, crawlSourceInput()]) },
    },
  } as never;
});
