import type { InferUIMessageChunk, UIMessage } from 'ai';
import type { ChunkLocation } from '@/lib/knowledge/sources';

/**
 * The `data-citation` part: one per passage the answer cites, numbered as the
 * `[n]` markers in the text – by first appearance, so part n-1 is marker [n]. `source-document` parts (one per cited source) carry
 * the same `sourceId` so clients that only know the standard part still work.
 */
export interface CitationData {
  /** The `[n]` marker in the text. */
  n: number;
  sourceId: string;
  chunkId: string;
  title: string;
  /** The passage sentence that supports the claim (at most ~240 characters, whitespace collapsed). */
  snippet: string;
  location: ChunkLocation;
  /** The source's generation the passage was cited from: `location` indexes that version of its text. */
  generation: number;
}

/** The longest comment a rating of a reply may carry (PUT …/feedback; the chat's form holds to it). */
export const MAX_FEEDBACK_COMMENT_CHARS = 2000;

export type ReplyStatus = 'streaming' | 'complete' | 'failed' | 'interrupted' | 'stopped';

export interface ReplyUsage {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

/** Message metadata: on `start` (status `streaming`) and again on `finish` (final status and usage). */
export interface ChatMessageMetadata {
  createdAt: string;
  status: ReplyStatus;
  model?: string;
  usage?: ReplyUsage;
  /** A reply's question: the stored id of the message it answers. */
  questionId?: string;
  /** The ids of all versions of the message (edits, regenerations), oldest first; only when there are several. */
  versions?: string[];
  /** The owner's rating of a reply, when it has one. */
  feedback?: { rating: 'up' | 'down'; comment: string | null };
}

/**
 * The `data-searched-for` part: the question as it was searched for, when a word of it the
 * knowledge base lacks was taken for a near word it has ("expences": "expenses").
 */
export interface SearchedForData {
  question: string;
  corrections: { word: string; correction: string }[];
}

export type ChatUIMessage = UIMessage<ChatMessageMetadata, { citation: CitationData; 'searched-for': SearchedForData }>;

/** One event of a reply's UI message stream, as the client, the live-replies registry and the store receive it. */
export type ChatChunk = InferUIMessageChunk<ChatUIMessage>;
