import { spawn } from 'node:child_process';
import { E2E_SERVER_ENV } from '../../playwright.config';

/** An ingestion worker process, as `npm run worker` starts one beside the app. */
export interface WorkerProcess {
  pid: number;
  /** SIGKILL: no shutdown handlers run, as when the machine or the process dies. */
  kill(): Promise<void>;
  /** SIGTERM: the worker finishes its round and exits. */
  stop(): Promise<void>;
}

/**
 * Starts scripts/worker.ts as `npm run worker` runs it, but without npm in between, so that
 * `pid` (and a signal sent to it) is the worker's own. Resolves once it says it has started,
 * which is after it has opened, and if need be migrated, the database.
 */
export async function startWorkerProcess({
  name,
  env,
}: {
  name: string;
  env: Record<string, string>;
}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
    env: { ...process.env, ...E2E_SERVER_ENV, NODE_ENV: 'production', LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Read to the end (a full pipe would block the worker); the last of it explains a failed start.
  let said = '';
  const started = new Promise<void>((resolve, reject) => {
    const hear = (d: Buffer) => {
      said = (said + d.toString()).slice(-4000);
      if (said.includes('ingest worker started')) resolve();
    };
    child.stdout!.on('data', hear);
    child.stderr!.on('data', hear);
    void exited.then(() =>
      reject(new Error(`worker ${name} exited (${child.exitCode ?? child.signalCode}) before it started:\n${said}`)),
    );
  });
  const timeout = setTimeout(() => child.kill('SIGKILL'), 45_000);
  try {
    await started;
  } finally {
    clearTimeout(timeout);
  }
  return {
    pid: child.pid!,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The process id in a lease owner (`<host>:<pid>:<random>`, lib/knowledge/ingest/run-ingest.ts). */
export const pidOfLeaseOwner = (owner: string | null) => (owner ? Number(owner.split(':').at(-2)) : undefined);
