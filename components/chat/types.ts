import type { UIMessage } from 'ai';
import type { z } from 'zod';
// Types only: the shapes are the API's schemas (lib/schemas), and none of their code reaches the browser.
import type { citationSchema, restrictedCitationSchema, searchedForSchema } from '@/lib/schemas/chat';
import type { ConversationSummary, ConversationView, UIMessageView } from '@/lib/schemas/conversations';
import type { chunkLocationSchema } from '@/lib/schemas/knowledge';

export type { ConversationSummary };

/** Where a cited passage sits in its source. */
export type CitationLocation = z.infer<typeof chunkLocationSchema>;

/**
 * The `data-citation` part the chat route streams, one per cited source, in [n] order. Citations
 * stored before `generation` was recorded lack it.
 */
export type SourceCitation = Omit<z.infer<typeof citationSchema>, 'generation'> & { generation?: number };

/** A stored citation of a source the reader may no longer read: its number only (RestrictedCitation in the API). */
export type RestrictedCitation = z.infer<typeof restrictedCitationSchema>;

export type Citation = SourceCitation | RestrictedCitation;

export const isRestricted = (c: Citation): c is RestrictedCitation => 'restricted' in c && c.restricted === true;

/** What the chat says in place of a source its reader may no longer read. */
export const RESTRICTED_LABEL = 'A source you no longer have access to';

/** A message's metadata as the chat reads it: a message stored or streamed by an older version may lack any field. */
export type MessageMetadata = Partial<UIMessageView['metadata']>;

/** The `data-searched-for` part: the question as searched for, when words of it were corrected. */
export type SearchedFor = z.infer<typeof searchedForSchema>;

export type ChatMessage = UIMessage<MessageMetadata, { citation: Citation; 'searched-for': SearchedFor }>;

/** A conversation as GET /api/conversations/{id} returns it, its messages typed for useChat. */
export type ConversationDetail = Omit<ConversationView, 'messages'> & { messages: ChatMessage[] };

/** The citations of a reply, in the order the [n] markers refer to them. */
export function citationsOf(message: ChatMessage): Citation[] {
  const out: Citation[] = [];
  for (const part of message.parts) if (part.type === 'data-citation') out.push(part.data);
  return out;
}

/** What the reply's question was searched for as, when a word of it was corrected. */
export function searchedForOf(message: ChatMessage): SearchedFor | undefined {
  for (const part of message.parts) if (part.type === 'data-searched-for') return part.data;
  return undefined;
}

export function textOf(message: ChatMessage): string {
  return message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

export { describeLocation } from '@/lib/conversations/describe-location';

/** Conversations the sidebar lists at first, and adds with each "Show more". */
export const SIDEBAR_PAGE = 50;
