import { openAiApi as api } from '@/lib/api/openai';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { listModels } from '@/lib/openai/model-names';

// GET /api/v1/models – the chat model, and one model name per collection the caller may read
export const GET = serveRoute(api.models, async ({ principal }) =>
  json({ object: 'list', data: await listModels(principal) }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.models);
