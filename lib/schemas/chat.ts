import 'zod-openapi';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { config } from '@/lib/config';
import { errorResponse, errorResponses, idParam, isBlank, jsonBodyErrors, jsonOf } from './common';
import { uiMessageSchema } from './conversations';
import { chunkLocationSchema } from './knowledge';

/**
 * A message text: not blank, at most MAX_MESSAGE_CHARS characters (NUL and lone surrogates
 * are refused by readJson; a message of several parts is checked joined, in messageContent).
 */
const messageText = () => {
  const max = config().MAX_MESSAGE_CHARS;
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !isBlank(s), 'must not be empty or only whitespace');
};

const textPart = () =>
  z
    .object({ type: z.literal('text'), text: messageText() })
    .meta({ description: 'A text part; the only part type a sent message may have.' });

const uiUserMessage = () =>
  z
    .object({
      id: z
        .string()
        .max(200)
        .optional()
        .meta({ description: 'The client’s id; the server stores the message under its own UUID.' }),
      role: z.literal('user'),
      parts: z
        .array(textPart())
        .min(1, 'must have at least one text part')
        .max(20)
        .meta({ description: 'Text parts; their texts are joined.' }),
    })
    .meta({ id: 'NewUIMessage', description: 'The new user message in the AI SDK UIMessage shape.' });

/**
 * Two accepted shapes: `{content}` for direct API calls, or the AI SDK chat
 * request that `useChat` sends with
 * `new DefaultChatTransport({ prepareSendMessagesRequest: ({ messages, id }) => ({ body: { id, message: messages.at(-1) } }) })`.
 * The default transport's `{messages: [...]}` also works; only its last message is used, because the
 * history always comes from the server.
 */
const editFlag = () =>
  z
    .union([z.boolean(), z.uuid({ message: 'must be true or the id of a question in this conversation' })])
    .optional()
    .meta({
      description:
        'Send this message as a new version of a question (editing it): `true` for the last question on show, or the id of an ' +
        'earlier one. The new question takes its place, is answered, and the conversation goes on from it; the old question ' +
        'and all that followed stay as another branch (see `versions`). 409 when there is no question to edit; 404 for an id ' +
        'that is not a question of this conversation.',
    });

export const sendMessageBody = () =>
  z
    .union([
      z
        .object({ content: messageText().meta({ description: 'The message text.' }), edit: editFlag() })
        .meta({ id: 'SendMessageContent' }),
      z
        .object({
          id: z
            .string()
            .max(200)
            .optional()
            .meta({ description: 'The chat id useChat sends; ignored (the path names the conversation).' }),
          message: uiUserMessage(),
          trigger: z.enum(['submit-message', 'regenerate-message']).optional().meta({
            description:
              'useChat’s trigger. `regenerate-message` answers a stored question again: a new version of its reply, the old one kept (see `versions`).',
          }),
          messageId: z
            .string()
            .max(200)
            .optional()
            .meta({
              description:
                'useChat’s id of the message to regenerate: when it names a reply (or a question) of this conversation, that one is ' +
                'answered again; otherwise the last question on show is.',
            }),
          edit: editFlag(),
        })
        .meta({ id: 'SendMessageUIMessage' }),
      z
        .object({ id: z.string().max(200).optional(), messages: z.array(z.looseObject({})).min(1).max(1000) })
        .meta({ id: 'SendMessageUIMessages', description: 'useChat’s default body; only the last message is read.' }),
    ])
    .meta({
      id: 'SendMessage',
      description: 'Either `{content}` or an AI SDK chat request carrying the new UIMessage.',
    });

export type SendMessageBody = z.infer<ReturnType<typeof sendMessageBody>>;

export const stopReplyBody = () =>
  z
    .strictObject({
      messageId: z.uuid({ message: 'must be a UUID' }).optional().meta({
        description:
          'The reply to stop (the `start` chunk’s `messageId`, or `X-Message-Id`). Without it, the reply being written in the conversation.',
      }),
    })
    .meta({ id: 'StopReply' });

export const askBody = () =>
  z.object({ question: messageText().meta({ description: 'The question.' }) }).meta({ id: 'AskRequest' });

export const citationSchema = z
  .object({
    n: z.number().int().positive().meta({
      description:
        'The `[n]` marker in the answer text. Markers are numbered by first appearance, so the n-th citation has n = its position (1-based).',
    }),
    sourceId: z.uuid(),
    chunkId: z.uuid(),
    title: z.string().meta({ description: 'Title of the source.' }),
    snippet: z.string().meta({
      description:
        'The sentence of the cited passage that supports the claim (≤ ~240 characters, whitespace collapsed).',
    }),
    location: chunkLocationSchema.meta({
      description:
        'Where the passage sits: heading path, PDF page, the header of the table it starts in, character offsets [start, end).',
    }),
    generation: z.number().int().meta({
      description:
        'The source’s generation the passage was cited from: `location` indexes that version of its text (see `GET /knowledge/sources/{id}/text`).',
    }),
  })
  .meta({
    id: 'Citation',
    description: 'The payload of a `data-citation` stream part (and the `/ask` citations): one per cited passage.',
  });

export const askResponseSchema = z
  .object({ answer: z.string(), citations: z.array(citationSchema) })
  .meta({ id: 'AskResponse' });

