// npm run bench – starts a production server on a fresh embedded database for each
// benchmark and runs it through HTTP: knowledge (SciFact quality, ingestion, search latency),
// chat (time to first byte and to full reply) and answers (judged questions over the AI SDK and Next.js
// docs and package READMEs, answered by the configured chat model) and usage (the admin's usage figures at a year
// of messages). A benchmark, not a test: it
// reports figures and never fails on them. `npm run bench -- knowledge` runs one.
// BENCH_DATABASE_URL=postgres://… runs the suites on a PostgreSQL server instead (a fresh
// database per suite, created and dropped there), and BENCH_WORKERS=n adds n `npm run worker`
// processes beside each server. BENCH_BASE_URL=http://… with BENCH_ADMIN_KEY (its ADMIN_API_KEY) measures a
// server already running instead (`npm run dev`, to iterate without a build): every suite then shares its database.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../scripts/free-port';
import { databaseServerUrl, freshDatabase } from './fresh-database';

const root = path.resolve(import.meta.dirname, '..');
const runningServer = process.env.BENCH_BASE_URL?.replace(/\/+$/, '');
if (runningServer && !process.env.BENCH_ADMIN_KEY)
  throw new Error('BENCH_BASE_URL needs BENCH_ADMIN_KEY: its ADMIN_API_KEY');
const adminKey = runningServer ? process.env.BENCH_ADMIN_KEY! : `gwk_bench_${Date.now()}_admin_key_for_this_run`;
const only = process.argv[2];

const log = (line: string) => console.log(line);
const workers = Number(process.env.BENCH_WORKERS ?? 0);
if (workers > 0 && !databaseServerUrl) throw new Error('BENCH_WORKERS needs BENCH_DATABASE_URL: PGlite is one process');
if (runningServer) log(`server: ${runningServer} (already running; its own database)`);
else
  log(
    `database: ${databaseServerUrl ? `PostgreSQL server (${new URL(databaseServerUrl).host}), ${workers} extra worker(s)` : 'embedded PGlite'}`,
  );

if (!runningServer && (!existsSync(path.join(root, '.next', 'BUILD_ID')) || process.env.BENCH_BUILD === '1')) {
  log('building the production server…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** A production server (and BENCH_WORKERS extra workers) on a fresh database of its own; `stop` also removes it. */
async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  if (runningServer) return { baseUrl: runningServer, stop: async () => {} };
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = await freshDatabase(`bench_${process.pid}_${port}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
  };
  const server = spawn('npm', ['start', '--', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env: {
      ...env,
      ADMIN_API_KEY: adminKey,
      RATE_LIMIT_REQUESTS: '10000000',
      RATE_LIMIT_IP_REQUESTS: '10000000',
      RATE_LIMIT_MESSAGES: '10000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const processes: ChildProcess[] = [server];
  const stop = async () => {
    await Promise.all(
      processes.map(async (child) => {
        const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {}
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      }),
    );
    await database.drop();
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) {
        // Extra workers start once the app has migrated the database.
        for (let i = 0; i < workers; i++) {
          processes.push(
            spawn('npm', ['run', 'worker'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true }),
          );
        }
        return { baseUrl, stop };
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('server did not become healthy');
}

// Each suite runs against its own server and database, so one suite's corpus
// (SciFact's 5,183 papers) never changes what another measures (chat's 10,000 chunks).
const results: Record<string, Record<string, number>> = {};
const suites: [string, string, string][] = [
  ['knowledge', './knowledge.ts', 'runKnowledgeBench'],
  ['chat', './chat.ts', 'runChatBench'],
  ['answers', './answers.ts', 'runAnswersBench'],
  ['usage', './usage.ts', 'runUsageBench'],
  ['ocr', './ocr.ts', 'runOcrBench'],
  ['crawl', './crawl.ts', 'runCrawlBench'],
];
for (const [name, file, fn] of suites) {
  if (only && only !== name) continue;
  if (!existsSync(path.join(import.meta.dirname, file))) continue;
  log(`\n== ${name} ==`);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer();
    const mod = (await import(file)) as Record<string, (o: unknown) => Promise<Record<string, number>>>;
    results[name] = await mod[fn]!({ baseUrl: server.baseUrl, adminKey, log });
    log(JSON.stringify(results[name]));
  } catch (error) {
    // One suite failing must not lose the figures of the others.
    log(
      `${name} benchmark failed: ${error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)}`,
    );
  } finally {
    await server?.stop();
  }
}

log('\n== results ==');
for (const [suite, figures] of Object.entries(results)) {
  for (const [name, value] of Object.entries(figures))
    log(`${suite}.${name}\t${Number.isInteger(value) ? value : value.toFixed(4)}`);
}
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(
  path.join(root, 'bench', 'results', 'latest.json'),
  JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
);
process.exit(0);
