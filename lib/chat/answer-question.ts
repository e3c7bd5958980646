import 'server-only';
import { generateText } from 'ai';
import type { Reach } from '@/lib/access';
import { resolveChatModel } from '@/lib/ai/providers/resolve-chat-model';
import { modelInput } from '@/lib/ai/prompt/model-input';
import { currentAssistant } from '@/lib/assistant/assistant-store';
import { ApiError } from '@/lib/http/api-error';
import { errorFields, log } from '@/lib/log';
import type { CitationData } from '@/lib/conversations/chat-message';
import { citedInOrder, numberPassages } from './number-passages';
import { planAsked } from './plan-asked';
import { ReplyFilter } from './reply-filter';
import { retrievePassages } from './retrieve-passages';

/**
 * The deprecated one-shot answer: same retrieval, prompt and model as a conversation; nothing
 * stored. `searchedFor`: the question as searched for, when a word of it was corrected. `reach`: what the asker may read (lib/access), applied inside retrieval's SQL.
 */
export async function answerQuestion(
  question: string,
  reach: Reach,
): Promise<{ answer: string; citations: CitationData[]; searchedFor?: string }> {
  const { model, extractive } = await resolveChatModel();
  const { plan, searchedFor } = await planAsked([question], reach);
  const [hits, { profile: assistant }] = await Promise.all([
    retrievePassages({ plan, extractive, reach }),
    currentAssistant(),
  ]);
  const passages = numberPassages(hits);
  let answer: string;
  let citations: CitationData[];
  try {
    const result = await generateText({
      model,
      ...modelInput({ sources: passages.map((p) => p.source), assistant, plan }),
      messages: [{ role: 'user', content: question }],
      maxRetries: 0,
      timeout: 120_000,
    });
    const filter = new ReplyFilter({ question, passages });
    answer = filter.push(result.text) + filter.flush();
    citations = citedInOrder(filter.order, passages, answer).map((p) => p.citation);
  } catch (error) {
    log.warn('chat model failed on /ask', errorFields(error));
    throw new ApiError('unavailable', 'The chat model failed to answer; try again later.');
  }
  return { answer, citations, ...(searchedFor === undefined ? {} : { searchedFor }) };
}
