import { z } from 'zod';
import { defineRoute, problem } from '@/lib/http/define-route';
import { idParam } from '@/lib/schemas/common';
import {
  conversationFormatQuery,
  conversationPageSchema,
  conversationSchema,
  createConversationBody,
  listConversationsQuery,
  updateConversationBody,
} from '@/lib/schemas/conversations';

const tags = ['conversations'];

/** A person's conversations with the assistant (app/api/conversations). */
export const conversationsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/conversations',
    auth: 'user',
    tags,
    summary: "List the caller's conversations",
    description:
      'Most recently active first; keyset pagination with `nextCursor`. With `q`, only the conversations whose title or messages on show (the branch `GET` gives) contain it.',
    query: listConversationsQuery,
    responses: { 200: { description: 'A page of conversations.', schema: conversationPageSchema } },
  }),
  open: defineRoute({
    method: 'POST',
    path: '/conversations',
    auth: 'user',
    tags,
    summary: 'Open a conversation',
    description:
      'With `collectionIds`, its replies answer only from those collections (as far as the owner may read them at each message).',
    body: { schema: createConversationBody, optional: true },
    responses: {
      201: { description: 'Created; `Location` names it.', schema: conversationSchema },
      404: problem('A collection of `collectionIds` does not exist or is not one the caller may read.'),
    },
  }),
  read: defineRoute({
    method: 'GET',
    path: '/conversations/{id}',
    auth: 'user',
    tags,
    summary: 'Read a conversation with its messages',
    description:
      'JSON by default. With `Accept: text/markdown` or `?format=markdown`, a Markdown transcript to keep or share: each ' +
      'question and reply, and under each reply the passages its `[n]` markers cite (source, place, quoted sentence). ' +
      'A citation of a source the caller may no longer read (moved to another collection, or access lost) comes back ' +
      'as `RestrictedCitation` `{n, restricted: true}`, without that source’s `source-document` part; in the transcript, ' +
      'as "A source you no longer have access to".',
    params: idParam,
    query: conversationFormatQuery,
    responses: {
      200: {
        description: 'The conversation; messages are AI SDK UIMessages.',
        content: {
          'application/json': { schema: conversationSchema },
          'text/markdown': {
            schema: z.string().meta({ description: 'The transcript (`Content-Disposition: attachment`).' }),
          },
        },
      },
    },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/conversations/{id}',
    auth: 'user',
    tags,
    summary: 'Rename a conversation, show another branch of it, or change its scope',
    params: idParam,
    body: { schema: updateConversationBody },
    responses: {
      200: { description: 'The conversation as it now is, with the messages on show.', schema: conversationSchema },
      404: problem(
        'No such conversation, `messageId` is not one of its messages, or a collection of `collectionIds` does not exist or is not readable.',
      ),
      409: problem('A reply is being written in the conversation: the branch cannot change until it ends.'),
    },
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/conversations/{id}',
    auth: 'user',
    tags,
    summary: 'Delete a conversation and its messages',
    params: idParam,
    responses: { 204: { description: 'Deleted.' } },
  }),
};
