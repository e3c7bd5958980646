import 'server-only';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';
import { runInBackground } from '@/lib/db/work-priority';
import { errorFields, log } from '@/lib/log';
import type { ChatChunk, ChatMessageMetadata, ReplyStatus, ReplyUsage } from '../chat-message';
import { fanOut, type ReplyFanOut } from './reply-fan-out';
import { startReplyHeartbeat } from './reply-heartbeat';
import { releaseConversation, saveFailedReplyWhenBack, saveReply } from './save-reply';
import { listenForStops } from './stop-signal';

/**
 * starting: the reply is stored empty as `streaming`, its passages are being found.
 * streaming: the model answers. stopping: a stop came; the model call ends and what was
 * written is stored as `stopped`. failed: the model failed or fell silent; the reply goes on
 * to be stored as `failed`. settled: too late to stop; stored, or given up.
 */
export type ReplyPhase = 'starting' | 'streaming' | 'stopping' | 'failed' | 'settled';

const NOT_STORED = 'The reply could not be stored; it is kept as failed.';
const FINISH_REASON = { complete: 'stop', stopped: 'other', failed: 'error' } as const;

/**
 * One reply being written, from its first event to its storage. Each transition is one method;
 * every event goes out through one fan-out (reply-fan-out.ts) to the client, the live-replies
 * registry and the store. The `finish` event reaches the clients only after the reply is
 * stored, so a client that saw the end of the stream can read the stored reply at once.
 */
export class Reply {
  #phase: ReplyPhase = 'starting';
  #endModel: (() => void) | undefined;
  readonly #out: ReplyFanOut;
  readonly #ids: { conversationId: string; messageId: string };
  readonly #metadata: ChatMessageMetadata;
  readonly #stopHeartbeat: () => void;

  /** → starting: followable and stoppable here and from other instances; the `start` event is sent. */
  constructor({
    conversationId,
    messageId,
    metadata,
  }: {
    conversationId: string;
    messageId: string;
    metadata: ChatMessageMetadata;
  }) {
    this.#ids = { conversationId, messageId };
    this.#metadata = metadata;
    this.#out = fanOut({ conversationId, messageId, stop: () => this.stop() });
    void listenForStops().catch(() => {}); // the heartbeat still hears a stop made elsewhere
    // The heartbeat also finds a reply stopped elsewhere (or deleted), and stops it here.
    this.#stopHeartbeat = runInBackground(() =>
      startReplyHeartbeat(
        messageId,
        () => this.#out.partsSoFar(),
        () => this.stop(),
      ),
    );
    this.send({ type: 'start', messageId, messageMetadata: metadata });
  }

  get phase(): ReplyPhase {
    return this.#phase;
  }

  /** The client's copy of the reply. */
  get stream(): ReadableStream<ChatChunk> {
    return this.#out.stream;
  }

  /** An event of the reply, to the client, the followers and the store. */
  send(chunk: ChatChunk): void {
    this.#out.send(chunk);
  }

  /** starting → streaming. `endModel` ends the model call early; at once if a stop came meanwhile. */
  startStreaming(endModel: () => void): void {
    this.#endModel = endModel;
    if (this.#phase === 'starting') this.#phase = 'streaming';
    else if (this.#phase === 'stopping') endModel();
  }

  /** starting | streaming | failed → stopping. A stop once settled changes nothing. */
  stop(): void {
    if (this.#phase === 'stopping' || this.#phase === 'settled') return;
    this.#phase = 'stopping';
    this.#endModel?.();
  }

  /** starting | streaming → failed; the client is told with an error event. A stopped reply stays stopped. */
  fail(errorText: string): void {
    if (this.#phase === 'starting' || this.#phase === 'streaming') this.#phase = 'failed';
    this.send({ type: 'error', errorText });
  }

  /**
   * → settled: `trailing` events (the citations) go out, the reply is stored with the status its
   * phase gives, and then the clients get `finish`. A reply that cannot be stored is kept as
   * failed, and its clients are told so.
   */
  async settle({ trailing = [], usage }: { trailing?: ChatChunk[]; usage?: ReplyUsage } = {}): Promise<void> {
    const status = this.#status();
    this.#phase = 'settled';
    for (const chunk of trailing) this.send(chunk);
    const metadata = this.#metadata;
    let finish: ChatChunk = {
      type: 'finish',
      finishReason: FINISH_REASON[status],
      messageMetadata: { ...metadata, status, ...(usage ? { usage } : {}) },
    };
    let parts: unknown[] = [];
    try {
      parts = await this.#out.record(finish);
      await runInBackground(() => saveReply({ ...this.#ids, parts, status, usage }));
    } catch (error) {
      log.error('could not store a reply', { messageId: this.#ids.messageId, ...errorFields(error) });
      // The database is down or restarting: the reply is stored as failed once it is back.
      if (isDatabaseUnavailable(error)) void saveFailedReplyWhenBack({ ...this.#ids, parts });
      else await releaseConversation(this.#ids).catch(() => {});
      // The client is not told of a reply that was not stored as `complete`.
      this.#out.tell({ type: 'error', errorText: NOT_STORED });
      finish = { type: 'finish', finishReason: 'error', messageMetadata: { ...metadata, status: 'failed' } };
    }
    this.#stopHeartbeat();
    this.#out.tell(finish);
    this.#out.close();
  }

  /** → settled, when something threw past the transitions: the process survives and the slot is freed. */
  async abandon(error: unknown): Promise<void> {
    log.error('reply pipeline failed', { messageId: this.#ids.messageId, ...errorFields(error) });
    this.#phase = 'settled';
    this.#stopHeartbeat();
    this.#out.close();
    await releaseConversation(this.#ids).catch(() => {});
  }

  #status(): Exclude<ReplyStatus, 'streaming' | 'interrupted'> {
    return this.#phase === 'stopping' ? 'stopped' : this.#phase === 'failed' ? 'failed' : 'complete';
  }
}
