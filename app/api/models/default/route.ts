import { modelsApi as api } from '@/lib/api/models';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { chatModelChoices, setDefaultChatModel } from '@/lib/models/chat-model-choices';

// PUT /api/models/default – choose the default chat model (409 while CHAT_MODEL chooses it)
export const PUT = serveRoute(api.setDefaultChatModel, async ({ body }) => {
  await setDefaultChatModel(body.chatModel);
  return json(await chatModelChoices());
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods(api.setDefaultChatModel);
