import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { closeDatabase, getDatabase, prisma } from '@/lib/db';
import { startIngestWorker } from '@/lib/knowledge/ingest';
import { api, bodyOf, newKey } from '../support/http';
import type { Standin } from '../support/openai-standin';
import { canRunPostgres, startPgCluster } from '../support/pg-cluster';
import { withSettings } from '../support/with-settings';
import { newConversation, readReply, send, textOf, withStandinChatModel } from './chat/chat-helpers';
import { ingested, search, upload, type SourceView } from './knowledge/helpers';

/**
 * A database server of this file's own, on disk, that it can crash (no shutdown, no checkpoint)
 * and start again on the same port: a real PostgreSQL cluster when one can run here, else PGlite
 * behind the wire protocol in a process of its own (killed with SIGKILL).
 */
interface CrashableServer {
  url: string;
  crash(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

async function realServer(): Promise<CrashableServer> {
  // What a crash must not lose is what was acknowledged: commits wait for their WAL here.
  const cluster = await startPgCluster({ synchronous_commit: 'on' });
  return {
    url: cluster.urlOf('postgres'),
    crash: () => cluster.crash(),
    start: () => cluster.startServer(),
    destroy: () => cluster.destroy(),
  };
}

async function wireServer(): Promise<CrashableServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gw-restart-'));
  let child: ChildProcess;
  const start = async (port?: number) => {
    child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/support/wire-server-main.ts', dataDir, ...(port ? [String(port)] : [])],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const first = await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next();
    return new URL(first.value as string);
  };
  const crash = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  const url = await start();
  return {
    url: url.href,
    crash,
    start: async () => void (await start(Number(url.port))),
    destroy: async () => {
      await crash();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// The postgres project runs this file (on a real server when one is installed); under the
// pglite project it would test the same wire server a second time.
describe.skipIf(process.env.DATABASE_URL!.startsWith('pglite:'))('PostgreSQL mode across a database crash', () => {
  let server: CrashableServer;
  const before = { url: process.env.DATABASE_URL, direct: process.env.DATABASE_DIRECT_URL };
  beforeAll(async () => {
    await closeDatabase();
    server = canRunPostgres() ? await realServer() : await wireServer();
    process.env.DATABASE_URL = server.url;
    // Behind the suite's pooler (TEST_POOLER=pgbouncer), sessions would go to the suite's server.
    delete process.env.DATABASE_DIRECT_URL;
    resetConfigForTests();
  }, 60_000);

  afterAll(async () => {
    await closeDatabase();
    await server?.destroy();
    process.env.DATABASE_URL = before.url;
    if (before.direct === undefined) delete process.env.DATABASE_DIRECT_URL;
    else process.env.DATABASE_DIRECT_URL = before.direct;
    resetConfigForTests();
  });

  const healthy = () =>
    expect.poll(async () => (await api('GET', '/api/health')).status, { timeout: 20_000, interval: 200 }).toBe(200);

  it('keeps every write it acknowledged, and serves again once the database is back', { timeout: 90_000 }, async () => {
    const admin = (await newKey('admin')).key;
    const user = (await newKey('user')).key;
    const source = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', {
        key: admin,
        json: { title: 'Backups', text: 'Backups run nightly at two and are kept for thirty days.' },
      }),
    );
    expect((await ingested(admin, source.id)).status).toBe('ready');
    const gone = await bodyOf<SourceView>(
      await api('POST', '/api/knowledge/sources', { key: admin, json: { text: 'A note that is deleted.' } }),
    );
    await ingested(admin, gone.id);
    expect((await api('DELETE', `/api/knowledge/sources/${gone.id}`, { key: admin })).status).toBe(204);
    const created = await api('POST', '/api/conversations', { key: user, json: { title: 'Before the crash' } });
    expect(created.status).toBe(201);
    const { id } = await bodyOf<{ id: string }>(created);
    const { message } = await readReply(await send(user, id, { content: 'How long are backups kept?' }));
    expect(message.metadata?.status).toBe('complete');

    await server.crash();
    const down = await api('GET', '/api/health');
    expect(down.status).toBe(503);
    const refused = await api('GET', `/api/conversations/${id}`, { key: user });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');

    await server.start();
    await healthy();
    const back = await bodyOf<{
      title: string;
      messages: Array<{ id: string; role: string; metadata?: { status?: string } }>;
    }>(await api('GET', `/api/conversations/${id}`, { key: user }));
    expect(back.title).toBe('Before the crash');
    expect(back.messages.map((m) => [m.role, m.metadata?.status ?? 'complete'])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(back.messages[1]!.id).toBe(message.id);
    expect((await ingested(admin, source.id)).chunkCount).toBeGreaterThan(0);
    expect((await search(user, 'how long are backups kept'))[0]?.sourceId).toBe(source.id);
    expect((await api('GET', `/api/knowledge/sources/${gone.id}`, { key: admin })).status).toBe(404);
  });

  it('hears its LISTEN channels again once the database is back', { timeout: 60_000 }, async () => {
    const db = await getDatabase();
    const heard: string[] = [];
    const unsubscribe = db.listen('groundwork_test_channel', (payload) => heard.push(payload));
    let sent = 0;
    const heardOne = async () => {
      const payload = `message ${++sent}`;
      await db.notify('groundwork_test_channel', payload).catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
      return heard.includes(payload);
    };
    await expect.poll(heardOne, { timeout: 5_000, interval: 0 }).toBe(true);

    await server.crash();
    await server.start();
    await expect.poll(heardOne, { timeout: 30_000, interval: 0 }).toBe(true);
    unsubscribe();
    heard.length = 0;
    expect(await heardOne()).toBe(false);
  });

  describe('while a reply streams and a source is being ingested', () => {
    let standin: Standin;
    let user: string;
    withStandinChatModel((s, k) => {
      standin = s;
      user = k;
    });

    // Holding a row lock from a second session needs a server with more than one connection.
    it.runIf(canRunPostgres())(
      'answers 503 while down, ends the reply as failed, and finishes the ingestion with every chunk once',
      { timeout: 60_000 },
      async () => {
        const admin = (await newKey('admin')).key;
        const db = await prisma();
        const chunksOf = async (sourceId: string) =>
          db.chunk.findMany({
            where: { sourceId },
            select: { generation: true, ordinal: true, text: true },
            orderBy: [{ generation: 'asc' }, { ordinal: 'asc' }],
          });
        // A short lease: a source whose worker lost the database is taken up again soon after it is back.
        await withSettings({ INGEST_LEASE_SECONDS: 3, CHUNK_TOKENS: 16, CHUNK_OVERLAP_TOKENS: 0 }, async () => {
          const worker = startIngestWorker();
          let holder: pg.Client | undefined;
          try {
            const uploaded = await upload(admin, [{ name: 'handbook.txt', bytes: handbook(), type: 'text/plain' }]);
            expect(uploaded.status).toBe(202);
            const sourceId = (await bodyOf<SourceView>(uploaded)).id;
            // The worker is writing the source's chunks: its next write is held up (by a lock on the
            // source's row) until the crash, so the crash comes mid-ingestion, after some groups.
            await expect
              .poll(async () => (await db.chunk.count({ where: { sourceId } })) > 0, { timeout: 20_000, interval: 20 })
              .toBe(true);
            holder = new pg.Client({ connectionString: server.url });
            holder.on('error', () => {}); // the crash ends its session
            await holder.connect();
            await holder.query('BEGIN');
            await holder.query('SELECT 1 FROM sources WHERE id = $1 FOR UPDATE', [sourceId]);
            // (On this session: the app's pool may be taken by sessions waiting for the lock.)
            const counted = await holder.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM chunks WHERE source_id = $1',
              [sourceId],
            );
            const written = counted.rows[0]!.n;

            standin.options = {
              reply: Array.from({ length: 120 }, (_, i) => `w${i + 1}`).join(' ') + '.',
              delayMs: 25,
            };
            const conversationId = await newConversation(user);
            const res = await send(user, conversationId, { content: 'tell me everything' });
            expect(res.status).toBe(200);
            const messageId = res.headers.get('x-message-id')!;
            const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
            let streamed = '';
            while (!/"delta":"w3 /.test(streamed)) streamed += (await reader.read()).value ?? '';

            await server.crash();
            const calls = [
              await api('GET', `/api/conversations/${conversationId}`, { key: user }),
              await api('GET', '/api/conversations', { key: user }),
              await send(user, conversationId, { content: 'are you there?' }),
              await api('GET', `/api/knowledge/sources/${sourceId}`, { key: admin }),
              await api('POST', '/api/knowledge/sources', {
                key: admin,
                json: { text: 'Written while the database is down.' },
              }),
            ];
            for (const call of calls) {
              expect(call.status).toBe(503);
              expect(call.headers.get('retry-after')).toMatch(/^\d+$/);
              expect(call.headers.get('content-type')).toBe('application/problem+json');
              expect(await bodyOf(call)).toMatchObject({ status: 503 });
            }
            // The reply's stream ends while the database is down (the model needs none), and says
            // that it failed: it could not be stored.
            const ended = (async () => {
              for (let next = await reader.read(); !next.done; next = await reader.read()) streamed += next.value;
            })();
            await expect(
              Promise.race([ended.then(() => 'ended'), new Promise((r) => setTimeout(r, 15_000, 'hung'))]),
            ).resolves.toBe('ended');
            expect(streamed).toContain('"delta":"w120."');
            expect(streamed).toMatch(
              /"type":"finish","finishReason":"error","messageMetadata":\{[^}]*"status":"failed"/,
            );

            await server.start();
            await healthy();
            // Stored as it ended, with what was written, and the conversation is free again.
            await expect
              .poll(async () => (await db.message.findUniqueOrThrow({ where: { id: messageId } })).status, {
                timeout: 10_000,
                interval: 100,
              })
              .toBe('failed');
            standin.options = { reply: 'Back again.' };
            const again = await readReply(await send(user, conversationId, { content: 'are you back?' }));
            expect(again.message.metadata?.status).toBe('complete');
            expect(textOf(again.message)).toBe('Back again.');
            const stored = await bodyOf<{ messages: Array<{ id: string; metadata?: { status?: string } }> }>(
              await api('GET', `/api/conversations/${conversationId}`, { key: user }),
            );
            expect(stored.messages.map((m) => m.metadata?.status)).toEqual([
              'complete',
              'failed',
              'complete',
              'complete',
            ]);

            // The ingestion carries on by itself and ends with each chunk once.
            await expect
              .poll(async () => (await db.source.findUniqueOrThrow({ where: { id: sourceId } })).status, {
                timeout: 30_000,
                interval: 200,
              })
              .toBe('ready');
            const after = await db.source.findUniqueOrThrow({ where: { id: sourceId } });
            expect(after.attempts).toBeGreaterThanOrEqual(2); // taken up again, not carried on past a lost write
            const chunks = await chunksOf(sourceId);
            expect(chunks.length).toBeGreaterThan(written);
            expect(chunks.every((c) => c.generation === after.generation)).toBe(true);
            expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
            expect(after.chunkCount).toBe(chunks.length);

            // The same file ingested again with the database up throughout: the same chunks.
            expect((await api('DELETE', `/api/knowledge/sources/${sourceId}`, { key: admin })).status).toBe(204);
            const clean = await bodyOf<SourceView>(
              await upload(admin, [{ name: 'handbook.txt', bytes: handbook(), type: 'text/plain' }]),
            );
            await expect
              .poll(async () => (await db.source.findUniqueOrThrow({ where: { id: clean.id } })).status, {
                timeout: 30_000,
                interval: 200,
              })
              .toBe('ready');
            expect((await chunksOf(clean.id)).map((c) => c.text)).toEqual(chunks.map((c) => c.text));
          } finally {
            await holder?.end().catch(() => {});
            await worker.stop();
          }
        });
      },
    );
  });
});

/** About 180 kB of varied prose: some 1,800 chunks of 16 tokens, a few seconds of ingestion. */
function handbook(): string {
  const words = [
    'backup',
    'restore',
    'server',
    'policy',
    'retention',
    'nightly',
    'archive',
    'access',
    'review',
    'audit',
    'storage',
    'replica',
    'failover',
    'ticket',
    'owner',
    'budget',
  ];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  const paragraphs: string[] = [];
  for (let p = 0; p < 600; p++) {
    const sentence = Array.from({ length: 40 }, () => words[next() % words.length]).join(' ');
    paragraphs.push(`Section ${p}. ${sentence}.`);
  }
  return paragraphs.join('\n\n');
}
