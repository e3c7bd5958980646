import { openAiApi as api, STORE_HEADER } from '@/lib/api/openai';
import { serveRoute } from '@/lib/http/serve-route';
import { otherMethods } from '@/lib/http/with-api';
import { completeChat } from '@/lib/openai/complete-chat';

// POST /api/v1/chat/completions – OpenAI's chat completions, answered from the knowledge base (streamed or not)
export const POST = serveRoute(api.completions, async ({ req, body, principal }) => {
  const store =
    req.headers.get(STORE_HEADER)?.trim().toLowerCase() === 'true' || body.metadata?.store_conversation === 'true';
  return completeChat({ body, principal, store, signal: req.signal });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.completions);
