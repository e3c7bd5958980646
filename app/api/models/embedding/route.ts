import { embeddingModelApi as api } from '@/lib/api/models';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { embeddingModelView, setEmbeddingModel } from '@/lib/models/embedding-model-choices';

// GET /api/models/embedding – the embedding model, the one search uses now, and the re-index's progress
export const GET = serveRoute(api.getEmbeddingModel, async () => json(await embeddingModelView()));

// PUT /api/models/embedding – choose it (409 while EMBEDDING_MODEL chooses); the re-index starts at once
export const PUT = serveRoute(api.setEmbeddingModel, async ({ body }) => {
  await setEmbeddingModel(body.id);
  return json(await embeddingModelView());
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods(api.getEmbeddingModel, api.setEmbeddingModel);
