import { z } from 'zod';

export const refreshSettingSchema = z
  .enum(['hourly', 'daily', 'weekly'])
  .nullable()
  .meta({
    id: 'RefreshSetting',
    description:
      'How often the page (or crawl) is fetched again: conditionally, so an unchanged page costs one request and no re-embedding. `null`: never (refresh by hand).',
  });
export type RefreshSetting = z.infer<typeof refreshSettingSchema>;

export const updateRefreshBody = () =>
  z
    .strictObject({ refresh: refreshSettingSchema })
    .meta({ id: 'UpdateCrawl', description: 'The crawl’s refresh schedule; the next refresh is now + its interval.' });

const outcomeSchema = z.enum(['added', 'changed', 'removed', 'failed', 'gone']).meta({
  description:
    '`gone`: answered 404/410 (kept, still searchable; removed when the next refresh finds it gone too). `failed`: any other error, or content that cannot be read or that another source holds; the page is kept as it was.',
});

export const refreshSchema = z
  .object({
    id: z.uuid(),
    sourceId: z.uuid().nullable().meta({ description: 'The web page refreshed (null for a crawl’s refresh).' }),
    crawlId: z.uuid().nullable().meta({ description: 'The crawl refreshed (null for a page’s refresh).' }),
    trigger: z.enum(['schedule', 'manual']),
    state: z.enum(['running', 'done', 'failed']),
    error: z.string().nullable().meta({ description: 'Why the refresh as a whole failed (robots.txt unreadable).' }),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    counts: z
      .object({
        requests: z.number().int().meta({ description: 'Pages requested (robots.txt and sitemaps not counted).' }),
        unchanged: z.number().int(),
        added: z.number().int(),
        changed: z.number().int(),
        removed: z.number().int(),
        failed: z.number().int().meta({ description: 'Pages that failed, and pages gone (404/410) for the first time.' }),
      })
      .meta({ description: 'Pages by outcome.' }),
    pages: z
      .array(
        z.object({
          url: z.string(),
          outcome: outcomeSchema,
          sourceId: z.uuid().nullable().meta({ description: 'Its source (a removed page’s, deleted since).' }),
          error: z.string().nullable(),
        }),
      )
      .optional()
      .meta({ description: 'Every page whose outcome was not "unchanged", at most 1,000, in the order handled.' }),
  })
  .meta({ id: 'Refresh', description: 'One refresh of a web page or a crawl: what it found.' });

export type RefreshJson = z.infer<typeof refreshSchema>;

export const refreshListSchema = z.object({ data: z.array(refreshSchema) }).meta({ id: 'RefreshList' });
