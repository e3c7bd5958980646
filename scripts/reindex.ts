// npm run reindex – re-embeds every chunk with the configured embedding model (EMBEDDING_MODEL, else the
// one chosen on the admin Models page) now, instead of waiting for the background worker. Search
// keeps using the old vectors until the new set is complete, then switches in one transaction.
import './load-env';
import { configuredEmbeddingModel } from '@/lib/ai/embedding/configured-embedding-model';
import { closeDatabase } from '@/lib/db';
import { reindexStep } from '@/lib/knowledge/ingest';

try {
  const choice = await configuredEmbeddingModel();
  let total = 0;
  const started = Date.now();
  for (;;) {
    const n = await reindexStep(choice);
    if (n === 0) break;
    total += n;
    process.stdout.write(`\rre-embedded ${total} chunks with ${choice.id}`);
  }
  process.stdout.write(
    `\n${total ? `done: ${total} chunks` : 'nothing to re-embed'}; search now uses ${choice.id} (${Date.now() - started} ms)\n`,
  );
  await closeDatabase();
} catch (error) {
  console.error(`\nCould not re-index: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
