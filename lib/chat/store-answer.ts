import 'server-only';
import type { QuestionPlan } from '@/lib/ai/question-plan';
import { clipAtWord } from '@/lib/clip-text';
import { config } from '@/lib/config';
import type { ReplyUsage } from '@/lib/conversations/chat-message';
import { recordReply } from '@/lib/conversations/reply/record-reply';
import { storeExchange } from '@/lib/conversations/store-exchange';
import type { NumberedPassage } from './number-passages';
import { citationEvents, searchedForEvents } from './stream-reply';

/**
 * An answer given outside a conversation, kept as one when the caller asks: the earlier turns,
 * the question, and the reply with the parts a conversation's reply would have (its text, then
 * `data-searched-for` when a word was corrected, a `source-document` per cited source and a
 * `data-citation` per cited passage), assembled by the
 * same accumulator that records a streamed reply.
 */
export async function storeAnswer({
  conversationId,
  ownerId,
  collectionIds,
  earlier,
  question,
  answer,
  asked,
}: {
  conversationId: string;
  ownerId: string;
  collectionIds: string[];
  earlier: Array<{ role: 'user' | 'assistant'; text: string }>;
  question: string;
  answer: { text: string; cited: NumberedPassage[]; modelId: string; usage?: ReplyUsage };
  /** The plan and the corrected question, for the "Searched for" part a conversation's reply shows. */
  asked: { plan: QuestionPlan; searchedFor?: string };
}): Promise<void> {
  const recorder = recordReply();
  recorder.push({ type: 'start-step' });
  recorder.push({ type: 'text-start', id: 'text' });
  if (answer.text) recorder.push({ type: 'text-delta', id: 'text', delta: answer.text });
  recorder.push({ type: 'text-end', id: 'text' });
  recorder.push({ type: 'finish-step' });
  for (const event of [...searchedForEvents(asked), ...citationEvents(answer.cited)]) recorder.push(event);
  const parts = await recorder.end({ type: 'finish', finishReason: 'stop' });
  const firstQuestion = earlier.find((t) => t.role === 'user')?.text ?? question;
  await storeExchange({
    id: conversationId,
    ownerId,
    title: clipAtWord(firstQuestion, Math.min(80, config().MAX_TITLE_CHARS)),
    collectionIds,
    turns: [...earlier, { role: 'user', text: question }],
    reply: { parts, model: answer.modelId, ...(answer.usage ? { usage: answer.usage } : {}) },
  });
}
