import { readableCollections, assertReadableCollection } from '@/lib/access';
import { knowledgeApi as api } from '@/lib/api/knowledge';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import {
  assertEditsSomething,
  createSources,
  editableCollectionOrThrow,
  getSourceOrThrow,
  listSources,
  presentSources,
  readIngestRequest,
} from '@/lib/knowledge/sources';
import { createCrawl } from '@/lib/knowledge/crawl';
import { setSourceRefresh } from '@/lib/knowledge/refresh';

// GET /api/knowledge/sources – the sources of collections the caller reads, newest first (`status`, `q`, `collectionId`: filters; `sort`)
export const GET = serveRoute(
  api.list,
  async ({ principal, query: { limit, cursor, status, q, sort, collectionId, connector, crawlId } }) => {
    if (collectionId) await assertReadableCollection(principal, collectionId);
    const reach = await readableCollections(principal);
    return json(await listSources({ limit, cursor, status, q, sort, collectionId, connector, crawlId, reach }));
  },
);

// POST /api/knowledge/sources – queue text, URLs or files for ingestion into a collection the caller edits
// (JSON, multipart or JSON Lines: readIngestRequest), or a crawl of a website whose pages become sources
export const POST = serveRoute(api.ingest, async ({ req, principal, query }) => {
  await assertEditsSomething(principal); // before the body is read: most callers may not add anything
  const request = await readIngestRequest(req);
  const collectionId = await editableCollectionOrThrow(principal, request.collectionId ?? query.collectionId);
  if (request.crawl) {
    const crawl = await createCrawl({ request: request.crawl, collectionId });
    return json(crawl, { status: 202, headers: { location: `/api/knowledge/crawls/${crawl.id}` } });
  }
  const results = await createSources(request.sources, { collectionId });
  const status = results.some((r) => r.created) ? 202 : 200;
  if (request.refresh !== undefined) {
    // `{url, refresh}`: one page, whose schedule is set once it is stored (or found stored already).
    const { id } = results[0]!.source;
    await setSourceRefresh(id, request.refresh);
    return json(await getSourceOrThrow(id), { status, headers: { location: `/api/knowledge/sources/${id}` } });
  }
  const sources = await presentSources(results.map((r) => r.source));
  const location = `/api/knowledge/sources/${sources[0]!.id}`;
  if (sources.length === 1) return json(sources[0], { status, headers: { location } });
  return json({ data: sources }, { status, headers: { location } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.list, api.ingest);
