import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { errorResponse, errorResponses, idParam, jsonBodyErrors, jsonOf } from '@/lib/schemas/common';
import {
  conversationFormatQuery,
  conversationPageSchema,
  conversationSchema,
  createConversationBody,
  listConversationsQuery,
  updateConversationBody,
} from '@/lib/schemas/conversations';

const { 400: e400, 401: e401, 404: e404, 429: e429 } = errorResponses;
const tags = ['conversations'];

export const conversationPaths: ZodOpenApiPathsObject = {
  '/conversations': {
    get: {
      tags,
      summary: "List the caller's conversations",
      description:
        'Most recently active first; keyset pagination with `nextCursor`. With `q`, only the conversations whose title or messages on show (the branch `GET` gives) contain it.',
      requestParams: { query: listConversationsQuery() },
      responses: {
        200: { description: 'A page of conversations.', content: jsonOf(conversationPageSchema) },
        400: e400,
        401: e401,
        429: e429,
      },
    },
    post: {
      tags,
      summary: 'Open a conversation',
      requestBody: { required: false, content: jsonOf(createConversationBody()) },
      responses: {
        201: { description: 'Created; `Location` names it.', content: jsonOf(conversationSchema) },
        400: e400,
        401: e401,
        ...jsonBodyErrors,
        429: e429,
      },
    },
  },
  '/conversations/{id}': {
    get: {
      tags,
      summary: 'Read a conversation with its messages',
      description:
        'JSON by default. With `Accept: text/markdown` or `?format=markdown`, a Markdown transcript to keep or share: each ' +
        'question and reply, and under each reply the passages its `[n]` markers cite (source, place, quoted sentence).',
      requestParams: { path: idParam, query: conversationFormatQuery() },
      responses: {
        200: {
          description: 'The conversation; messages are AI SDK UIMessages.',
          content: {
            'application/json': { schema: conversationSchema },
            'text/markdown': {
              schema: z.string().meta({ description: 'The transcript (`Content-Disposition: attachment`).' }),
            },
          },
        } as never,
        400: e400,
        401: e401,
        404: e404,
        429: e429,
      },
    },
    patch: {
      tags,
      summary: 'Rename a conversation, or show another branch of it',
      requestParams: { path: idParam },
      requestBody: { content: jsonOf(updateConversationBody()) },
      responses: {
        200: {
          description: 'The conversation as it now is, with the messages on show.',
          content: jsonOf(conversationSchema),
        },
        400: e400,
        401: e401,
        404: errorResponse('No such conversation, or `messageId` is not one of its messages.'),
        409: errorResponse('A reply is being written in the conversation: the branch cannot change until it ends.'),
        ...jsonBodyErrors,
        429: e429,
      },
    },
    delete: {
      tags,
      summary: 'Delete a conversation and its messages',
      requestParams: { path: idParam },
      responses: { 204: { description: 'Deleted.' }, 400: e400, 401: e401, 404: e404, 429: e429 },
    },
  },
};
