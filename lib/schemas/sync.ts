import { z } from 'zod';
import { isBlank } from './common';
import { metadataSchema, sourceTitleSchema, urlSourceInput } from './knowledge';

/** The most sources one sync request names; a larger set goes in pages (`run`). */
export const MAX_SYNC_SOURCES = 1000;
/** The most pages of one run: ten million sources, and a bound on the pages a 409 lists. */
export const MAX_SYNC_PAGES = 10_000;

export const syncParams = z.object({
  connector: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'must be 1-64 of a-z, 0-9, ".", "_" and "-", starting with a letter or digit')
    .meta({
      description: 'Names the outside system (`wiki`, `shared-drive`): its sources are kept apart from others.',
    }),
});

export const syncQuery = () =>
  z.object({
    allowEmpty: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .optional()
      .transform((v) => v === 'true')
      .meta({ description: 'Lets a `complete` sync with no sources delete all of the connector’s sources.' }),
  });

/** One source as the outside system has it: text, or a URL the server fetches. */
const syncItem = z
  .object({
    externalId: z.string().min(1, 'must not be empty').max(500, 'must be at most 500 characters').meta({
      description: 'Its id in the outside system (a path, a page id): with the connector, it names the source.',
    }),
    title: sourceTitleSchema().optional().meta({ description: 'Optional; as for `POST /knowledge/sources`.' }),
    text: z
      .string()
      .min(1, 'must not be empty')
      .refine((t) => !isBlank(t), 'must not be blank')
      .optional()
      .meta({ description: 'The content as Markdown. Send `text` or `url`, not both.' }),
    url: urlSourceInput().shape.url.optional(),
    metadata: metadataSchema.optional(),
    updatedAt: z.iso
      .datetime({ offset: true, message: 'must be an ISO 8601 date and time' })
      .optional()
      .meta({ description: 'When it last changed there: a web page is fetched again only when this changes.' }),
  })
  .refine((s) => (s.text === undefined) !== (s.url === undefined), {
    message: 'needs exactly one of `text` and `url`',
  })
  .meta({ id: 'SyncSourceInput' });

export type SyncItem = z.infer<typeof syncItem>;

export const syncBody = z
  .object({
    sources: z
      .array(syncItem)
      .max(MAX_SYNC_SOURCES, `at most ${MAX_SYNC_SOURCES} sources per request: send pages with \`run\``)
      .superRefine((items, ctx) => {
        const seen = new Set<string>();
        items.forEach((s, i) => {
          if (seen.has(s.externalId))
            ctx.addIssue({ code: 'custom', path: [i, 'externalId'], message: 'is named twice in this request' });
          seen.add(s.externalId);
        });
      }),
    complete: z.boolean().optional().meta({
      description:
        'This request (or, with `run`, this run up to this page) is the whole set: the connector’s other sources in the collection are deleted.',
    }),
    collectionId: z.uuid({ message: 'must be a UUID' }).optional().meta({
      description: 'The collection synced (default: `DEFAULT_COLLECTION`’s); you must edit it.',
    }),
    run: z
      .object({
        id: z.string().min(1).max(100).meta({ description: 'Names one paged sync; the same for all its pages.' }),
        page: z
          .number()
          .int()
          .min(1)
          .max(MAX_SYNC_PAGES)
          .meta({ description: 'From 1 (at most 10,000). Sending a page again is harmless.' }),
      })
      .optional()
      .meta({
        description:
          'A paged sync. The page with `complete: true` deletes only when pages 1 to it have all been received (else 409, nothing deleted).',
      }),
  })
  .meta({
    id: 'SyncBody',
    example: {
      sources: [
        { externalId: 'handbook/leave.md', text: '# Leave\n\nTwenty-five days a year.', metadata: { team: 'hr' } },
        { externalId: 'status-page', url: 'https://status.example.com/', updatedAt: '2026-12-01T08:00:00Z' },
      ],
      complete: true,
    },
  });

export type SyncBody = z.infer<typeof syncBody>;

export const syncResultSchema = z
  .object({
    created: z.number().int(),
    updated: z
      .number()
      .int()
      .meta({ description: 'Changed: queued as the next generation (the old stays searchable).' }),
    unchanged: z.number().int().meta({ description: 'Same content, title, metadata (and date): not ingested again.' }),
    deleted: z.number().int(),
    failed: z.number().int(),
    errors: z.array(z.object({ externalId: z.string(), detail: z.string() })),
    run: z
      .object({ id: z.string(), pages: z.array(z.number().int()).meta({ description: 'The pages received so far.' }) })
      .optional(),
  })
  .meta({
    id: 'SyncResult',
    example: { created: 1, updated: 0, unchanged: 41, deleted: 2, failed: 0, errors: [] },
  });

export type SyncResult = z.infer<typeof syncResultSchema>;
