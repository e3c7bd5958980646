import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '@/lib/db/data-dir-lock';
import { openDatabase } from '@/lib/db/driver';
import { Prisma } from '@/lib/db/generated/client';

// One embedded database directory, one process: a script run while the server holds the
// directory is refused in words (two PGlite processes would overwrite each other's pages),
// and a lock left by a process that was killed does not keep the database shut.
const root = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'gw-lock-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runScript(script: string, args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/node'),
      ['--conditions=react-server', '--import', 'tsx', script, ...args],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: `pglite:${dir}`,
          LOG_FORMAT: 'json',
          LOG_LEVEL: 'error',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('the embedded database directory lock', () => {
  it('refuses a second process while the first has the directory open, and lets it in after', async () => {
    const db = await openDatabase(`pglite:${dir}`);
    try {
      const refused = await runScript('scripts/keys.ts', ['list']);
      expect(refused.code).not.toBe(0);
      expect(refused.out).toContain(`The embedded database in ${dir} is open in another process (pid ${process.pid}).`);
      // Within the process nothing changed: the database still answers.
      expect(await db.query<{ n: number }>(Prisma.sql`SELECT 1 AS n`)).toEqual([{ n: 1 }]);
    } finally {
      await db.close();
    }
    const allowed = await runScript('scripts/keys.ts', ['list']);
    expect(allowed).toMatchObject({ code: 0 });
    expect(allowed.out).toContain('No keys.');
  }, 60_000);

  it('takes over a lock whose process is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: Number(gone.stdout) }));
    const db = await openDatabase(`pglite:${dir}`);
    await db.close();
  });

  it('takes over a lock whose process was killed but not yet reaped', async () => {
    // `sh` starts `sleep 0`, then becomes a `sleep` that never waits for it: a zombie, as a process
    // killed with -9 is until its parent reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const [line] = await once(parent.stdout, 'data');
      const zombie = Number(String(line).trim());
      await expect.poll(() => readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
      writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: zombie }));
      const db = await openDatabase(`pglite:${dir}`);
      await db.close();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('takes over a lock whose pid another process has since been given', async () => {
    // The lock names a live process (this test's parent), but one that started at another time than the owner.
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const started = String(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]) + 1);
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, started }));
    const db = await openDatabase(`pglite:${dir}`);
    await db.close();
  });

  it('keeps npm run worker off embedded PGlite, saying why', async () => {
    const worker = await runScript('scripts/worker.ts', []);
    expect(worker.code).toBe(2);
    expect(worker.out).toContain('npm run worker needs a PostgreSQL DATABASE_URL');
  }, 60_000);
});
