import { createSources } from '@/lib/knowledge/sources';
import { listSources } from '@/lib/knowledge/sources';
import { readIngestRequest } from '@/lib/knowledge/sources';
import { toSourceJson } from '@/lib/knowledge/sources';
import { parseQuery } from '@/lib/http/validation';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { listSourcesQuery } from '@/lib/schemas/knowledge';

// GET /api/knowledge/sources – list sources, newest first (`status`, `q`: filters; `sort`)
export const GET = withApi(
  async ({ req }) => {
    const { limit, cursor, status, q, sort } = parseQuery(req, listSourcesQuery());
    return json(await listSources({ limit, cursor, status, q, sort }));
  },
  { auth: 'user' },
);

// POST /api/knowledge/sources – queue text, URLs or files for ingestion
export const POST = withApi(
  async ({ req }) => {
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
  },
  { auth: 'admin' },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST']);
