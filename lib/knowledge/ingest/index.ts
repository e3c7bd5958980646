// The ingestion queue and its workers: sources claimed under a lease, parsed, chunked, embedded
// and written; re-chunking and re-embedding when the settings change.
// The entry of lib/knowledge/ingest: code outside lib/knowledge imports from here, not from its files.

export { claimSources, renewLeases } from './claim-sources';
export { drainIngestQueue, startIngestWorker } from './ingest-worker';
export { ingestSignature, rechunkStep } from './rechunk-sources';
export { reindexStep, reindexWhenDue } from './reindex-embeddings';
export { reindexProgress, type ReindexProgress } from './reindex-progress';
export { wakeIngestWorker } from './wake-ingest-worker';
