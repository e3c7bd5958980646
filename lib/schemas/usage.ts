import { z } from 'zod';
import { wholeNumberQuery } from './common';

export const MAX_USAGE_DAYS = 366;
/** How many of the most cited sources a usage report names. */
export const TOP_CITED_SOURCES = 10;

/** An IANA time zone name, as the browser gives it (`Intl.DateTimeFormat().resolvedOptions().timeZone`), in its canonical spelling. */
const timeZoneSchema = z
  .string()
  .max(64)
  .transform((name, ctx) => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an IANA time zone name, such as Europe/Paris or UTC' });
      return z.NEVER;
    }
  });

export const usageQuery = () =>
  z.object({
    days: wholeNumberQuery(1, MAX_USAGE_DAYS)
      .default(30)
      .meta({ description: `How many days the report covers, today included: 1-${MAX_USAGE_DAYS}.` }),
    timeZone: timeZoneSchema.default('UTC').meta({
      description: 'The IANA time zone whose calendar days the report counts in, such as `Europe/Paris`.',
      example: 'Europe/Paris',
    }),
  });

const count = (description: string) => z.number().int().meta({ description });

const usageCountsSchema = z.object({
  conversations: count('Conversations started.'),
  questions: count('Messages people sent (an edited question counts again).'),
  replies: count('Replies that ended, whatever their end (a regenerated reply counts again).'),
  uncited: count(
    'Replies that ended normally but cite no passage: questions the knowledge base had nothing for, and small talk ("hi", "thanks").',
  ),
  failed: count('Replies that failed or were interrupted (the model or the server gave out).'),
  stopped: count('Replies the person stopped.'),
  ratedUp: count('Replies of the period rated good.'),
  ratedDown: count('Replies of the period rated bad.'),
  inputTokens: count(
    'Prompt tokens the chat model reported for the replies (the local model counts the words of its prompt).',
  ),
  outputTokens: count('Tokens the chat model reported writing.'),
});

export const usageReportSchema = z
  .object({
    from: z.iso.date().meta({ description: 'The first day counted, in `timeZone`.' }),
    to: z.iso.date().meta({ description: 'The last day counted: today in `timeZone`.' }),
    timeZone: z.string(),
    totals: usageCountsSchema.meta({ description: 'The whole period.' }),
    days: z
      .array(usageCountsSchema.extend({ date: z.iso.date() }))
      .meta({ description: 'Each day of the period, oldest first, days without any activity included (all zero).' }),
    sources: z
      .object({
        top: z
          .array(
            z.object({
              sourceId: z.uuid(),
              title: z.string(),
              replies: count('Replies of the period citing it.'),
              citations: count('Passages of it those replies cite.'),
            }),
          )
          .meta({
            description: `The ${TOP_CITED_SOURCES} sources most replies cite, most first. Deleted sources are left out.`,
          }),
        cited: count('Sources (not deleted) that replies of the period cite.'),
        deleted: count('Sources that replies of the period cite and that have since been deleted.'),
        ready: count('Sources ready to be searched now.'),
        neverCited: count(
          'Ready sources that no reply of the period cites: knowledge nobody asked about, or that retrieval misses.',
        ),
      })
      .meta({ description: 'Which knowledge the replies drew on.' }),
  })
  .meta({
    id: 'UsageReport',
    description:
      'How the assistant was used, counted per calendar day: no question or reply text, only counts and source titles.',
  });

export type UsageQuery = z.infer<ReturnType<typeof usageQuery>>;
export type UsageReport = z.infer<typeof usageReportSchema>;
export type UsageCounts = z.infer<typeof usageCountsSchema>;
