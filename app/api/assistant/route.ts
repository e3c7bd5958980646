import { assistantApi as api } from '@/lib/api/assistant';
import { assistantFor, readAssistant, updateAssistant } from '@/lib/assistant/assistant-store';
import { entityTags } from '@/lib/http/entity-tags';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// GET /api/assistant – the assistant's name, greeting and starter questions (and, to admins, its instructions)
export const GET = serveRoute(api.read, async ({ principal }) => {
  const { profile, etag } = await readAssistant();
  return json(assistantFor(profile, principal.role), { headers: { etag } });
});

// PATCH /api/assistant – change some of it (a merge patch; null restores a default); 412 when If-Match names an older version
export const PATCH = serveRoute(api.update, async ({ req, body }) => {
  const { profile, etag } = await updateAssistant(body, entityTags(req.headers.get('if-match')));
  return json(profile, { headers: { etag } });
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods(api.read, api.update);
