import { z } from 'zod';
import { citationSchema, restrictedCitationSchema, searchedForSchema } from './chat';
import { containsQuery, pageQuery, titleSchema } from './common';

const scopeIds = (description: string) =>
  z
    .array(z.uuid({ message: 'must be collection ids' }))
    .max(100)
    .meta({ description });

/** A rating of a reply (see lib/schemas/feedback.ts). */
export const feedbackRatingSchema = z.enum(['up', 'down']);

export const createConversationBody = () =>
  z
    .object({
      title: titleSchema()
        .optional()
        .meta({ description: 'Optional; untitled conversations are named after their first message.' }),
      collectionIds: scopeIds(
        'Optional: answer only from these collections (each one the caller may read, else 404). Empty or absent: every collection the owner may read.',
      ).optional(),
    })
    .meta({ id: 'CreateConversation' });

export const updateConversationBody = () =>
  z
    .object({
      title: titleSchema().optional().meta({ description: 'The new title.' }),
      messageId: z
        .uuid({ message: 'must be the id of a message in this conversation' })
        .optional()
        .meta({
          description:
            'Show the branch with this message: one of a message’s `versions`, or any message of the conversation. The ' +
            'conversation then shows that message and the newest branch that follows it, and new messages continue from there.',
        }),
      collectionIds: scopeIds(
        'The collections the next replies answer from (each one the caller may read, else 404); `[]`: every collection the owner may read.',
      ).optional(),
    })
    .refine(
      (b) => b.title !== undefined || b.messageId !== undefined || b.collectionIds !== undefined,
      'must have a title, a messageId or collectionIds',
    )
    .meta({ id: 'UpdateConversation' });

export const listConversationsQuery = () =>
  pageQuery().extend({
    q: containsQuery('Only conversations whose title or message text contains this (case-insensitive, no wildcards).'),
  });

export const conversationFormatQuery = () =>
  z.object({
    format: z.enum(['json', 'markdown']).optional().meta({
      description:
        '`markdown`: the conversation as a Markdown transcript (as `Accept: text/markdown` asks), for links that cannot set headers.',
    }),
  });

export const uiMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(['system', 'user', 'assistant']),
    parts: z
      .array(
        z.looseObject({
          type: z.string(),
          data: z.union([citationSchema, restrictedCitationSchema, searchedForSchema]).optional().meta({
            description:
              'On a `data-citation` part: the citation; on a `data-searched-for` part: what was searched for.',
          }),
        }),
      )
      .meta({
        description:
          'AI SDK UIMessage parts: text, source-document, data-citation, data-searched-for, … A `data-citation` whose source the reader may no ' +
          'longer read (moved to another collection, or access lost) has the payload `RestrictedCitation` `{n, restricted: true}` ' +
          'and that source has no `source-document` part: "a source you no longer have access to".',
      }),
    metadata: z.object({
      createdAt: z.iso.datetime(),
      status: z.enum(['streaming', 'complete', 'failed', 'interrupted', 'stopped']).meta({
        description:
          '`streaming` while the reply is written; `stopped` when it was stopped (`POST /conversations/{id}/stop`) and holds what was written until then.',
      }),
      model: z.string().optional(),
      usage: z.record(z.string(), z.unknown()).optional(),
      questionId: z.uuid().optional().meta({ description: 'On a reply: the id of the question it answers.' }),
      versions: z
        .array(z.uuid())
        .optional()
        .meta({
          description:
            'Present when the message has other versions – an edited question, a regenerated reply: the ids of all of them, ' +
            'this one included, oldest first. `PATCH /conversations/{id}` with `{"messageId"}` shows another version’s branch.',
        }),
      feedback: z.object({ rating: feedbackRatingSchema, comment: z.string().nullable() }).optional().meta({
        description:
          'On a reply the owner rated (`PUT /conversations/{id}/messages/{messageId}/feedback`): the rating.',
      }),
    }),
  })
  .meta({ id: 'UIMessage', description: 'A message in the AI SDK UIMessage shape.' });

export const conversationSummarySchema = z
  .object({
    id: z.uuid(),
    title: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'ConversationSummary' });

export const conversationSchema = conversationSummarySchema
  .extend({
    collectionIds: z.array(z.uuid()).meta({
      description:
        'The conversation’s scope: replies answer only from these collections, as far as the owner may read them at each ' +
        'message. Empty: every collection the owner may read. Lists only collections the caller may read now.',
    }),
    messages: z.array(uiMessageSchema),
  })
  .meta({ id: 'Conversation' });

export const conversationPageSchema = z
  .object({ data: z.array(conversationSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ConversationPage' });

export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export type ConversationView = z.infer<typeof conversationSchema>;
export type UIMessageView = z.infer<typeof uiMessageSchema>;
