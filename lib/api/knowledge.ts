import { z } from 'zod';
import { defineRoute, problem } from '@/lib/http/define-route';
import { idParam } from '@/lib/schemas/common';
import {
  deletedSchema,
  deleteSourcesBody,
  ingestBody,
  ingestQuery,
  listSourcesQuery,
  retriedSchema,
  retrySourcesBody,
  searchQuery,
  searchResultSchema,
  sourceChunksQuery,
  sourceChunksSchema,
  sourceListSchema,
  sourcePageSchema,
  sourceSchema,
  updateSourceBody,
} from '@/lib/schemas/knowledge';
import { crawlSchema, ingestOrCrawlBody } from '@/lib/schemas/crawls';

const tags = ['knowledge'];
const uploadTooLarge = problem('Upload over MAX_UPLOAD_BYTES (refused while streaming).');
const notAccepted = problem('Not an accepted type (the detail names the accepted ones), or a compressed body.');
const sourceOrList = () => z.union([sourceSchema, sourceListSchema]);

/** Knowledge sources, their ingestion, and the search over them (app/api/knowledge). */
export const knowledgeApi = {
  list: defineRoute({
    method: 'GET',
    path: '/knowledge/sources',
    auth: 'user',
    tags,
    summary: 'List knowledge sources',
    description: 'Only the sources of collections you may read.',
    query: listSourcesQuery,
    responses: { 200: { description: 'Newest first.', schema: sourcePageSchema } },
  }),
  ingest: defineRoute({
    method: 'POST',
    path: '/knowledge/sources',
    auth: 'user',
    tags,
    summary: 'Ingest sources (admin or editor)',
    description:
      'Into the collection named by `collectionId` (default: `DEFAULT_COLLECTION`’s). Admins may add to any collection, ' +
      'others to those one of their groups edits: 403 for a collection they only read, 404 for one they cannot read. ' +
      'Identical content already in that collection is not stored twice.',
    query: ingestQuery,
    body: { documented: ingestOrCrawlBody() },
    responses: {
      200: { description: 'Identical content already stored: the existing source.', schema: sourceOrList() },
      202: {
        description:
          'Queued; ingestion runs in the background. `Location` names the source. Several sources: `{data}`. ' +
          'A crawl: the crawl (`Location`: `/knowledge/crawls/{id}`), whose pages are sources of kind `url`.',
        schema: z.union([sourceSchema, sourceListSchema, crawlSchema]),
      },
      413: uploadTooLarge,
      403: problem('You may not add to that collection (you read it but are not in its editor groups), or to any.'),
      415: notAccepted,
    },
  }),
  read: defineRoute({
    method: 'GET',
    path: '/knowledge/sources/{id}',
    auth: 'user',
    tags,
    summary: 'Get a knowledge source',
    params: idParam,
    responses: { 200: { description: 'The source.', schema: sourceSchema } },
  }),
  replace: defineRoute({
    method: 'PUT',
    path: '/knowledge/sources/{id}',
    auth: 'user',
    tags,
    summary: 'Replace a source’s content (admin or editor)',
    description:
      'Same forms as POST, one source. The old chunks stay searchable until the new ones are ready. Send the `ETag` of ' +
      '`GET /knowledge/sources/{id}/text` as `If-Match` to replace only the text you read: an edit made meanwhile is not overwritten.',
    params: idParam,
    headers: z.object({
      'If-Match': z.string().optional().meta({
        description: 'The ETag of the text this replacement was made from; 412 if the source has changed since.',
      }),
    }),
    body: { documented: ingestBody },
    responses: {
      200: {
        description:
          'Nothing changed (same content, title and metadata): not ingested again. A web page is always fetched again.',
        schema: sourceSchema,
      },
      202: { description: 'Queued.', schema: sourceSchema },
      409: problem('Another source already holds the same content: the detail names it, and `duplicateOf` is its id.'),
      412: problem(
        '`If-Match` names a text that is no longer the source’s: another replacement went live or is queued.',
      ),
      413: uploadTooLarge,
      415: notAccepted,
    },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/knowledge/sources/{id}',
    auth: 'user',
    tags,
    summary: 'Rename a source, move it to another collection, or change its metadata (admin or editor)',
    description:
      'Without sending its content again. Both show at once in listings, search hits and citations. A source’s title is ' +
      'indexed with each of its chunks, so a new title also queues it to be chunked again from the content it keeps ' +
      '(status `pending`): it answers from its old chunks until the new ones are ready, and keeps them if that fails. ' +
      'A source being ingested starts again under the new title; a failed one takes it when retried. `collectionId` ' +
      'moves it as it is (no new ingestion): you must edit both collections, and the same content already in the target is a 409.',
    params: idParam,
    body: { schema: updateSourceBody, mediaTypes: ['application/merge-patch+json', 'application/json'] },
    responses: {
      200: { description: 'The source as changed (as it was, when the patch changes nothing).', schema: sourceSchema },
      415: problem('The body is not JSON (application/json or application/merge-patch+json).'),
    },
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/knowledge/sources/{id}',
    auth: 'user',
    tags,
    summary: 'Delete a source and its chunks (admin or editor)',
    params: idParam,
    responses: { 204: { description: 'Deleted; an ingestion in progress is cancelled.' } },
  }),
  retryFailed: defineRoute({
    method: 'POST',
    path: '/knowledge/sources/retry',
    auth: 'user',
    tags,
    summary: 'Retry every failed source (admin or editor)',
    description:
      'Queues failed sources again with the content they failed on, after an outage of the embedding server for example. ' +
      'The body is optional: without it every failed source is retried. Of failed sources with the same content only the oldest is queued.',
    body: { schema: retrySourcesBody, optional: true },
    responses: {
      200: { description: 'No failed source could be queued.', schema: retriedSchema },
      202: { description: 'Queued.', schema: retriedSchema },
      415: problem('A body that is not application/json, or a compressed one.'),
    },
  }),
  deleteMany: defineRoute({
    method: 'POST',
    path: '/knowledge/sources/delete',
    auth: 'user',
    tags,
    summary: 'Delete several sources and their chunks (admin or editor)',
    description:
      'As `DELETE /knowledge/sources/{id}` for each: an ingestion in progress is cancelled, and none of their chunks ' +
      'is found or cited again. Ids that name no source are listed, not refused, so a repeated request answers the same way.',
    body: { schema: deleteSourcesBody },
    responses: { 200: { description: 'Deleted.', schema: deletedSchema } },
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/knowledge/sources/{id}/retry',
    auth: 'user',
    tags,
    summary: 'Retry a failed source (admin or editor)',
    description:
      'Queues a `failed` source again with the content it failed on, for a cause that has passed (an embedding server that was down, a page that did not answer).',
    params: idParam,
    responses: {
      202: { description: 'Queued.', schema: sourceSchema },
      409: problem(
        'The source has not failed, or another source already holds the same content (`duplicateOf` is its id).',
      ),
    },
  }),
  text: defineRoute({
    method: 'GET',
    path: '/knowledge/sources/{id}/text',
    auth: 'user',
    tags,
    summary: 'Read a source’s text',
    description:
      'The text the source was ingested as (its parser’s Markdown, headings as `#` lines; plain text for a `text/plain` ' +
      'source), which the `location.start`/`end` ' +
      'offsets of its search hits and citations index, in UTF-16 code units as JavaScript strings count them. Whitespace ' +
      'between passages is kept to its length, not always to its exact characters. Send the `ETag` back in ' +
      '`If-None-Match` for a 304 while the source is unchanged. The `Source-Generation` header names the generation served, ' +
      'to compare with a hit’s or citation’s `generation`.',
    params: idParam,
    responses: {
      200: {
        description: 'The text.',
        headers: z.object({
          ETag: z.string().meta({ description: 'Changes with the generation.' }),
          'Source-Generation': z.string().meta({ description: 'The generation whose text this is (an integer).' }),
        }),
        content: { 'text/markdown': { schema: z.string() }, 'text/plain': { schema: z.string() } },
      },
      304: { description: 'Unchanged since the `ETag` sent in `If-None-Match`.' },
      409: problem('The source has no text yet (its first ingestion is under way) or failed to ingest.'),
    },
  }),
  chunks: defineRoute({
    method: 'GET',
    path: '/knowledge/sources/{id}/chunks',
    auth: 'user',
    tags,
    summary: 'List a source’s chunks',
    description:
      'The passages the source’s text was cut into, in order: what search ranks and citations point to, each with its ' +
      'heading path, page and the offsets it covers in `GET /knowledge/sources/{id}/text` (consecutive chunks overlap ' +
      'by `CHUNK_OVERLAP_TOKENS`). A cursor belongs to the generation it was read in: after the source is replaced, ' +
      'it answers 409.',
    params: idParam,
    query: sourceChunksQuery,
    responses: {
      200: { description: 'A page of chunks.', schema: sourceChunksSchema },
      409: problem(
        'The source has no chunks yet (its first ingestion is under way) or failed to ingest, or it was replaced since the cursor’s page.',
      ),
    },
  }),
  search: defineRoute({
    method: 'GET',
    path: '/knowledge/search',
    auth: 'user',
    tags,
    summary: 'Hybrid search (the retrieval the assistant uses)',
    query: searchQuery,
    responses: { 200: { description: 'Best first.', schema: searchResultSchema }, 404: problem() },
  }),
};
