import { z } from 'zod';
import { config } from '@/lib/config';
import { ACCEPTED_TYPES, catalog } from '@/lib/knowledge/formats/catalog';
import { MAX_SOURCE_TITLE_CHARS } from '@/lib/schemas/source-title-limit';
import { containsQuery, isBlank, pageQuery, titleSchema } from './common';
import { refreshSettingSchema } from './refreshes';

/** One instance per schema: the OpenAPI document refuses two schemas with one id. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** A source's title: longer than other titles, as documents' own are (lib/schemas/source-title-limit.ts). */
export const sourceTitleSchema = () => titleSchema(MAX_SOURCE_TITLE_CHARS);

/** A source's metadata, as JSON text, at most. */
const MAX_METADATA_CHARS = 16_384;

export const metadataSchema = z
  .record(z.string(), z.unknown())
  .refine((m) => JSON.stringify(m).length <= MAX_METADATA_CHARS, 'must be at most 16 KB of JSON')
  .meta({ description: 'Free JSON kept with the source and returned with search hits and citations.' });

const httpUrl = z
  .string()
  .max(2048)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an http or https URL')
  .meta({ description: 'An http(s) URL, fetched by the server (private addresses are refused unless allowlisted).' });

export const textSourceInput = once(() =>
  z
    .object({
      title: sourceTitleSchema()
        .optional()
        .meta({ description: "Optional; defaults to the YAML front matter's `title`, else the first line." }),
      text: z
        .string()
        .min(1, 'must not be empty')
        .refine((t) => !isBlank(t), 'must not be blank')
        .meta({
          description:
            'The text as Markdown: headings are kept as structure; YAML front matter is read for the title, not indexed.',
        }),
      metadata: metadataSchema.optional(),
    })
    .meta({ id: 'TextSourceInput' }),
);

export const urlSourceInput = once(() =>
  z
    .object({ url: httpUrl, title: sourceTitleSchema().optional(), metadata: metadataSchema.optional() })
    .meta({ id: 'UrlSourceInput' }),
);

/** The most sources one request may create: a bulk body, a JSON Lines body, or all the files of a multipart body together. */
export const MAX_SOURCES_PER_REQUEST = 1000;

export const bulkSourcesInput = () =>
  z
    .object({
      sources: z
        .array(z.union([urlSourceInput(), textSourceInput()]))
        .min(1)
        .max(MAX_SOURCES_PER_REQUEST, `at most ${MAX_SOURCES_PER_REQUEST} sources per request`),
    })
    .meta({ id: 'BulkSourcesInput', description: 'Bulk import: up to 1,000 text or URL sources.' });

export const sourceStatusSchema = z.enum(['pending', 'processing', 'ready', 'failed']);
export const sourceKindSchema = z.enum(['file', 'text', 'url']);

