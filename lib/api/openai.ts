import { z } from 'zod';
import { defineRoute, problem } from '@/lib/http/define-route';
import { chatCompletionBody, chatCompletionSchema, openAiModelListSchema } from '@/lib/schemas/openai';

const tags = ['openai-compatible'];

/** The store switch: a header, for clients whose body the caller does not shape. */
export const STORE_HEADER = 'x-groundwork-store';

const conversationHeader = z.object({
  'X-Groundwork-Conversation-Id': z
    .uuid()
    .optional()
    .meta({ description: 'When the exchange was stored as a conversation (asked for): its id.' }),
});

/**
 * OpenAI's chat completions and models endpoints, for the clients that speak them (the official
 * SDKs, IDE assistants, agent frameworks): errors in OpenAI's shape, not problem+json.
 */
export const openAiApi = {
  completions: defineRoute({
    method: 'POST',
    path: '/v1/chat/completions',
    auth: 'user',
    limit: 'messages',
    errors: 'openai',
    tags,
    summary: 'Answer a conversation, OpenAI-compatible',
    description:
      'OpenAI’s chat completions, answered with the same retrieval and grounding as a conversation: the last message ' +
      '(a `user` one) is the question, the `user` and `assistant` messages before it the history. The answer keeps its ' +
      '`[n]` markers, and `citations` lists the passages they cite. `model` chooses the knowledge: `GET /v1/models` lists ' +
      'the names. With `stream: true`, `chat.completion.chunk` events end with `data: [DONE]`; the citations ride on the ' +
      'last chunk before it. `tools`, `functions`, `tool_choice` other than `none`, `n` > 1, `response_format` other than ' +
      'text, `logprobs`, audio and non-text `modalities` answer 400 naming the `param`. Nothing is stored unless ' +
      '`X-Groundwork-Store: true` or `metadata.store_conversation: "true"` asks: then the exchange becomes a conversation ' +
      'of the caller’s, named by the `X-Groundwork-Conversation-Id` header. Counts against the same message rate limit ' +
      'as sending a message.',
    headers: z.object({
      [STORE_HEADER]: z
        .enum(['true', 'false'])
        .optional()
        .meta({ description: '`true`: keep the exchange as a conversation.' }),
    }),
    body: { schema: chatCompletionBody },
    responses: {
      200: {
        description: 'The answer, or with `stream: true` its chunks.',
        headers: conversationHeader,
        content: {
          'application/json': { schema: chatCompletionSchema },
          'text/event-stream': {
            schema: z.string().meta({
              description:
                'SSE: `data: <chat.completion.chunk JSON>` events (`{id, object, created, model, choices: [{index, delta: ' +
                '{role?, content?}, logprobs, finish_reason}], usage?, citations?}`), then `data: [DONE]`.',
            }),
          },
        },
      },
      404: problem('`model_not_found`: no such model name, or one naming a collection the key may not read.'),
      503: problem('The chat model failed.'),
    },
  }),
  models: defineRoute({
    method: 'GET',
    path: '/v1/models',
    auth: 'user',
    errors: 'openai',
    tags,
    summary: 'List the model names, OpenAI-compatible',
    description:
      'The chat model (`local` for the built-in one), which answers from every collection the key may read, then ' +
      '`<model>@<collection id>` for each of those collections, which answers from that collection alone (with the ' +
      'collection’s `id` and `name` in `collection`).',
    responses: { 200: { description: 'The model names.', schema: openAiModelListSchema } },
  }),
};
