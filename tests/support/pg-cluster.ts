// A real PostgreSQL server of the tests' own: a throwaway cluster (initdb) in a temporary
// directory on a free port, with pgvector, that a test can stop, restart or kill. It needs
// PostgreSQL 15 and pgvector on this machine (`scripts/install-postgres.sh`).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, chownSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/free-port';
import { promisify } from 'node:util';

const run = promisify(execFile);
const PG_MAJOR = 15;
const BIN = process.env.PG_BIN ?? `/usr/lib/postgresql/${PG_MAJOR}/bin`;

/** Whether this machine can run a cluster of the tests' own: the server binaries and pgvector. */
export function canRunPostgres(): boolean {
  return (
    existsSync(path.join(BIN, 'initdb')) && existsSync(`/usr/share/postgresql/${PG_MAJOR}/extension/vector.control`)
  );
}

/**
 * PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
 * setpriv (not runuser, which forks) so that a signal to the child reaches the program itself.
 */
const asRoot = userInfo().uid === 0;
const AS_POSTGRES = ['--reuid=postgres', '--regid=postgres', '--init-groups'];
function command(bin: string, args: string[]): [string, string[]] {
  const file = path.join(BIN, bin);
  return asRoot ? ['setpriv', [...AS_POSTGRES, file, ...args]] : [file, args];
}

export interface PgCluster {
  /** A superuser's URL to the `postgres` database. */
  url: string;
  port: number;
  dir: string;
  /** A URL to another database of this server. */
  urlOf(database: string): string;
  /** Stops the server (`fast`: sessions are ended, as in a planned restart). */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  /** Stops and starts the server, with `downMs` between the two. */
  restart(downMs?: number): Promise<void>;
  /** Kills the server as a crash would (`immediate`: no shutdown checkpoint; recovery on the next start). */
  crash(): Promise<void>;
  /** Stops the server and deletes the cluster. */
  destroy(): Promise<void>;
}

export async function startPgCluster(settings: Record<string, string> = {}): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'groundwork-pg-'));
  if (asRoot) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  const data = path.join(dir, 'data');
  await run(
    ...command('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']),
  );
  const port = await freePort();
  const options = {
    port: String(port),
    listen_addresses: '127.0.0.1',
    unix_socket_directories: dir,
    // A test server: nothing here must survive the machine, and ingestion tests write a lot.
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '200',
    shared_buffers: '128MB',
    ...settings,
  };
  writeFileSync(
    path.join(data, 'postgresql.auto.conf'),
    Object.entries(options)
      .map(([k, v]) => `${k} = '${v}'`)
      .join('\n') + '\n',
  );
  if (asRoot) chownSync(path.join(data, 'postgresql.auto.conf'), uidOf('postgres'), gidOf('postgres'));
  const pgCtl = (...args: string[]) => run(...command('pg_ctl', ['-D', data, '-w', '-t', '60', ...args]));
  const startServer = async () => {
    await pgCtl('-l', path.join(dir, 'server.log'), 'start');
  };
  const stopServer = async () => {
    await pgCtl('-m', 'fast', 'stop');
  };
  await startServer();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf('postgres'),
    port,
    dir,
    urlOf,
    stopServer,
    startServer,
    async restart(downMs = 0) {
      await stopServer();
      await new Promise((r) => setTimeout(r, downMs));
      await startServer();
    },
    async crash() {
      await pgCtl('-m', 'immediate', 'stop');
    },
    async destroy() {
      await pgCtl('-m', 'immediate', 'stop').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PgBouncer {
  /** A URL through the pooler to `database`. */
  urlOf(database: string): string;
  stop(): Promise<void>;
}

/**
 * PgBouncer in transaction mode in front of a cluster, as managed PostgreSQL services put it:
 * a server connection is lent for one transaction, so session state (LISTEN, session advisory
 * locks, named prepared statements, SET) does not carry from one transaction to the next.
 */
export async function startPgBouncer(cluster: PgCluster): Promise<PgBouncer> {
  const port = await freePort();
  const ini = path.join(cluster.dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${cluster.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${cluster.dir}`,
      'auth_type = trust',
      `auth_file = ${path.join(cluster.dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 10',
      'max_client_conn = 500',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(cluster.dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(cluster.dir, 'userlist.txt'), '"postgres" ""\n');
  const [file, args] = asRoot ? ['setpriv', [...AS_POSTGRES, 'pgbouncer', ini]] : ['pgbouncer', [ini]];
  const child = spawn(file, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForPort(port, child);
  return {
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitForPort(port: number, child: ReturnType<typeof spawn>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`pgbouncer did not listen on ${port}`);
}

function idOf(flag: '-u' | '-g', name: string): number {
  return Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
}
const uidOf = (name: string) => idOf('-u', name);
const gidOf = (name: string) => idOf('-g', name);
