import { defineRoute, problem } from '@/lib/http/define-route';
import {
  feedbackBody,
  feedbackPageSchema,
  feedbackSchema,
  listFeedbackQuery,
  messageParams,
} from '@/lib/schemas/feedback';
import { usageQuery, usageReportSchema } from '@/lib/schemas/usage';

const tags = ['conversations'];
const noReply = problem('No such conversation (or not yours), or no such message in it.');

/** Ratings of replies, given by a conversation's owner and read by admins, and the admins' usage figures. */
export const feedbackApi = {
  rate: defineRoute({
    method: 'PUT',
    path: '/conversations/{id}/messages/{messageId}/feedback',
    auth: 'user',
    tags,
    summary: 'Rate a reply',
    description:
      'Thumbs up or down, with an optional comment; rating again replaces the rating. Admins read ratings with the question ' +
      'and the reply (`GET /feedback`), to find what the knowledge base lacks. The conversation then shows the rating in the ' +
      'reply’s `metadata.feedback`.',
    params: messageParams,
    body: { schema: feedbackBody },
    responses: {
      200: { description: 'The rating as stored.', schema: feedbackSchema },
      404: noReply,
      409: problem('The reply is still being written.'),
      422: problem('The message is a question: only replies are rated.'),
    },
  }),
  unrate: defineRoute({
    method: 'DELETE',
    path: '/conversations/{id}/messages/{messageId}/feedback',
    auth: 'user',
    tags,
    summary: 'Take a rating back',
    description: 'Idempotent: a reply without a rating is left as it is.',
    params: messageParams,
    responses: { 204: { description: 'The reply has no rating now.' }, 404: noReply },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/feedback',
    auth: 'admin',
    tags,
    summary: 'List ratings of replies (admin)',
    description:
      'Most recently given or changed first; keyset pagination with `nextCursor`. Each rating comes with the question, the ' +
      'reply and the passages it cited: a reply rated down with no citations is a question the knowledge base could not answer. ' +
      'An admin key narrowed to some collections sees only the ratings of replies that cite nothing outside them.',
    query: listFeedbackQuery,
    responses: {
      200: { description: 'A page of ratings, and how many there are of each kind.', schema: feedbackPageSchema },
    },
  }),
  usage: defineRoute({
    method: 'GET',
    path: '/usage',
    auth: 'admin',
    tags,
    summary: 'Usage figures (admin)',
    description:
      'Conversations, questions and replies per calendar day of `timeZone`, how the replies ended and were rated, the tokens ' +
      'the chat model reported, and which sources the replies cite (the most cited, and how many ready sources none cites). ' +
      'Counts only: no question or reply text. `POST /ask` keeps nothing and is not counted. The sources counted and named ' +
      'are those the caller may read (all, for an admin; those of its collections, for a narrowed admin key).',
    query: usageQuery,
    responses: { 200: { description: 'The report.', schema: usageReportSchema } },
  }),
};
