import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions';
import { startWireServer } from './pglite-wire-server';

// A PostgreSQL wire server in a process of its own, over a data directory on disk, so a test
// can kill it (SIGKILL, no shutdown) and start it again: `node --import tsx wire-server-main.ts <dir> [port]`.
const [dataDir, port] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: wire-server-main.ts <dataDir> [port]');
const db = await PGlite.create({ dataDir, extensions: pgliteExtensions });
const server = await startWireServer({ db, port: port ? Number(port) : 0 });
process.stdout.write(`${server.url}\n`);
