import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Standin } from '../../tests/support/openai-standin';
import { E2E_SERVER_ENV } from '../../playwright.config';

/**
 * A second server of the same production build, on a port and data directory of its own,
 * for tests that need settings the shared server does not have, or that kill their server.
 */
export interface OwnServer {
  origin: string;
  /** Starts the server again on the same data directory (after `kill`). */
  restart(): Promise<void>;
  /** SIGKILL: no shutdown handlers run, as when the machine or the process dies. */
  kill(): Promise<void>;
  /** SIGTERM, then removes the data directory. */
  stop(): Promise<void>;
}

/** The settings that make a server answer with the stand-in OpenAI-compatible model. */
export function standinModelEnv(standin: Standin): Record<string, string> {
  return { CHAT_MODEL: 'openai:standin-model', OPENAI_BASE_URL: standin.baseUrl, OPENAI_API_KEY: 'sk-test' };
}

export async function startOwnServer({
  port,
  name,
  env,
}: {
  port: number;
  name: string;
  env: Record<string, string>;
}): Promise<OwnServer> {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = path.resolve(`data/e2e-${name}-${process.pid}`);
  let child: ChildProcess;
  const exited = (p: ChildProcess) =>
    new Promise((resolve) => (p.exitCode !== null || p.signalCode !== null ? resolve(null) : p.once('exit', resolve)));
  const start = async () => {
    child = spawn(
      process.execPath,
      [path.resolve('node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
      {
        env: {
          ...process.env,
          ...E2E_SERVER_ENV,
          DATABASE_URL: `pglite:${dataDir}`,
          LOG_LEVEL: 'warn',
          RATE_LIMIT_REQUESTS: '100000',
          RATE_LIMIT_IP_REQUESTS: '100000',
          ...env,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    // What the server said last on stderr ("Groundwork could not start: …"), for the failure message.
    let said = '';
    child.stderr!.on('data', (d: Buffer) => (said = (said + d.toString()).slice(-4000)));
    const deadline = Date.now() + 45_000;
    while (
      !(await fetch(`${origin}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      ))
    ) {
      const gone = child.exitCode ?? child.signalCode;
      if (gone !== null) throw new Error(`server ${name} exited (${gone}) before it was healthy:\n${said}`);
      if (Date.now() > deadline) throw new Error(`server ${name} was not healthy after 45 s:\n${said}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  await start();
  return {
    origin,
    restart: start,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child?.kill('SIGTERM');
      await exited(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
