import { z } from 'zod';
import { MAX_FEEDBACK_COMMENT_CHARS } from '@/lib/conversations/chat-message';
import { citationSchema } from './chat';
import { pageQuery } from './common';
import { feedbackRatingSchema } from './conversations';

export const messageParams = z.object({
  id: z.uuid({ message: 'must be a UUID' }).meta({ description: 'The conversation id.' }),
  messageId: z.uuid({ message: 'must be a UUID' }).meta({ description: 'The id of a reply in the conversation.' }),
});

export const feedbackBody = () =>
  z
    .strictObject({
      rating: feedbackRatingSchema.meta({
        description: '`up`: the reply helped; `down`: it did not (wrong, unsupported, or nothing found).',
      }),
      comment: z
        .string()
        .trim()
        .max(MAX_FEEDBACK_COMMENT_CHARS, `must be at most ${MAX_FEEDBACK_COMMENT_CHARS} characters`)
        .refine((s) => !s.includes('\u0000'), 'must not contain NUL (\\u0000) characters')
        .nullable()
        .optional()
        .meta({
          description:
            'What was right or wrong, in the rater’s words. Empty or `null` for none; left out, the rating has none either.',
        }),
    })
    .meta({ id: 'RateReply' });

export const feedbackSchema = z
  .object({
    rating: feedbackRatingSchema,
    comment: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Feedback', description: 'A rating of a reply.' });

export const listFeedbackQuery = () =>
  pageQuery().extend({
    rating: feedbackRatingSchema.optional().meta({ description: 'Only ratings of this kind.' }),
    cited: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .transform((v) => v === 'true')
      .optional()
      .meta({
        description:
          '`false`: only replies that cite nothing (questions the knowledge base had nothing for: what to add); `true`: only ' +
          'replies that cite a passage (what the knowledge base has, but was answered badly from). `counts` still covers all.',
      }),
  });

export const feedbackEntrySchema = feedbackSchema
  .extend({
    messageId: z.uuid().meta({ description: 'The rated reply.' }),
    question: z.string().meta({ description: 'The text of the question the reply answers.' }),
    answer: z.string().meta({ description: 'The text of the reply, with its `[n]` markers.' }),
    citations: z.array(citationSchema).meta({ description: 'The passages the reply cites, as it streamed them.' }),
    model: z.string().nullable().meta({ description: 'The chat model that wrote the reply.' }),
  })
  .meta({ id: 'FeedbackEntry', description: 'A rating with the question and reply it is about.' });

export const feedbackPageSchema = z
  .object({
    data: z.array(feedbackEntrySchema),
    counts: z
      .object({ up: z.number().int(), down: z.number().int() })
      .meta({ description: 'Ratings of each kind, over all replies (not only this page).' }),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'FeedbackPage' });

export type Feedback = z.infer<typeof feedbackSchema>;
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;
export type FeedbackRating = z.infer<typeof feedbackRatingSchema>;
