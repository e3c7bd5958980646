import { textOf, type ChatCompletionBody } from '@/lib/schemas/openai';
import type { AnswerSettings } from '@/lib/chat/stream-answer';

export interface Turn {
  role: 'user' | 'assistant';
  text: string;
}

/**
 * The request's messages as a conversation: the last user message is the question (the schema
 * makes it the last message but for system ones), the user and assistant messages before it the
 * history. System and developer messages are not passed on: the assistant's own instructions,
 * which an admin sets, and the grounding rules stay the only system prompt.
 */
export function readExchange(messages: ChatCompletionBody['messages']): { earlier: Turn[]; question: string } {
  const turns = messages.flatMap((m): Turn[] =>
    m.role === 'user' || m.role === 'assistant' ? [{ role: m.role, text: textOf(m.content) }] : [],
  );
  const question = turns.pop()?.text ?? '';
  return { earlier: turns.filter((t) => t.text.trim() !== ''), question };
}

/** The sampling settings of the request, passed on to the model as they are. */
export function settingsOf(body: ChatCompletionBody): AnswerSettings {
  const settings: AnswerSettings = {};
  if (body.temperature != null) settings.temperature = body.temperature;
  if (body.top_p != null) settings.topP = body.top_p;
  const max = body.max_completion_tokens ?? body.max_tokens;
  if (max != null) settings.maxOutputTokens = max;
  if (body.stop != null) settings.stopSequences = typeof body.stop === 'string' ? [body.stop] : body.stop;
  if (body.seed != null) settings.seed = body.seed;
  if (body.presence_penalty != null) settings.presencePenalty = body.presence_penalty;
  if (body.frequency_penalty != null) settings.frequencyPenalty = body.frequency_penalty;
  return settings;
}