const streamDescription = [
  'The reply as an AI SDK UI message stream (Server-Sent Events, header `x-vercel-ai-ui-message-stream: v1`),',
  'readable with `useChat` or `readUIMessageStream`. Chunks, in order: `start` (with `messageId`, the stored',
  'assistant message id, and `messageMetadata` `{createdAt, model, questionId, status: "streaming"}`: `questionId` is the',
  'stored id of the question, which a client that sent it under an id of its own should take over), `start-step`,',
  '`text-start`/`text-delta`/`text-end` (text with inline `[n]` markers), `finish-step`, then one `source-document`',
  'per cited source (`sourceId` = knowledge source id) and one `data-citation` per cited passage (payload: Citation),',
  'then `finish` with `messageMetadata` `{createdAt, model, questionId, status: "complete"|"failed"|"stopped", usage}`. A model failure',
  'sends an `error` chunk before the citations and ends with status `failed`; a stopped reply (`POST /conversations/{id}/stop`)',
  'ends with the citations of what was written, `finishReason: "other"` and status `stopped`. The stored message has exactly these',
  'parts. The `X-Message-Id` header also names the assistant message.',
].join(' ');

const { 400: e400, 401: e401, 404: e404, 429: e429 } = errorResponses;
const tags = ['conversations'];

export const chatPaths: ZodOpenApiPathsObject = {
  '/conversations/{id}/messages': {
    post: {
      tags,
      summary: 'Send a message and stream the grounded reply',
      description:
        'Stores the message, retrieves passages from the knowledge base and streams the assistant reply with citations. ' +
        'The reply is completed and stored even if the client disconnects. Citations are numbered by first appearance; ' +
        'images (Markdown or `<img>`) are removed from the model output. Send `Accept: text/plain` for the reply text alone. ' +
        'A message continues the branch on show. With useChat, send `trigger: "regenerate-message"` for a new version of the ' +
        'last reply; send `edit: true` (or a question’s id) to send this message as a new version of that question. Either ' +
        'starts a new branch and keeps the old one.',
      requestParams: { path: idParam },
      requestBody: { required: true, content: jsonOf(sendMessageBody()) },
      responses: {
        200: {
          description: streamDescription,
          content: {
            'text/event-stream': {
              schema: z
                .string()
                .meta({ description: 'SSE: `data: <UIMessageChunk JSON>` lines, ending with `data: [DONE]`.' }),
            },
            'text/plain': {
              schema: z.string().meta({ description: 'With `Accept: text/plain`: the reply text, streamed.' }),
            },
          },
        } as never,
        400: e400,
        401: e401,
        404: e404,
        409: errorResponse('A reply is still streaming in this conversation.'),
        ...jsonBodyErrors,
        429: e429,
      },
    },
  },
  '/conversations/{id}/stream': {
    get: {
      tags,
      summary: 'Follow the reply being written',
      description:
        'For a client that comes back while a reply is being written (a reload, a second tab, a dropped connection): ' +
        'the same UI message stream as the send, replayed from its `start` chunk and then live until `finish`. ' +
        'This is the endpoint `useChat` calls with `resume: true`. Only the instance writing the reply has it; ' +
        'elsewhere, and when no reply is being written, the answer is 204 and the conversation (`GET /conversations/{id}`) ' +
        'holds the reply as saved so far (every few seconds while it is written, `status: "streaming"`).',
      requestParams: { path: idParam },
      responses: {
        200: {
          description: streamDescription,
          content: {
            'text/event-stream': {
              schema: z
                .string()
                .meta({ description: 'SSE: `data: <UIMessageChunk JSON>` lines, ending with `data: [DONE]`.' }),
            },
          },
        } as never,
        204: { description: 'No reply is being written in this conversation (by this instance).' },
        400: e400,
        401: e401,
        404: e404,
        429: e429,
      },
    },
  },
  '/conversations/{id}/stop': {
    post: {
      tags,
      summary: 'Stop the reply being written',
      description:
        'Ends the model call and stores what was written so far as the reply, with `status: "stopped"`; the conversation ' +
        'takes the next message at once. A client that only closes its stream leaves the reply to be finished and stored. ' +
        'The body is optional: `{messageId}` names the reply, and stopping a reply that has already ended changes nothing ' +
        '(the answer is that reply as stored). A reply another instance is writing is stopped with what it last saved ' +
        '(every few seconds); that instance ends its model call within a few seconds.',
      requestParams: { path: idParam },
      requestBody: { required: false, content: jsonOf(stopReplyBody()) },
      responses: {
        200: {
          description: 'The reply as stored: `stopped`, or its final status if it had already ended.',
          content: jsonOf(uiMessageSchema),
        },
        400: e400,
        401: e401,
        404: errorResponse('No such conversation, or no such reply in it.'),
        409: errorResponse('No `messageId` was given and no reply is being written in the conversation.'),
        ...jsonBodyErrors,
        429: e429,
      },
    },
  },
  '/ask': {
    post: {
      tags,
      deprecated: true,
      summary: 'One-shot question (deprecated)',
      description:
        'Same retrieval and model as a conversation, answered in one JSON response; nothing is stored. ' +
        'Deprecated: use `POST /conversations` and `POST /conversations/{id}/messages`. Responses carry ' +
        '`Deprecation` (RFC 9745) and `Link: </api/conversations>; rel="successor-version"`.',
      requestBody: { required: true, content: jsonOf(askBody()) },
      responses: {
        200: { description: 'The answer and its citations.', content: jsonOf(askResponseSchema) },
        400: e400,
        401: e401,
        ...jsonBodyErrors,
        429: e429,
        503: errorResponse('The chat model failed.'),
      },
    },
  },
};
