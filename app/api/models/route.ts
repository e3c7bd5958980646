import { modelsApi as api } from '@/lib/api/models';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { chatModelChoices } from '@/lib/models/chat-model-choices';

// GET /api/models – the chat models an admin may choose from, and the current default
export const GET = serveRoute(api.listChatModels, async () => json(await chatModelChoices()));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.listChatModels);
