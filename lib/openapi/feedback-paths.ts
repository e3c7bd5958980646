import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { errorResponse, errorResponses, jsonBodyErrors, jsonOf } from '@/lib/schemas/common';
import {
  feedbackBody,
  feedbackPageSchema,
  feedbackSchema,
  listFeedbackQuery,
  messageParams,
} from '@/lib/schemas/feedback';
import { usageQuery, usageReportSchema } from '@/lib/schemas/usage';

const { 400: e400, 401: e401, 403: e403, 429: e429 } = errorResponses;
const tags = ['conversations'];
const noReply = errorResponse('No such conversation (or not yours), or no such message in it.');

/** Ratings of replies, given by a conversation's owner and read by admins, and the admins' usage figures. */
export const feedbackPaths: ZodOpenApiPathsObject = {
  '/conversations/{id}/messages/{messageId}/feedback': {
    put: {
      tags,
      summary: 'Rate a reply',
      description:
        'Thumbs up or down, with an optional comment; rating again replaces the rating. Admins read ratings with the question ' +
        'and the reply (`GET /feedback`), to find what the knowledge base lacks. The conversation then shows the rating in the ' +
        'reply’s `metadata.feedback`.',
      requestParams: { path: messageParams },
      requestBody: { required: true, content: jsonOf(feedbackBody()) },
      responses: {
        200: { description: 'The rating as stored.', content: jsonOf(feedbackSchema) },
        400: e400,
        401: e401,
        404: noReply,
        409: errorResponse('The reply is still being written.'),
        ...jsonBodyErrors,
        422: errorResponse('The message is a question: only replies are rated.'),
        429: e429,
      },
    },
    delete: {
      tags,
      summary: 'Take a rating back',
      description: 'Idempotent: a reply without a rating is left as it is.',
      requestParams: { path: messageParams },
      responses: {
        204: { description: 'The reply has no rating now.' },
        400: e400,
        401: e401,
        404: noReply,
        429: e429,
      },
    },
  },
  '/feedback': {
    get: {
      tags,
      summary: 'List ratings of replies (admin)',
      description:
        'Most recently given or changed first; keyset pagination with `nextCursor`. Each rating comes with the question, the ' +
        'reply and the passages it cited: a reply rated down with no citations is a question the knowledge base could not answer.',
      requestParams: { query: listFeedbackQuery() },
      responses: {
        200: {
          description: 'A page of ratings, and how many there are of each kind.',
          content: jsonOf(feedbackPageSchema),
        },
        400: e400,
        401: e401,
        403: e403,
        429: e429,
      },
    },
  },
  '/usage': {
    get: {
      tags,
      summary: 'Usage figures (admin)',
      description:
        'Conversations, questions and replies per calendar day of `timeZone`, how the replies ended and were rated, the tokens ' +
        'the chat model reported, and which sources the replies cite (the most cited, and how many ready sources none cites). ' +
        'Counts only: no question or reply text. `POST /ask` keeps nothing and is not counted.',
      requestParams: { query: usageQuery() },
      responses: {
        200: { description: 'The report.', content: jsonOf(usageReportSchema) },
        400: e400,
        401: e401,
        403: e403,
        429: e429,
      },
    },
  },
};
