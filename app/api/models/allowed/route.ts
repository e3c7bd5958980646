import { modelsApi as api } from '@/lib/api/models';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { allowedChatModels, storeAllowedModels } from '@/lib/models/allowed-models';

// GET /api/models/allowed – the chat models a message may name (anyone who may chat)
export const GET = serveRoute(api.listAllowedChatModels, async () => json({ data: await allowedChatModels() }));

// PUT /api/models/allowed – choose the models users may pick (admin; 422 for one no connection offers)
export const PUT = serveRoute(api.setAllowedChatModels, async ({ body }) => {
  await storeAllowedModels(body.ids);
  return json({ data: await allowedChatModels() });
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods(api.listAllowedChatModels, api.setAllowedChatModels);
