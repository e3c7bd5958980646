import { readableCollections } from '@/lib/access';
import { knowledgeApi as api } from '@/lib/api/knowledge';
import { noneMatchHolds } from '@/lib/http/entity-tags';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';
import { readSourceText, sourceTextEtag } from '@/lib/knowledge/sources';

// GET /api/knowledge/sources/{id}/text – the source's text as ingested, which citations' offsets index
export const GET = serveRoute(api.text, async ({ req, principal, params: { id } }) => {
  const { generation, text, mediaType } = await readSourceText(id, await readableCollections(principal));
  const etag = sourceTextEtag(id, generation);
  const headers = { etag, 'source-generation': String(generation), 'cache-control': 'private, no-cache' };
  if (noneMatchHolds(req.headers.get('if-none-match'), etag)) {
    await text.cancel();
    return new Response(null, { status: 304, headers });
  }
  return new Response(text.pipeThrough(new TextEncoderStream()), {
    headers: { ...headers, 'content-type': `${mediaType}; charset=utf-8` },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.text);
