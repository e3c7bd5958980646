import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { closeDatabase, getDatabase } from '@/lib/db';
import { api, bodyOf, newKey } from '../support/http';
import { readReply, send } from './chat/chat-helpers';
import { ingested, search, type SourceView } from './knowledge/helpers';

// PostgreSQL mode against a database server in a process of its own, on disk: the server is
// killed with SIGKILL (no shutdown, no checkpoint) after every write below was acknowledged,
// and started again on the same port. The app's pool reconnects without a restart of its own.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gw-restart-'));
let server: ChildProcess;

async function startServer(port?: number): Promise<URL> {
  server = spawn(process.execPath, ['--import', 'tsx', 'tests/support/wire-server-main.ts', dataDir, ...(port ? [String(port)] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await createInterface({ input: server.stdout! })[Symbol.asyncIterator]().next().then((r) => [r.value as string]);
  return new URL(line!);
}

async function killServer() {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await exited;
}

let url: URL;
beforeAll(async () => {
  await closeDatabase();
  url = await startServer();
  process.env.DATABASE_URL = url.href;
  resetConfigForTests();
}, 60_000);

afterAll(async () => {
  await closeDatabase();
  if (server.exitCode === null && server.signalCode === null) await killServer();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('PostgreSQL mode across a database crash', () => {
  it('keeps every write it acknowledged, and serves again once the database is back', { timeout: 90_000 }, async () => {
    const admin = (await newKey('admin')).key;
    const user = (await newKey('user')).key;
    const source = await bodyOf<SourceView>(await api('POST', '/api/knowledge/sources', { key: admin, json: { title: 'Backups', text: 'Backups run nightly at two and are kept for thirty days.' } }));
    expect((await ingested(admin, source.id)).status).toBe('ready');
    const gone = await bodyOf<SourceView>(await api('POST', '/api/knowledge/sources', { key: admin, json: { text: 'A note that is deleted.' } }));
    await ingested(admin, gone.id);
    expect((await api('DELETE', `/api/knowledge/sources/${gone.id}`, { key: admin })).status).toBe(204);
    const created = await api('POST', '/api/conversations', { key: user, json: { title: 'Before the crash' } });
    expect(created.status).toBe(201);
    const { id } = await bodyOf<{ id: string }>(created);
    const { message } = await readReply(await send(user, id, { content: 'How long are backups kept?' }));
    expect(message.metadata?.status).toBe('complete');

    await killServer();
    const down = await api('GET', '/api/health');
    expect(down.status).toBe(503);
    const refused = await api('GET', `/api/conversations/${id}`, { key: user });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');

    await startServer(Number(url.port));
    await expect.poll(async () => (await api('GET', '/api/health')).status, { timeout: 20_000 }).toBe(200);
    const back = await bodyOf<{ title: string; messages: Array<{ id: string; role: string; metadata?: { status?: string } }> }>(
      await api('GET', `/api/conversations/${id}`, { key: user }),
    );
    expect(back.title).toBe('Before the crash');
    expect(back.messages.map((m) => [m.role, m.metadata?.status ?? 'complete'])).toEqual([['user', 'complete'], ['assistant', 'complete']]);
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

    await killServer();
    await startServer(Number(url.port));
    await expect.poll(heardOne, { timeout: 30_000, interval: 0 }).toBe(true);
    unsubscribe();
    heard.length = 0;
    expect(await heardOne()).toBe(false);
  });
});

