import { modelsApi as api } from '@/lib/api/models';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { connectionView, createConnection, listConnections } from '@/lib/models/connections';
import { detectOllama } from '@/lib/models/detect-ollama';

// GET /api/models/connections – every connection (an Ollama found at OLLAMA_URL, suggested and disabled)
export const GET = serveRoute(api.listConnections, async () => {
  await detectOllama();
  return json({ data: (await listConnections()).map(connectionView) });
});

// POST /api/models/connections – add one; its key is stored encrypted and never returned
export const POST = serveRoute(api.createConnection, async ({ body }) => {
  const row = await createConnection(body);
  return json(connectionView(row), { status: 201, headers: { location: `/api/models/connections/${row.id}` } });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.listConnections, api.createConnection);
