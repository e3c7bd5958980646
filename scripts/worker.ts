// npm run worker – an extra ingestion worker process against the same database as the app.
// Workers claim sources with FOR UPDATE SKIP LOCKED and a lease, so any number can run at once;
// a worker killed mid-ingestion leaves a lease that expires and another worker takes the source over.
import { closeDatabase, getDatabase } from '@/lib/db';
import { startIngestWorker } from '@/lib/knowledge/ingest-worker';
import { log } from '@/lib/log';

const db = await getDatabase();
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
