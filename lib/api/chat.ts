import { z } from 'zod';
import { defineRoute, problem } from '@/lib/http/define-route';
import { askBody, askResponseSchema, sendMessageBody, stopReplyBody } from '@/lib/schemas/chat';
import { idParam } from '@/lib/schemas/common';
import { uiMessageSchema } from '@/lib/schemas/conversations';

const tags = ['conversations'];

const streamDescription = [
  'The reply as an AI SDK UI message stream (Server-Sent Events, header `x-vercel-ai-ui-message-stream: v1`),',
  'readable with `useChat` or `readUIMessageStream`. Chunks, in order: `start` (with `messageId`, the stored',
  'assistant message id, and `messageMetadata` `{createdAt, model, questionId, status: "streaming"}`: `questionId` is the',
  'stored id of the question, which a client that sent it under an id of its own should take over), `start-step`,',
  '`text-start`/`text-delta`/`text-end` (text with inline `[n]` markers), `finish-step`, then a `data-searched-for` (payload:',
  'SearchedFor) when words of the question the knowledge base lacks were searched for as near words it has, one `source-document`',
  'per cited source (`sourceId` = knowledge source id) and one `data-citation` per cited passage (payload: Citation),',
  'then `finish` with `messageMetadata` `{createdAt, model, questionId, status: "complete"|"failed"|"stopped", usage}`. A model failure',
  'sends an `error` chunk before the citations and ends with status `failed`; a stopped reply (`POST /conversations/{id}/stop`)',
  'ends with the citations of what was written, `finishReason: "other"` and status `stopped`. The stored message has exactly these',
  'parts. The `X-Message-Id` header also names the assistant message.',
].join(' ');

const eventStream = () => ({
  'text/event-stream': {
    schema: z.string().meta({ description: 'SSE: `data: <UIMessageChunk JSON>` lines, ending with `data: [DONE]`.' }),
  },
});

/** A conversation's replies: sending, following and stopping them, and the deprecated one-shot /ask. */
export const chatApi = {
  send: defineRoute({
    method: 'POST',
    path: '/conversations/{id}/messages',
    auth: 'user',
    limit: 'messages',
    tags,
    summary: 'Send a message and stream the grounded reply',
    description:
      'Stores the message, retrieves passages from the knowledge base and streams the assistant reply with citations. ' +
      'The reply is completed and stored even if the client disconnects. Citations are numbered by first appearance; ' +
      'images (Markdown or `<img>`) are removed from the model output. Send `Accept: text/plain` for the reply text alone. ' +
      'A message continues the branch on show. With useChat, send `trigger: "regenerate-message"` for a new version of the ' +
      'last reply; send `edit: true` (or a question’s id) to send this message as a new version of that question. Either ' +
      'starts a new branch and keeps the old one.',
    params: idParam,
    body: { schema: sendMessageBody },
    responses: {
      200: {
        description: streamDescription,
        content: {
          ...eventStream(),
          'text/plain': {
            schema: z.string().meta({ description: 'With `Accept: text/plain`: the reply text, streamed.' }),
          },
        },
      },
      409: problem('A reply is still streaming in this conversation.'),
    },
  }),
  follow: defineRoute({
    method: 'GET',
    path: '/conversations/{id}/stream',
    auth: 'user',
    tags,
    summary: 'Follow the reply being written',
    description:
      'For a client that comes back while a reply is being written (a reload, a second tab, a dropped connection): ' +
      'the same UI message stream as the send, replayed from its `start` chunk and then live until `finish`. ' +
      'This is the endpoint `useChat` calls with `resume: true`. Only the instance writing the reply has it; ' +
      'elsewhere, and when no reply is being written, the answer is 204 and the conversation (`GET /conversations/{id}`) ' +
      'holds the reply as saved so far (every few seconds while it is written, `status: "streaming"`). Citations of sources ' +
      'the caller may no longer read come as `RestrictedCitation`, as in `GET /conversations/{id}`.',
    params: idParam,
    responses: {
      200: { description: streamDescription, content: eventStream() },
      204: { description: 'No reply is being written in this conversation (by this instance).' },
    },
  }),
  stop: defineRoute({
    method: 'POST',
    path: '/conversations/{id}/stop',
    auth: 'user',
    tags,
    summary: 'Stop the reply being written',
    description:
      'Ends the model call and stores what was written so far as the reply, with `status: "stopped"`; the conversation ' +
      'takes the next message at once. A client that only closes its stream leaves the reply to be finished and stored. ' +
      'The body is optional: `{messageId}` names the reply, and stopping a reply that has already ended changes nothing ' +
      '(the answer is that reply as stored). A reply another instance is writing is stopped with what it last saved ' +
      '(every few seconds); that instance ends its model call within a few seconds.',
    params: idParam,
    body: { schema: stopReplyBody, optional: true },
    responses: {
      200: {
        description: 'The reply as stored: `stopped`, or its final status if it had already ended.',
        schema: uiMessageSchema,
      },
      404: problem('No such conversation, or no such reply in it.'),
      409: problem('No `messageId` was given and no reply is being written in the conversation.'),
    },
  }),
  ask: defineRoute({
    method: 'POST',
    path: '/ask',
    auth: 'user',
    limit: 'messages',
    tags,
    deprecated: { since: new Date(Date.UTC(2026, 10, 1)), successor: '/conversations' },
    summary: 'One-shot question (deprecated)',
    description:
      'Same retrieval and model as a conversation, answered in one JSON response; nothing is stored. ' +
      'Deprecated: use `POST /conversations` and `POST /conversations/{id}/messages`. Responses carry ' +
      '`Deprecation` (RFC 9745) and `Link: </api/conversations>; rel="successor-version"`.',
    body: { schema: askBody },
    responses: {
      200: { description: 'The answer and its citations.', schema: askResponseSchema },
      503: problem('The chat model failed.'),
    },
  }),
};
