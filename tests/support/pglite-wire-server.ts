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

class BatchQueue {
  private queue: Pending[] = [];
  private processing = false;
  private owner: number | null = null;
  private openBatch = false;

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
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(next.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                next.onData(data);
              },
            }),
          );
          next.resolve(bytes);
        } catch (error) {
          next.reject(error);
        }
      }
    } finally {
      this.processing = false;
    }
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
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
