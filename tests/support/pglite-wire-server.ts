import { createServer, type Server } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

/**
 * A PostgreSQL wire-protocol server over one PGlite, for the tests that go
 * through node-postgres and @prisma/adapter-pg.
 *
 * pglite-socket's own server multiplexes clients message by message, so two
 * clients' extended-protocol batches (Parse, Bind, Execute … Sync) can
 * interleave on PGlite's single session: "bind message supplies 1 parameters,
 * but prepared statement requires 3". This queue keeps one client's batch
 * together until its Sync, and a client's transaction together until it ends,
 * as a real server's separate sessions would.
 *
 * PGlite's one session also hears every LISTEN: a notification comes back in the output of
 * whichever client's statement committed the NOTIFY. The queue passes it on to the clients
 * that asked for that channel instead, as a server delivers it to each listening session.
 */
interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

const EXTENDED = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));
const SYNC = 'S'.charCodeAt(0);
const QUERY = 'Q'.charCodeAt(0);
const NOTIFICATION = 'A'.charCodeAt(0);
const LISTEN = /^\s*(UN)?LISTEN\s+(\*|"[^"]+"|[A-Za-z_][\w$]*)\s*;?\s*$/i;

interface Listener {
  channels: Set<string>;
  /** Writes to the client's socket (the onData of its latest message). */
  write: (data: Uint8Array) => void;
}

class BatchQueue {
  private queue: Pending[] = [];
  private processing = false;
  private owner: number | null = null;
  private openBatch = false;
  private listeners = new Map<number, Listener>();

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  private sticky(): boolean {
    return this.owner !== null && (this.openBatch || this.db.isInTransaction());
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const index = this.sticky() ? this.queue.findIndex((p) => p.handlerId === this.owner) : 0;
        if (index < 0) break; // wait for the owner's next message
        const [next] = this.queue.splice(index, 1);
        if (!next) break;
        const type = next.message[0] ?? 0;
        if (EXTENDED.has(type)) this.openBatch = true;
        else if (type === SYNC) this.openBatch = false;
        this.owner = next.handlerId;
        if (type === QUERY) this.track(next);
        const listener = this.listeners.get(next.handlerId);
        if (listener) listener.write = next.onData;
        let bytes = 0;
        const route = this.listeners.size > 0 ? this.router(next.onData) : undefined;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(next.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                if (route) route.push(data);
                else next.onData(data);
              },
            }),
          );
          route?.flush();
          next.resolve(bytes);
        } catch (error) {
          next.reject(error);
        }
      }
    } finally {
      this.processing = false;
    }
  }

  /** Notes a client's LISTEN and UNLISTEN (simple queries, as node-postgres sends them). */
  private track({ handlerId, message, onData }: Pending): void {
    const match = LISTEN.exec(Buffer.from(message.subarray(5, -1)).toString('utf8'));
    if (!match) return;
    const channel = match[2]!.startsWith('"') ? match[2]!.slice(1, -1) : match[2]!.toLowerCase();
    const listener = this.listeners.get(handlerId) ?? { channels: new Set<string>(), write: onData };
    if (!match[1]) listener.channels.add(channel);
    else if (channel === '*') listener.channels.clear();
    else listener.channels.delete(channel);
    if (listener.channels.size > 0) this.listeners.set(handlerId, listener);
    else this.listeners.delete(handlerId);
  }

  /** Splits the output into messages and sends each notification to the clients listening on its channel. */
  private router(onData: (data: Uint8Array) => void): { push(data: Uint8Array): void; flush(): void } {
    let rest = Buffer.alloc(0);
    const push = (data: Uint8Array) => {
      rest = rest.length > 0 ? Buffer.concat([rest, data]) : Buffer.from(data);
      let start = 0;
      let end = 0;
      while (end + 5 <= rest.length) {
        const size = 1 + rest.readInt32BE(end + 1);
        if (end + size > rest.length) break;
        if (rest[end] === NOTIFICATION) {
          if (end > start) onData(rest.subarray(start, end));
          const frame = rest.subarray(end, end + size);
          const channel = frame.subarray(9, frame.indexOf(0, 9)).toString('utf8');
          for (const listener of this.listeners.values())
            if (listener.channels.has(channel)) listener.write(new Uint8Array(frame));
          start = end + size;
        }
        end += size;
      }
      if (end > start) onData(rest.subarray(start, end));
      rest = rest.subarray(end);
    };
    // Whatever is left is not a whole message: passed on as it is.
    const flush = () => void (rest.length > 0 && onData(rest));
    return { push, flush };
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.listeners.delete(handlerId);
    this.queue = this.queue.filter((p) => {
      if (p.handlerId !== handlerId) return true;
      p.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    this.openBatch = false;
    await this.process();
  }
}

export interface WireServer {
  url: string;
  db: PGlite;
  stop(): Promise<void>;
}

/** Starts a wire server on 127.0.0.1 (a free port unless given) over a new or given PGlite (with pgvector and pg_trgm by default). */
export async function startWireServer(options: { db?: PGlite; port?: number } = {}): Promise<WireServer> {
  const db = options.db ?? (await PGlite.create({ extensions: pgliteExtensions }));
  const queue = new BatchQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const server: Server = createServer((socket) => {
    // The handler types its queue as pglite-socket's own class; ours has the same public surface.
    const handler = new PGLiteSocketHandler({ queryQueue: queue as never, closeOnDetach: true });
    handlers.add(handler);
    handler.addEventListener('close', () => handlers.delete(handler));
    handler.addEventListener('error', () => handlers.delete(handler));
    void handler.attach(socket);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    db,
    stop: async () => {
      for (const h of handlers) await h.detach(true);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.db) await db.close();
    },
  };
}
