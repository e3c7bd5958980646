import type { CitationData } from './chat-message';
import { describeLocation } from './describe-location';
import { citationsOfParts, textOfParts } from './message-parts';
import type { ConversationView } from '@/lib/schemas/conversations';

/** How a citation of a source the reader may no longer read is shown (restrict-citations.ts). */
export const RESTRICTED_SOURCE = 'A source you no longer have access to';
const isRestricted = (c: CitationData | { restricted?: unknown }) =>
  (c as { restricted?: unknown }).restricted === true;

const NOTES: Partial<Record<string, string>> = {
  stopped: '_Stopped: the reply may be incomplete._',
  failed: '_This reply failed part way._',
  interrupted: '_This reply was interrupted._',
  streaming: '_Still being written when this was exported._',
};

/**
 * A conversation as a Markdown transcript, to keep or pass on: each question and reply in
 * order, the reply's `[n]` markers as written, and under it the passages they cite (source
 * title, place, and the quoted sentence).
 */
export function conversationMarkdown(conversation: ConversationView): string {
  const out = [`# ${oneLine(conversation.title) || 'Conversation'}`, ''];
  for (const message of conversation.messages) {
    if (message.role === 'system') continue;
    const when = message.metadata.createdAt.slice(0, 16).replace('T', ' ');
    out.push(`## ${message.role === 'user' ? 'You' : 'Assistant'} · ${when} UTC`, '');
    const text = textOfParts(message.parts).trim();
    if (text) out.push(text, '');
    const note = message.role === 'assistant' ? NOTES[message.metadata.status] : undefined;
    if (note) out.push(note, '');
    const citations = citationsOfParts(message.parts);
    if (citations.length > 0) {
      out.push('Sources:', '');
      for (const c of citations) {
        if (isRestricted(c)) out.push(`${c.n}. ${RESTRICTED_SOURCE}`);
        else out.push(`${c.n}. ${place(c)}${c.snippet ? ` — “${oneLine(c.snippet)}”` : ''}`);
      }
      out.push('');
    }
  }
  return out.join('\n');
}

/** A file name for the transcript: the title's letters and digits, ASCII only (the header's `filename`). */
export function markdownFileName(title: string | null): string {
  const base = (title ?? '')
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${base || 'conversation'}.md`;
}

const oneLine = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/** "Handbook (Refunds · p. 3)". */
function place(c: CitationData): string {
  const where = describeLocation(c);
  return where ? `${oneLine(c.title)} (${oneLine(where)})` : oneLine(c.title);
}
