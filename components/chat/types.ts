import type { UIMessage } from 'ai';

/** Where a cited passage sits in its source (mirrors lib/knowledge/types.ts ChunkLocation). */
export interface CitationLocation {
  headings?: string[];
  page?: number;
  start: number;
  end: number;
}

/** The `data-citation` part the chat route streams, one per cited source, in [n] order. */
export interface Citation {
  sourceId: string;
  chunkId: string;
  title: string;
  snippet: string;
  location: CitationLocation;
  /** The source's generation the passage was cited from; missing in citations stored before it was recorded. */
  generation?: number;
}

export interface MessageMetadata {
  createdAt?: string;
  status?: 'streaming' | 'complete' | 'failed' | 'interrupted' | 'stopped' | string;
  model?: string;
  usage?: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
  /** A reply's question: its stored id, sent as the reply starts (the question was sent under useChat's own id). */
  questionId?: string;
  /** All versions of the message (edits, regenerations), oldest first; only when there are several. */
  versions?: string[];
  /** The owner's rating of a reply, when it has one. */
  feedback?: { rating: 'up' | 'down'; comment: string | null };
}

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

export { describeLocation } from '@/lib/chat/describe-location';

/** Conversations the sidebar lists at first, and adds with each "Show more". */
export const SIDEBAR_PAGE = 50;