export const sourceSchema = z
  .object({
    id: z.uuid(),
    title: z.string().meta({
      description:
        "Given, or else the document's own once ingested (HTML `<title>`, PDF or DOCX document properties, Markdown front matter), else the file name, URL or first line.",
    }),
    kind: sourceKindSchema,
    mediaType: z.enum(catalog.storedMediaTypes as [string, ...string[]]),
    size: z
      .number()
      .int()
      .meta({ description: 'Bytes of the uploaded content; of a URL’s page once it is fetched (0 until then).' }),
    status: sourceStatusSchema.meta({ description: 'pending → processing → ready | failed.' }),
    progress: z.number().min(0).max(1).meta({ description: 'Share of chunks embedded, 0..1.' }),
    error: z.string().nullable().meta({ description: 'Why ingestion failed.' }),
    chunkCount: z.number().int(),
    generation: z
      .number()
      .int()
      .meta({
        description:
          'The version of the content being searched: 0 until the first ingestion is ready, then higher each time a replacement ' +
          'or refetch goes live (numbers may be skipped). Search hits and citations name the generation their offsets index.',
      }),
    metadata: z.record(z.string(), z.unknown()).meta({
      description:
        'As given; the service adds `ocr: {pages, confidence}` when OCR read some of the content (a scanned PDF page, an image): the pages read and their words’ mean confidence, 0–100.',
    }),
    contentHash: z
      .string()
      .nullable()
      .meta({ description: 'SHA-256 identifying the content; identical content is stored once.' }),
    uri: z.string().optional(),
    filename: z.string().optional(),
    collectionId: z.uuid().meta({ description: 'The collection it belongs to, which decides who reads it.' }),
    collection: z.object({ id: z.uuid(), name: z.string() }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    connector: z
      .string()
      .optional()
      .meta({ description: 'A synced source’s connector (`PUT /knowledge/sync/{connector}`).' }),
    externalId: z.string().optional().meta({ description: 'A synced source’s id in its connector’s system.' }),
    crawlId: z.uuid().optional().meta({ description: 'A crawled page’s crawl (`GET /knowledge/crawls/{id}`).' }),
    refresh: refreshSettingSchema
      .optional()
      .meta({ description: 'A web page’s refresh schedule (kind `url` only; null for a crawl’s page: see its crawl).' }),
    checkedAt: z.iso
      .datetime()
      .nullable()
      .optional()
      .meta({ description: 'A web page’s: when its address was last fetched (kind `url` only).' }),
    changedAt: z.iso.datetime().nullable().optional().meta({
      description: 'A web page’s: when a fetch last found its content changed; the first fetch counts (kind `url` only).',
    }),
    nextRefreshAt: z.iso.datetime().nullable().optional().meta({
      description: 'A web page’s next refresh (kind `url` only): scheduled, or asked for with `POST …/refresh`.',
    }),
  })
  .meta({ id: 'Source', description: 'A knowledge source.' });

const collectionIdField = (description: string) =>
  z.uuid({ message: 'must be a UUID' }).optional().meta({ description });

export const sourceListSchema = z.object({ data: z.array(sourceSchema) }).meta({ id: 'SourceList' });
export const sourcePageSchema = z
  .object({ data: z.array(sourceSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'SourcePage' });

/** Orders of the sources listing: a field, ascending, or with `-` descending. */
export const sourceSortKeys = ['createdAt', 'title', 'kind', 'status', 'chunkCount', 'size'] as const;
export type SourceSortKey = (typeof sourceSortKeys)[number];
export const sourceSortSchema = z.enum(sourceSortKeys.flatMap((k) => [k, `-${k}` as const]));
export type SourceSort = z.infer<typeof sourceSortSchema>;

export const listSourcesQuery = () =>
  pageQuery().extend({
    sort: sourceSortSchema.default('-createdAt').meta({
      description:
        'Order: a field, ascending, or with `-` descending (titles ignore case; status goes pending, processing, ready, failed). Ties go by id.',
    }),
    status: sourceStatusSchema.optional().meta({ description: 'Only sources in this state.' }),
    q: containsQuery('Only sources whose title, file name or URL contains this (case-insensitive, no wildcards).'),
    collectionId: collectionIdField('Only the sources of this collection (404 when you may not read it).'),
    connector: z
      .string()
      .max(64)
      .optional()
      .meta({ description: 'Only the sources this connector synced (`PUT /knowledge/sync/{connector}`).' }),
    crawlId: z
      .uuid({ message: 'must be a UUID' })
      .optional()
      .meta({ description: 'Only the pages of this crawl (`GET /knowledge/crawls/{id}`).' }),
  });

export const ingestQuery = () =>
  z.object({
    collectionId: collectionIdField(
      'The collection the sources go to, when the body does not name one (JSON Lines): see the body’s `collectionId`.',
    ),
  });

export const searchQuery = () =>
  z.object({
    q: z.string().trim().min(1, 'must not be empty').max(2000).meta({ description: 'The question or keywords.' }),
    k: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(config().SEARCH_K)
      .meta({ description: 'How many hits (1-100).' }),
    sourceId: z.uuid({ message: 'must be a UUID' }).optional().meta({ description: 'Search one source only.' }),
  });

/** Where a passage sits in its source: the place a search hit, a chunk and a citation point to. */
export const chunkLocationSchema = z.object({
  headings: z.array(z.string()).optional(),
  page: z.number().int().optional().meta({ description: '1-based PDF page the passage starts on.' }),
  pageEnd: z
    .number()
    .int()
    .optional()
    .meta({ description: 'The PDF page the passage ends on, when it runs over a page turn.' }),
  tableHeader: z.string().optional().meta({
    description:
      'When the passage starts inside a Markdown table, below its header: the header and delimiter rows, which name the columns of its rows. Not part of `text`.',
  }),
  codeFence: z.string().optional().meta({
    description:
      'When the passage starts inside a fenced code block, below its opening line: that line (```ts), which makes `text` up to the closing fence code. Not part of `text`.',
  }),
  start: z.number().int().meta({ description: 'Character offset in the extracted text.' }),
  end: z.number().int(),
});

export const searchHitSchema = z
  .object({
    chunkId: z.uuid(),
    sourceId: z.uuid(),
    title: z.string(),
    text: z.string(),
    score: z.number(),
    location: chunkLocationSchema,
    generation: z.number().int().meta({
      description: 'The source’s generation the chunk belongs to: `location` indexes that version of its text.',
    }),
    metadata: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'SearchHit' });

export const searchResultSchema = z.object({ data: z.array(searchHitSchema) }).meta({ id: 'SearchResult' });

export const sourceChunksQuery = pageQuery;

export const sourceChunksSchema = z
  .object({
    generation: z.number().int().meta({
      description: 'The source’s generation these chunks belong to: `location` indexes that version of its text.',
    }),
    chunkCount: z.number().int().meta({ description: 'Every chunk of that generation, over all pages.' }),
    data: z.array(
      z
        .object({
          id: z.uuid().meta({ description: 'The `chunkId` of search hits.' }),
          ordinal: z.number().int().meta({ description: 'Its place in the source, from 0.' }),
          text: z
            .string()
            .meta({ description: 'What search matches and the assistant reads, besides the title and headings.' }),
          tokenCount: z.number().int(),
          location: chunkLocationSchema,
          embeddingModel: z.string().nullable().meta({
            description:
              "The model whose vector the chunk has: as `EMBEDDING_MODEL` names it (`local-hash-v2`, `openai:<model>`), or `conn:<connectionId>:<model>` for a connection's model.",
          }),
        })
        .meta({ id: 'SourceChunk' }),
    ),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'SourceChunks' });

export type SourceStatus = z.infer<typeof sourceStatusSchema>;

const COLLECTION_ID_NOTE =
  'POST: the collection the sources go to (default: `DEFAULT_COLLECTION`’s). You must be an admin or in one of its ' +
  'editor groups: 403 if you only read it, 404 if you cannot read it. PUT ignores it (move with PATCH).';

/** What POST and PUT /knowledge/sources take, for the OpenAPI document (read-ingest-request.ts reads it). */
export const ingestBody = {
  description:
    'JSON (`{text}`, `{url}` or `{sources: [...]}`), `multipart/form-data` with `file` fields, or JSON Lines.',
  content: {
    'application/json': {
      schema: z.union([
        textSourceInput().extend({ collectionId: z.uuid().optional().meta({ description: COLLECTION_ID_NOTE }) }),
        urlSourceInput().extend({
          collectionId: z.uuid().optional().meta({ description: COLLECTION_ID_NOTE }),
          refresh: refreshSettingSchema
            .optional()
            .meta({ description: 'How often the page is fetched again (default null: never; refresh by hand).' }),
        }),
        bulkSourcesInput().extend({ collectionId: z.uuid().optional().meta({ description: COLLECTION_ID_NOTE }) }),
      ]),
    },
    'multipart/form-data': {
      schema: z.object({
        file: z.string().meta({
          description: `${ACCEPTED_TYPES}; several \`file\` fields for several files.`,
          format: 'binary',
        }),
        title: z.string().optional().meta({
          description:
            'The title of a single file (not a JSON Lines file, whose lines have their own): else its document’s own, else its name.',
        }),
        metadata: z.string().optional().meta({
          description: 'A JSON object kept with every file of the request (under a JSON Lines line’s own members).',
          contentMediaType: 'application/json',
        }),
        collectionId: z.uuid().optional().meta({ description: COLLECTION_ID_NOTE }),
      }),
    },
    'application/jsonl': {
      schema: z.string().meta({ description: 'One `{title?, text, metadata?}` object per line.' }),
    },
  },
} as never;

export const updateSourceBody = once(() =>
  z
    .strictObject({
      title: sourceTitleSchema().nullable().optional().meta({
        description:
          'A new title. `null`: the one it would have been given (its document’s own, else its file name, URL or first line).',
      }),
      metadata: metadataSchema.nullable().optional().meta({
        description:
          'Merged into its metadata as a JSON merge patch: members sent replace those there, objects merge, `null` removes a member. `null`: none at all.',
      }),
      collectionId: z.uuid({ message: 'must be a UUID' }).optional().meta({
        description:
          'Moves it to this collection as it is (its chunks stay; nothing is ingested again). You must edit both collections.',
      }),
      refresh: refreshSettingSchema.optional().meta({
        description:
          'A standalone web page’s refresh schedule (422 for other kinds and for a crawl’s page); the next refresh is now + its interval.',
      }),
    })
    .meta({
      id: 'UpdateSource',
      description: 'A JSON merge patch (RFC 7396): fields left out stay as they are.',
    }),
);

export const retrySourcesBody = () =>
  z
    .object({
      ids: z
        .array(z.uuid({ message: 'must be a UUID' }))
        .min(1)
        .max(1000)
        .optional()
        .meta({ description: 'Only these sources (those of them that failed). Without it, every failed source.' }),
    })
    .strict()
    .meta({ id: 'RetrySources' });

export const deleteSourcesBody = () =>
  z
    .strictObject({
      ids: z
        .array(z.uuid({ message: 'must be a UUID' }))
        .min(1)
        .max(MAX_SOURCES_PER_REQUEST)
        .meta({ description: `The sources to delete, at most ${MAX_SOURCES_PER_REQUEST}.` }),
    })
    .meta({ id: 'DeleteSources' });

export const deletedSchema = z
  .object({
    deleted: z.array(z.uuid()).meta({ description: 'The ids deleted, in the order given.' }),
    unknown: z
      .array(z.uuid())
      .meta({ description: 'Ids that name no source (deleted already, or never there), in the order given.' }),
  })
  .meta({ id: 'DeletedSources' });

export const retriedSchema = z
  .object({
    data: z.array(sourceSchema).meta({ description: 'The sources queued again, oldest first.' }),
    skipped: z
      .array(z.object({ id: z.uuid(), title: z.string() }))
      .meta({ description: 'Failed sources left failed: another source now holds their content.' }),
    unknown: z.array(z.uuid()).meta({
      description:
        'Ids of `ids` that name no source (deleted, or never there), in the order given. Ids of sources that have not failed are left out of all three lists.',
    }),
  })
  .meta({ id: 'RetriedSources' });
