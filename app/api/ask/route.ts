import { answerQuestion } from '@/lib/chat/answer-question';
import { json, otherMethods, withApi } from '@/lib/http/with-api';
import { readJson } from '@/lib/http/read-json';
import { askBody } from '@/lib/schemas/chat';

/** When /ask was deprecated (RFC 9745: `@` + Unix seconds). */
const ASK_DEPRECATED_AT = Date.UTC(2026, 10, 1) / 1000;
const DEPRECATION_HEADERS = {
  deprecation: `@${ASK_DEPRECATED_AT}`,
  link: '</api/conversations>; rel="successor-version"',
};

// POST /api/ask – deprecated one-shot question: {question} → {answer, citations}
const post = withApi(
  async ({ req }) => {
    const { question } = await readJson(req, askBody());
    return json(await answerQuestion(question));
  },
  { auth: 'user', limit: 'messages' },
);

export async function POST(req: Request, args: { params: Promise<Record<string, never>> }): Promise<Response> {
  const response = await post(req, args);
  // Errors too: a client that only ever sees 4xx should still learn the endpoint is going away.
  for (const [name, value] of Object.entries(DEPRECATION_HEADERS)) response.headers.set(name, value);
  return response;
}

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['POST']);
