import { z } from 'zod';
import { config } from '@/lib/config';

/** How much of a source's text `read_source` gives at once, by default and at most (characters). */
export const READ_SOURCE_DEFAULT_LENGTH = 10_000;
export const READ_SOURCE_MAX_LENGTH = 50_000;

/**
 * Text an agent sends: NUL (which PostgreSQL text refuses) and lone surrogates are refused here,
 * as readJson refuses them in a REST body.
 */
const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !s.includes('\u0000') && s.isWellFormed(), 'must not contain NUL or unpaired surrogate characters');

const sourceId = () =>
  z
    .uuid({ message: 'must be a source id (a UUID), as search_knowledge returns in sourceId' })
    .describe('A source id, as `sourceId` in search_knowledge results.');

// Input schemas of the MCP tools: made per request, as the REST schemas are, so a changed setting applies at once.

export const searchKnowledgeInput = () =>
  z.object({
    query: text(2000).describe('What to look for: a question or keywords, up to 2,000 characters.'),
    k: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .default(config().SEARCH_K)
      .describe('How many passages to return (1-100).'),
    sourceId: sourceId().optional().describe('Search this source only.'),
  });

export const getSourceInput = () => z.object({ sourceId: sourceId() });

export const readSourceInput = () =>
  z.object({
    sourceId: sourceId(),
    offset: z
      .number()
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .default(0)
      .describe(
        'Where to start, in characters of the text as ingested: a search hit’s `location.start` reads from that passage, a previous call’s `nextOffset` reads on.',
      ),
    length: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(READ_SOURCE_MAX_LENGTH, `must be at most ${READ_SOURCE_MAX_LENGTH}`)
      .default(READ_SOURCE_DEFAULT_LENGTH)
      .describe(`How many characters to read (1-${READ_SOURCE_MAX_LENGTH}, default ${READ_SOURCE_DEFAULT_LENGTH}).`),
  });

export const askInput = () =>
  z.object({ question: text(config().MAX_MESSAGE_CHARS).describe('The question, in your own words.') });
