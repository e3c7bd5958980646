import { knowledgeApi as api } from '@/lib/api/knowledge';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { createSources, listSources, readIngestRequest, toSourceJson } from '@/lib/knowledge/sources';

// GET /api/knowledge/sources – list sources, newest first (`status`, `q`: filters; `sort`)
export const GET = serveRoute(api.list, async ({ query: { limit, cursor, status, q, sort } }) =>
  json(await listSources({ limit, cursor, status, q, sort })),
);

// POST /api/knowledge/sources – queue text, URLs or files for ingestion (JSON, multipart or JSON Lines: readIngestRequest)
export const POST = serveRoute(api.ingest, async ({ req }) => {
  const { sources } = await readIngestRequest(req);
  const results = await createSources(sources);
  const status = results.some((r) => r.created) ? 202 : 200;
  if (results.length === 1) {
    const source = toSourceJson(results[0]!.source);
    return json(source, { status, headers: { location: `/api/knowledge/sources/${source.id}` } });
  }
  const first = results[0]!.source.id;
  return json(
    { data: results.map((r) => toSourceJson(r.source)) },
    { status, headers: { location: `/api/knowledge/sources/${first}` } },
  );
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.list, api.ingest);
