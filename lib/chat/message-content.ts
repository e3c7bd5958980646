import { z } from 'zod';
import { fieldError, validationError, type Where } from '@/lib/http/validation';
import type { SendMessageBody } from '@/lib/schemas/chat';
import { isBlank } from '@/lib/schemas/common';
import { charCount } from '@/lib/char-count';
import { config } from '@/lib/config';

const lastMessage = z.object({
  role: z.literal('user', { message: 'the last message must be a user message' }),
  parts: z
    .array(z.object({ type: z.literal('text', { message: 'only text parts are supported' }), text: z.string() }))
    .min(1),
});

/**
 * useChat's `trigger: 'regenerate-message'`: answer a stored question again instead of storing a
 * new one; `messageId`, when it names a message of the conversation, says which (else the last).
 */
export function regenerateOf(body: SendMessageBody): { messageId?: string } | undefined {
  if (!('trigger' in body) || body.trigger !== 'regenerate-message') return undefined;
  return { messageId: body.messageId };
}

/**
 * `edit`: the message is a new version of a stored question – `true` the branch's last one, or
 * the question with that id – and the conversation goes on from it. Never together with a regenerate.
 */
export function editOf(body: SendMessageBody): true | string | undefined {
  if (!('edit' in body) || body.edit === undefined || body.edit === false) return undefined;
  if (regenerateOf(body)) {
    throw fieldError({ in: 'body', path: ['edit'] }, 'cannot be combined with trigger "regenerate-message"');
  }
  return body.edit;
}

/** The model the message asks to be answered by (checked against the allowed ones when sent). */
export const modelOf = (body: SendMessageBody): string | undefined => body.model;

/** The text of the new message, whichever request shape carried it: parts are joined, then checked as one. */
export function messageContent(body: SendMessageBody): string {
  if ('content' in body) return body.content;
  let text: string;
  let where: Where;
  if ('message' in body) {
    text = body.message.parts.map((p) => p.text).join('\n');
    where = { in: 'body', path: ['message', 'parts'] };
  } else {
    const last = body.messages.length - 1;
    const parsed = lastMessage.safeParse(body.messages[last]);
    if (!parsed.success) throw validationError(parsed.error, { in: 'body', path: ['messages', last] });
    text = parsed.data.parts.map((p) => p.text).join('\n');
    where = { in: 'body', path: ['messages', last, 'parts'] };
  }
  const max = config().MAX_MESSAGE_CHARS;
  if (isBlank(text) || charCount(text) > max) {
    throw fieldError(where, `must be 1 to ${max} characters (all parts together), not only whitespace`);
  }
  return text;
}
