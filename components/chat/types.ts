import type { UIMessage } from 'ai';
import type { CitationData, ChatMessageMetadata } from '@/lib/conversations/chat-message';
import type { ChunkLocation } from '@/lib/knowledge/sources';

/** Where a cited passage sits in its source. */
export type CitationLocation = ChunkLocation;

/**
 * The `data-citation` part the chat route streams, one per cited source, in [n] order. Citations
 * stored before `generation` was recorded lack it.
 */
export type Citation = Omit<CitationData, 'generation'> & { generation?: number };

/** A message's metadata as the chat reads it: a message stored or streamed by an older version may lack any field. */
export type MessageMetadata = Partial<ChatMessageMetadata>;

export type ChatMessage = UIMessage<MessageMetadata, { citation: Citation }>;

export interface ConversationSummary {
  id: string;
  title: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ConversationDetail extends ConversationSummary {
  messages: ChatMessage[];
}

/** The citations of a reply, in the order the [n] markers refer to them. */
export function citationsOf(message: ChatMessage): Citation[] {
  const out: Citation[] = [];
  for (const part of message.parts) if (part.type === 'data-citation') out.push(part.data);
  return out;
}

export function textOf(message: ChatMessage): string {
  return message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

export { describeLocation } from '@/lib/conversations/describe-location';

/** Conversations the sidebar lists at first, and adds with each "Show more". */
export const SIDEBAR_PAGE = 50;
