import 'server-only';
import { generateText } from 'ai';
import type { Reach } from '@/lib/access';
import { ApiError } from '@/lib/http/api-error';
import { errorFields, log } from '@/lib/log';
import type { CitationData } from '@/lib/conversations/chat-message';
import { groundQuestion } from './ground-question';
import { citedInOrder } from './number-passages';
import { ReplyFilter } from './reply-filter';

/**
 * The deprecated one-shot answer: same retrieval, prompt and model as a conversation; nothing
 * stored. `searchedFor`: the question as searched for, when a word of it was corrected. `reach`: what the asker may read (lib/access), applied inside retrieval's SQL.
 */
export async function answerQuestion(
  question: string,
  reach: Reach,
): Promise<{ answer: string; citations: CitationData[]; searchedFor?: string }> {
  const { chat, passages, input, messages, searchedFor } = await groundQuestion({ question, reach });
  let answer: string;
  let citations: CitationData[];
  try {
    const result = await generateText({ model: chat.model, ...input, messages, maxRetries: 0, timeout: 120_000 });
    const filter = new ReplyFilter({ question, passages });
    answer = filter.push(result.text) + filter.flush();
    citations = citedInOrder(filter.order, passages, answer).map((p) => p.citation);
  } catch (error) {
    log.warn('chat model failed on /ask', errorFields(error));
    throw new ApiError('unavailable', 'The chat model failed to answer; try again later.');
  }
  return { answer, citations, ...(searchedFor === undefined ? {} : { searchedFor }) };
}
