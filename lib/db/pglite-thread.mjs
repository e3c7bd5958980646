// Embedded PostgreSQL (PGlite) on its own thread. PGlite runs WebAssembly
// synchronously: on the main thread every statement would stall HTTP, streams
// and timers until it finished. Here it runs beside them, on the second core.
//
// Plain JavaScript, loaded by Node as is (Next.js, tsx scripts and Vitest alike).
// The protocol is Prisma's driver adapter interface, answered by the real
// pglite-prisma-adapter, plus raw `query`/`exec` for migrations. Each message
// is handled on its own: a statement inside an open transaction must be able
// to run while another caller waits on PGlite's lock.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { PrismaPGlite } from 'pglite-prisma-adapter';

const { location, slowMs } = workerData;
const transactions = new Map();
let nextTransaction = 1;
let pg;
let adapter;

try {
  pg = await PGlite.create(location, { extensions: { vector, pg_trgm, fuzzystrmatch } });
  adapter = await new PrismaPGlite(pg).connect();
  parentPort.postMessage({ ready: true, connectionInfo: adapter.getConnectionInfo() });
} catch (error) {
  parentPort.postMessage({ ready: false, error: describe(error) });
}

const target = (txId) => {
  if (txId === undefined) return adapter;
  const tx = transactions.get(txId);
  if (!tx) throw new Error(`Transaction ${txId} is not open.`);
  return tx;
};

const operations = {
  queryRaw: ({ txId, query }) => target(txId).queryRaw(query),
  executeRaw: ({ txId, query }) => target(txId).executeRaw(query),
  executeScript: ({ script }) => adapter.executeScript(script),
  startTransaction: async ({ isolationLevel }) => {
    const tx = await adapter.startTransaction(isolationLevel);
    const txId = nextTransaction++;
    transactions.set(txId, tx);
    return { txId, options: tx.options };
  },
  commit: async ({ txId }) => {
    const tx = target(txId);
    transactions.delete(txId);
    await tx.commit();
  },
  rollback: async ({ txId }) => {
    const tx = target(txId);
    transactions.delete(txId);
    await tx.rollback();
  },
  // `local`: the statement that sets this query's SET LOCAL settings (lib/db/driver.ts).
  query: async ({ sql, params, local }) => {
    if (!local) return (await pg.query(sql, params)).rows;
    return pg.transaction(async (tx) => {
      await tx.query(local.sql, local.params);
      return (await tx.query(sql, params)).rows;
    });
  },
  exec: async ({ sql }) => {
    await pg.exec(sql);
  },
  close: async () => {
    await pg.close();
  },
};

// slowMs (DB_SLOW_MS): statements that ran longer are named on stderr (PostgreSQL's log_min_duration_statement).

parentPort.on('message', async ({ id, op, args }) => {
  try {
    const started = performance.now();
    const result = await operations[op](args);
    const ms = performance.now() - started;
    if (slowMs > 0 && ms >= slowMs) {
      const sql = args?.query?.sql ?? args?.sql ?? op;
      process.stderr.write(
        `${JSON.stringify({ level: 'warn', msg: 'slow statement', ms: Math.round(ms), sql: String(sql).slice(0, 2000) })}\n`,
      );
    }
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: describe(error) });
  }
});

/** Errors cross the thread boundary as data: Prisma's own kind (with its cause) or a plain error. */
function describe(error) {
  if (error && error.name === 'DriverAdapterError') return { driver: true, cause: error.cause, message: error.message };
  const plain = { message: error instanceof Error ? error.message : String(error), stack: error?.stack };
  for (const key of ['code', 'severity', 'detail', 'hint', 'position', 'table', 'column', 'constraint']) {
    if (error && typeof error[key] === 'string') plain[key] = error[key];
  }
  return plain;
}
