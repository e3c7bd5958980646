import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '@/lib/config';
import { prisma } from '@/lib/db';
import { callRoute, newKey } from '../../support/http';
import { sync } from './sync-helpers';

/**
 * The folder-sync script docs/api.md shows, run as written (sh, find, jq, curl) against the real
 * route served on loopback: what a reader copies works, pages included. Skipped without jq.
 */
const script = /```sh\n(#!\/bin\/sh -e\n# sync-folder\.sh[\s\S]*?)```/.exec(
  readFileSync(path.join(import.meta.dirname, '../../../docs/api.md'), 'utf8'),
)?.[1];
const hasJq = (() => {
  try {
    execFileSync('jq', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

/** A count summed over the answers the script printed (one JSON object per page). */
const total = (out: string, field: string) =>
  [...out.matchAll(new RegExp(`"${field}":(\\d+)`, 'g'))].reduce((sum, m) => sum + Number(m[1]), 0);

let admin: string;
let server: Server;
let apiBase = '';
let dir = '';
const tag = randomUUID().slice(0, 8);

function run(folder: string, connector: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    // As a reader runs it: a file of its own, so its `#!/bin/sh -e` line applies.
    const child = spawn(path.join(dir, 'sync-folder.sh'), [folder, connector], {
      env: { ...process.env, ADMIN: admin, API: apiBase },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

beforeAll(async () => {
  admin = (await newKey('admin')).key;
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers(req.headers as Record<string, string>);
    const answer = await callRoute(
      new Request(`http://localhost:3000${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }),
    );
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  dir = mkdtempSync(path.join(tmpdir(), 'sync-folder-'));
  writeFileSync(path.join(dir, 'sync-folder.sh'), script ?? '', { mode: 0o755 });
  process.env.MAX_UPLOAD_BYTES = '2000000';
  resetConfigForTests();
});

afterAll(async () => {
  delete process.env.MAX_UPLOAD_BYTES;
  resetConfigForTests();
  rmSync(dir, { recursive: true, force: true });
  await new Promise((r) => server.close(r));
});

describe.runIf(hasJq)('the folder-sync script of docs/api.md', () => {
  it('syncs a folder in pages, deletes what left it, and refuses an empty folder', async () => {
    expect(script).toBeDefined();
    const c = `folder-${tag}`;
    const names = Array.from({ length: 1203 }, (_, i) => `n${i}.md`);
    mkdirSync(path.join(dir, 'notes'));
    for (const n of names)
      writeFileSync(path.join(dir, 'notes', n), `# Note ${n} ${tag}\n\nAbout ${n} "quoted" \\ back.\n`);
    const first = await run(path.join(dir, 'notes'), c);
    expect(first.code, first.out).toBe(0);
    // Two pages (find's order decides which file goes in which).
    expect(first.out.match(/"pages":\[[\d,]*\]/g)).toEqual(['"pages":[1]', '"pages":[1,2]']);
    expect(total(first.out, 'created')).toBe(1203);

    rmSync(path.join(dir, 'notes', 'n7.md'));
    writeFileSync(path.join(dir, 'notes', 'n8.md'), `# Note n8 ${tag}\n\nChanged.\n`);
    const second = await run(path.join(dir, 'notes'), c);
    expect(second.code, second.out).toBe(0);
    expect(['created', 'updated', 'unchanged', 'deleted', 'failed'].map((f) => total(second.out, f))).toEqual([
      0, 1, 1201, 1, 0,
    ]);
    const db = await prisma();
    expect(await db.source.count({ where: { connector: c } })).toBe(1202);
    expect(await db.source.count({ where: { connector: c, externalId: 'n7.md' } })).toBe(0);

    const empty = mkdtempSync(path.join(tmpdir(), 'sync-empty-'));
    const refused = await run(empty, c);
    rmSync(empty, { recursive: true });
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/422/);
  }, 120_000);
});

describe('the JSON limit of a sync', () => {
  it('answers 413 past MAX_UPLOAD_BYTES', async () => {
    const res = await sync(admin, `big-${tag}`, { sources: [{ externalId: 'big', text: 'x'.repeat(2_100_000) }] });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });
});
