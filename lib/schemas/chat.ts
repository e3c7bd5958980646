import 'zod-openapi';
import { z } from 'zod';
import { config } from '@/lib/config';
import { isBlank } from './common';
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

/** Which model writes the reply; the schema checks the shape, the send whether it is allowed (422). */
const modelChoice = () =>
  z
    .string()
    .min(1)
    .max(400)
    .optional()
    .meta({
      description:
        'The model that writes the reply: an `id` from GET /models/allowed (422 for any other). Absent: the default. ' +
        'While CHAT_MODEL is set in the environment, only its model. The reply records it as `metadata.model`.',
    });

export const sendMessageBody = () =>
  z
    .union([
      z
        .object({
          content: messageText().meta({ description: 'The message text.' }),
          edit: editFlag(),
          model: modelChoice(),
        })
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
          model: modelChoice(),
        })
        .meta({ id: 'SendMessageUIMessage' }),
      z
        .object({
          id: z.string().max(200).optional(),
          messages: z.array(z.looseObject({})).min(1).max(1000),
          model: modelChoice(),
        })
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
  .object({
    answer: z.string(),
    citations: z.array(citationSchema),
    searchedFor: z
      .string()
      .optional()
      .meta({
        description:
          'The question as it was searched for and answered, when words of it the knowledge base lacks were taken for ' +
          'near words it has ("expences" → "expenses"). Absent when nothing was corrected.',
      }),
  })
  .meta({ id: 'AskResponse' });

export const searchedForSchema = z
  .object({
    question: z.string().meta({ description: 'The question as searched for and answered.' }),
    corrections: z
      .array(z.object({ word: z.string(), correction: z.string() }))
      .meta({ description: 'Each word as asked and the word searched for instead.' }),
  })
  .meta({
    id: 'SearchedFor',
    description:
      'The payload of a `data-searched-for` stream part: sent (and stored) with a reply whose question had words the ' +
      'knowledge base lacks but holds a near word of ("Searched for: expenses").',
  });

export const restrictedCitationSchema = z
  .object({
    n: z.number().int().positive().meta({ description: 'The `[n]` marker in the answer text, as the citation had.' }),
    restricted: z.literal(true),
  })
  .meta({
    id: 'RestrictedCitation',
    description:
      'A stored citation of a source the reader may no longer read (moved to a collection they cannot read, or access ' +
      'lost): its number only, shown as "a source you no longer have access to". No title, snippet, location or ids.',
  });
