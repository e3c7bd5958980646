import 'server-only';
import { generateText } from 'ai';
import { getChatModel } from '@/lib/ai/chat-models';
import { buildSystemPrompt } from '@/lib/ai/prompt/build-system-prompt';
import { ApiError } from '@/lib/http/api-error';
import { errorFields, log } from '@/lib/log';
import type { CitationData } from './chat-message';
import { LinkGuard } from './guard-links';
import { citedInOrder, numberPassages } from './number-passages';
import { CitationRenumberer } from './renumber-citations';
import { ImageStripper } from './strip-images';
import { retrievePassages } from './retrieve-passages';

/** The deprecated one-shot answer: same retrieval, prompt and model as a conversation; nothing stored. */
export async function answerQuestion(question: string): Promise<{ answer: string; citations: CitationData[] }> {
  const passages = numberPassages(await retrievePassages({ question }));
  const { model } = getChatModel();
  let answer: string;
  let citations: CitationData[];
  try {
    const result = await generateText({
      model,
      system: buildSystemPrompt({ sources: passages.map((p) => p.source) }),
      messages: [{ role: 'user', content: question }],
      maxRetries: 0,
      timeout: 120_000,
    });
    const renumber = new CitationRenumberer(new Set(passages.map((p) => p.citation.n)));
    const images = new ImageStripper();
    const links = new LinkGuard([question, ...passages.map((p) => p.source.text)].join('\n'));
    answer = renumber.push(links.push(images.push(result.text) + images.flush()) + links.flush()) + renumber.flush();
    citations = citedInOrder(renumber.order, passages, answer).map((p) => p.citation);
  } catch (error) {
    log.warn('chat model failed on /ask', errorFields(error));
    throw new ApiError('unavailable', 'The chat model failed to answer; try again later.');
  }
  return { answer, citations };
}
