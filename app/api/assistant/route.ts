import { assistantFor, readAssistant, updateAssistant } from '@/lib/assistant/assistant-store';
import { entityTags } from '@/lib/http/entity-tags';
import { readJson } from '@/lib/http/read-json';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { updateAssistantBody } from '@/lib/schemas/assistant';

// GET /api/assistant – the assistant's name, greeting and starter questions (and, to admins, its instructions)
export const GET = withApi(
  async ({ principal }) => {
    const { profile, etag } = await readAssistant();
    return json(assistantFor(profile, principal.role), { headers: { etag } });
  },
  { auth: 'user' },
);

// PATCH /api/assistant – change some of it (a merge patch; null restores a default); 412 when If-Match names an older version
export const PATCH = withApi(
  async ({ req }) => {
    const patch = await readJson(req, updateAssistantBody());
    const { profile, etag } = await updateAssistant(patch, entityTags(req.headers.get('if-match')));
    return json(profile, { headers: { etag } });
  },
  { auth: 'admin' },
);

export const { POST, PUT, DELETE, OPTIONS } = otherMethods(['GET', 'PATCH']);
