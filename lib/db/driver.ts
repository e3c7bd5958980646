import 'server-only';
import { mkdirSync } from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import { config } from '@/lib/config';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { PrismaClient, type Prisma } from './generated/client';
import { PGliteThread } from './pglite-thread-client';

/** Settings that hold for one statement only (`SET LOCAL`), for example planner or index knobs. */
export type LocalSettings = Record<string, string | number>;

/** A single session for raw SQL (migrations, advisory locks); released when done. */
export interface SqlSession {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  release(): Promise<void>;
}

export interface Database {
  backend: 'pglite' | 'postgres';
  prisma: PrismaClient;
  session(): Promise<SqlSession>;
  /**
   * One read statement with transaction-local settings, run as a single unit: on
   * PGlite the whole transaction happens on the database thread, with no round
   * trips that would hold its only connection while the main thread is busy.
   */
  query<T = Record<string, unknown>>(sql: Prisma.Sql, local?: LocalSettings): Promise<T[]>;
  /**
   * Messages between the processes that share this database (PostgreSQL's LISTEN and NOTIFY),
   * such as a stop for a reply another instance is writing. `listen` hears every `notify` on
   * the channel from the first listener to its unsubscribe; a lost connection is reopened,
   * and what was sent meanwhile is not heard. PGlite's data directory has one owner, so
   * there is no other process to tell: `listen` hears nothing and `notify` returns false.
   */
  listen(channel: string, onMessage: (payload: string) => void): () => void;
  notify(channel: string, payload: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * A URL to the same database that keeps one server session per connection, for what a
   * transaction-mode pooler (PgBouncer, a managed service's) cannot carry: migrations under a
   * session advisory lock, and LISTEN. Unset: `url` serves both.
   */
  directUrl?: string;
}

/** Opens the database named by a `DATABASE_URL` (see lib/config.ts for the forms). */
export async function openDatabase(url: string, poolSize = 10, options: OpenOptions = {}): Promise<Database> {
  if (url.startsWith('pglite:')) return openPglite(url.slice('pglite:'.length));
  return openPostgres(url, poolSize, options.directUrl);
}

async function openPglite(location: string): Promise<Database> {
  const inMemory = location === 'memory' || location === 'memory://';
  let unlock = () => {};
  if (!inMemory) {
    mkdirSync(location, { recursive: true });
    unlock = lockDataDir(location);
    process.once('exit', unlock);
  }
  const release = () => {
    process.off('exit', unlock);
    unlock();
  };
  // On its own thread: PGlite's WebAssembly would otherwise block every request while a statement runs.
  let thread: PGliteThread;
  try {
    thread = await PGliteThread.start(inMemory ? undefined : location, { slowMs: config().DB_SLOW_MS });
  } catch (error) {
    release();
    throw error;
  }
  const prisma = new PrismaClient({ adapter: thread.adapterFactory() });
  return {
    backend: 'pglite',
    prisma,
    // PGlite is one connection: a session is the database itself.
    session: async () => ({
      query: <T>(sql: string, params?: unknown[]) => thread.call<T[]>('query', { sql, params }),
      exec: (sql: string) => thread.call<void>('exec', { sql }),
      release: async () => {},
    }),
    query: <T>(sql: Prisma.Sql, local?: LocalSettings) =>
      thread.call<T[]>('query', { sql: sql.text, params: sql.values, local: setLocal(local) }),
    listen: () => () => {},
    notify: async () => false,
    close: async () => {
      await prisma.$disconnect();
      await thread.close();
      release();
    },
  };
}

async function openPostgres(url: string, poolSize: number, directUrl: string | undefined): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const listener = new Listener(directUrl ?? url);
  return {
    backend: 'postgres',
    prisma,
    session: async () => {
      // Behind a pooler, a session is a connection of its own, straight to the server.
      const direct = directUrl ? new pg.Client({ connectionString: directUrl }) : undefined;
      if (direct) {
        direct.on('error', () => {}); // reported by the query that meets it
        await direct.connect();
      }
      const client = direct ?? (await pool.connect());
      return {
        query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params as unknown[])).rows as T[],
        exec: async (sql: string) => {
          await client.query(sql);
        },
        release: async () => (direct ? await direct.end() : (client as pg.PoolClient).release()),
      };
    },
    query: async <T>(sql: Prisma.Sql, local?: LocalSettings) => {
      const settings = setLocal(local);
      if (!settings) return (await pool.query(sql.text, sql.values)).rows as T[];
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(settings.sql, settings.params);
        const { rows } = await client.query(sql.text, sql.values);
        await client.query('COMMIT');
        return rows as T[];
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onMessage) => listener.listen(channel, onMessage),
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
      return true;
    },
    close: async () => {
      await listener.close();
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
const RECONNECT_MS = [250, 1_000, 5_000, 15_000];

/**
 * One connection of its own (not the pool's: a pooled client is lent out) that LISTENs on
 * every channel someone subscribed to, opened at the first subscription. When it is lost
 * (a restart, a failover) it is opened again, after 0.25 s, 1 s, 5 s and then every 15 s.
 */
class Listener {
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(private readonly url: string) {}

  listen(channel: string, onMessage: (payload: string) => void): () => void {
    if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
    let handlers = this.handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.handlers.set(channel, handlers);
      if (this.client) void this.client.query(`LISTEN ${channel}`).catch(() => this.client?.end());
      else this.connect();
    }
    handlers.add(onMessage);
    return () => void handlers.delete(onMessage);
  }

  private connect(): void {
    if (this.connecting || this.closed) return;
    this.connecting = (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('error', () => {}); // followed by 'end'
      client.on('notification', ({ channel, payload }) => {
        for (const handler of this.handlers.get(channel) ?? []) {
          try {
            handler(payload ?? '');
          } catch {
            // one subscriber's failure is not the others'
          }
        }
      });
      let watched = false; // from here on, losing the connection retries
      try {
        await client.connect();
        if (this.closed) return void (await client.end());
        // Set first: a channel subscribed to from here on is LISTENed on through it.
        this.client = client;
        watched = true;
        client.once('end', () => {
          if (this.client === client) this.client = undefined;
          this.retry();
        });
        for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
        this.failures = 0;
      } catch {
        if (this.client === client) this.client = undefined;
        await client.end().catch(() => {});
        if (!watched) this.retry();
      }
    })().finally(() => (this.connecting = undefined));
  }

  private retry(): void {
    if (this.closed) return;
    const delay = RECONNECT_MS[Math.min(this.failures++, RECONNECT_MS.length - 1)];
    this.timer = setTimeout(() => this.connect(), delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.connecting;
    await this.client?.end().catch(() => {});
    this.client = undefined;
  }
}

/**
 * SET LOCAL of every setting as one statement (one round trip however many there are):
 * set_config(name, value, true) takes both as parameters, so nothing is spliced into SQL.
 */
function setLocal(local: LocalSettings | undefined): { sql: string; params: string[] } | undefined {
  const pairs = Object.entries(local ?? {});
  if (pairs.length === 0) return undefined;
  return {
    sql: `SELECT ${pairs.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`).join(', ')}`,
    params: pairs.flatMap(([name, value]) => [name, String(value)]),
  };
}
