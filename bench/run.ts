// npm run bench – starts a production server on a fresh embedded database for each
// benchmark and runs it through HTTP: knowledge (SciFact quality, ingestion, search latency)
// and chat (time to first byte and to full reply). A benchmark, not a test: it
// reports figures and never fails on them. `npm run bench -- knowledge` runs one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const adminKey = `gwk_bench_${Date.now()}_admin_key_for_this_run`;
const only = process.argv[2];

const log = (line: string) => console.log(line);

if (!existsSync(path.join(root, '.next', 'BUILD_ID')) || process.env.BENCH_BUILD === '1') {
  log('building the production server…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** A production server on a fresh embedded database of its own; `stop` also removes the data. */
async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = 3300 + Math.floor(Math.random() * 500);
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = path.join(root, 'data', `bench-${process.pid}-${port}`);
  mkdirSync(dataDir, { recursive: true });
  const server = spawn('npm', ['start', '--', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: `pglite:${dataDir}`,
      ADMIN_API_KEY: adminKey,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_REQUESTS: '10000000',
      RATE_LIMIT_IP_REQUESTS: '10000000',
      RATE_LIMIT_MESSAGES: '10000000',
      // A few SciFact paper titles are longer than the 200-character default; keep them whole.
      MAX_TITLE_CHARS: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {}
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop };
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
    log(`${name} benchmark failed: ${error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error)}`);
  } finally {
    await server?.stop();
  }
}

log('\n== results ==');
for (const [suite, figures] of Object.entries(results)) {
  for (const [name, value] of Object.entries(figures)) log(`${suite}.${name}\t${Number.isInteger(value) ? value : value.toFixed(4)}`);
}
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
writeFileSync(path.join(root, 'bench', 'results', 'latest.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
process.exit(0);
