import { readableCollections } from '@/lib/access';
import { chatApi as api } from '@/lib/api/chat';
import { answerQuestion } from '@/lib/chat/answer-question';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';

// POST /api/ask – deprecated one-shot question: {question} → {answer, citations} (Deprecation headers: see its declaration)
export const POST = serveRoute(api.ask, async ({ body: { question }, principal }) =>
  json(await answerQuestion(question, await readableCollections(principal))),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.ask);
