import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../support/pglite-extensions';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Workers as separate processes (`npm run worker`) against one database served over
 * the PostgreSQL wire protocol: SIGKILL one mid-ingestion, start another, and the
 * source ends ready with every chunk exactly once; a partial set is never visible.
 */

const root = path.resolve(import.meta.dirname, '../../..');
let db: PGlite;
let server: PGLiteSocketServer;
let client: pg.Client;
let url: string;
const children = new Set<ChildProcess>();

function startWorker(logLevel = 'error'): ChildProcess {
  const child = spawn(
    path.join(root, 'node_modules/.bin/node'),
    ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: url,
        DATABASE_DIRECT_URL: '',
        DATABASE_POOL_SIZE: '2',
        INGEST_LEASE_SECONDS: '2',
        INGEST_BATCH_SOURCES: '4',
        CHUNK_TOKENS: '12',
        CHUNK_OVERLAP_TOKENS: '0',
        LOG_LEVEL: logLevel,
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (logLevel === 'error') child.stdout?.resume();
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

// pglite-socket runs every connection on one PGlite session and can interleave the messages
// of two clients' extended-protocol queries; the test's own polling therefore uses the simple
// protocol (one message, ids inlined: they are UUIDs this test made) and polls sparingly.
const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await (params.length ? client.query<T>(text, params) : client.query<T>(text))).rows;
const lit = (uuid: string) => `'${uuid.replace(/[^0-9a-f-]/g, '')}'::uuid`;

async function waitFor<T>(probe: () => Promise<T | undefined | false>, ms: number, every = 25): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, every));
  }
}

async function queueText(text: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `WITH s AS (INSERT INTO sources (id, title, kind, media_type, size, updated_at, collection_id) VALUES (gen_random_uuid(), 'crash', 'text', 'text/markdown', $2, now(), (SELECT id FROM collections WHERE name = 'General')) RETURNING id)
     INSERT INTO source_contents (source_id, generation, data) SELECT id, 1, convert_to($1, 'UTF8') FROM s RETURNING source_id::text AS id`,
    [text, Buffer.byteLength(text)],
  );
  return row!.id;
}

const paragraphs = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `Sentence ${i} of the ${tag} record, lorem ipsum.`).join('\n\n');

beforeAll(async () => {
  db = await PGlite.create({ extensions: pgliteExtensions });
  server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 20 });
  await server.start();
  url = `postgres://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  client = new pg.Client({ connectionString: url });
  await client.connect();
  // The first worker migrates the database; wait until it says it has started.
  const first = startWorker('info');
  await new Promise<void>((resolve, reject) => {
    let out = '';
    first.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('ingest worker started')) resolve();
    });
    first.once('exit', () => reject(new Error(`worker exited before starting: ${out}`)));
  });
  first.kill('SIGTERM');
  await new Promise((r) => first.once('exit', r));
}, 90_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await client?.end().catch(() => {});
  await server?.stop();
  await db?.close();
});

describe('ingest workers as processes', () => {
  it('SIGKILL mid-ingestion: the partial set is never visible; after restart the source is ready with each chunk once', async () => {
    const id = await queueText(paragraphs(2000, 'crash'));
    const worker = startWorker();
    const seen = await waitFor(
      async () => {
        const [r] = await sql<{ progress: number; n: number }>(
          `SELECT progress, (SELECT count(*)::int FROM chunks WHERE source_id = ${lit(id)}) AS n FROM sources WHERE id = ${lit(id)}`,
        );
        return r && r.n > 0 && r.progress < 0.7 ? r : undefined;
      },
      60_000,
      40,
    );
    worker.kill('SIGKILL');
    await new Promise((r) => worker.once('exit', r));
    expect(seen.n).toBeGreaterThan(0);
    const [mid] = await sql<{ status: string; generation: number; visible: number; partial: number }>(
      `SELECT s.status, s.generation,
        (SELECT count(*)::int FROM chunks c WHERE c.source_id = s.id AND c.generation = s.generation AND s.status <> 'failed') AS visible,
        (SELECT count(*)::int FROM chunks c WHERE c.source_id = s.id) AS partial
       FROM sources s WHERE s.id = $1`,
      [id],
    );
    expect(mid).toMatchObject({ status: 'processing', generation: 0, visible: 0 });
    expect(mid!.partial).toBeGreaterThan(0);

    startWorker();
    const done = await waitFor(
      async () => {
        const [r] = await sql<{ status: string; chunk_count: number; attempts: number; generation: number }>(
          `SELECT status, chunk_count, attempts, generation FROM sources WHERE id = ${lit(id)}`,
        );
        return r?.status === 'ready' || r?.status === 'failed' ? r : undefined;
      },
      90_000,
      250,
    );
    expect(done).toMatchObject({ status: 'ready', attempts: 2, generation: 1 });
    const [counts] = await sql<{ n: number; distinct_ordinals: number; min: number; max: number; generations: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT ordinal)::int AS distinct_ordinals, min(ordinal) AS min, max(ordinal) AS max,
        count(DISTINCT generation)::int AS generations FROM chunks WHERE source_id = $1`,
      [id],
    );
    expect(counts).toEqual({
      n: done.chunk_count,
      distinct_ordinals: done.chunk_count,
      min: 0,
      max: done.chunk_count - 1,
      generations: 1,
    });
    const [postings] = await sql<{ expected: number; actual: number }>(
      `SELECT (SELECT count(*)::int FROM chunks c, unnest(c.tsv) WHERE c.source_id = $1) AS expected,
        (SELECT count(*)::int FROM chunk_terms ct JOIN chunks c ON c.seq = ct.chunk_seq WHERE c.source_id = $1) AS actual`,
      [id],
    );
    expect(postings!.actual).toBe(postings!.expected);
    const [orphans] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM chunk_terms ct LEFT JOIN chunks c ON c.seq = ct.chunk_seq WHERE c.id IS NULL`,
    );
    expect(orphans!.n).toBe(0);
  }, 180_000);
});
