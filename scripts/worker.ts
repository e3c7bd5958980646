// npm run worker – an extra ingestion worker process against the same database as the app.
// Workers claim sources with FOR UPDATE SKIP LOCKED and a lease, so any number can run at once;
// a worker killed mid-ingestion leaves a lease that expires and another worker takes the source over.
import './load-env';
import { closeDatabase, getDatabase } from '@/lib/db';
import { startIngestWorker } from '@/lib/knowledge/ingest';
import { errorFields, log } from '@/lib/log';

const db = await getDatabase().catch((error: unknown) => {
  log.error('ingest worker could not open the database', errorFields(error));
  process.exit(1);
});
if (db.backend === 'pglite') {
  // The app's own worker already ingests there, and PGlite serves one process.
  log.error('npm run worker needs a PostgreSQL DATABASE_URL: on embedded PGlite the app ingests by itself');
  await closeDatabase();
  process.exit(2);
}
const worker = startIngestWorker();
log.info('ingest worker started', { backend: db.backend, pid: process.pid });

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info('ingest worker stopping', { signal });
  await worker.stop();
  await closeDatabase();
  process.exit(0);
};
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
