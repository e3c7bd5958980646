// The synthetic corpus of the 100,000-chunk stage: chunks written straight into the database
// with the ingestion code's own storeChunks (indexes built after the bulk load, as a restore
// would). Sources of 1,000 chunks go round-robin into COLLECTIONS collections, so that one
// collection holds 5 % of the chunks, spread over the whole insertion order.
import { embedMany } from 'ai';
import { LOCAL_EMBEDDING_DIMENSIONS, resolveEmbeddingModel } from '@/lib/ai/embedding/embedding-registry';
import { defaultCollectionId } from '@/lib/collections/default-collection';
import { prisma } from '@/lib/db';
import { maintainIndex, storeChunks } from '@/lib/knowledge/index';

const PER_SOURCE = 1000;
const BATCH = 1000;
const WORDS_PER_CHUNK = 90;
export const COLLECTIONS = 20;

// A deterministic pseudo-language with a Zipf-like word distribution; the head of the
// curve is cut off because real text loses its most frequent words to the stop list.
let seed = 42;
export const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const syllables = ['ka', 'lo', 'mi', 'ren', 'tas', 'vo', 'qui', 'ber', 'nal', 'dor', 'fe', 'sim', 'gra', 'tul'];
syllables.push('pex', 'zon', 'hal', 'mor');
const vocab = Array.from({ length: 40_000 }, (_, i) => {
  let w = '';
  for (let n = i + 7; n > 0; n = Math.floor(n / syllables.length)) w += syllables[n % syllables.length];
  return w;
});
const HEAD = 150;
const word = () =>
  vocab[
    Math.min(vocab.length - 1, Math.floor(HEAD * Math.exp(random() * Math.log((vocab.length + HEAD) / HEAD))) - HEAD)
  ]!;
const sentence = (n: number) => Array.from({ length: n }, word).join(' ');

export interface ScaleCorpus {
  /** The collections in order; source i is in collections[i % COLLECTIONS]. */
  collectionIds: string[];
  /** Five chunk texts of each source, per collection index, to draw queries from. */
  samples: string[][];
  buildSeconds: number;
}

export async function buildScaleCorpus(total: number, progress: (line: string) => void): Promise<ScaleCorpus> {
  const db = await prisma();
  const { model, id: modelId } = resolveEmbeddingModel('local');
  const t0 = performance.now();
  await db.$executeRawUnsafe('ALTER TABLE chunk_terms DROP CONSTRAINT chunk_terms_pkey');
  const vectorIndex = `chunks_embedding_${modelId.replaceAll('-', '_')}_idx`;
  await db.$executeRawUnsafe(`DROP INDEX ${vectorIndex}`);
  // The first is the default collection, so that unfiltered search is measured as before.
  const collectionIds = [await defaultCollectionId()];
  for (let i = 1; i < COLLECTIONS; i++)
    collectionIds.push((await db.collection.create({ data: { name: `Team ${i}`, visibility: 'groups' } })).id);
  const samples: string[][] = collectionIds.map(() => []);
  for (let start = 0; start < total; start += BATCH) {
    const count = Math.min(BATCH, total - start);
    const n = start / PER_SOURCE;
    const source = await db.source.create({
      data: {
        title: `Synthetic ${n}`,
        kind: 'text',
        mediaType: 'text/plain',
        status: 'ready',
        generation: 1,
        chunkCount: count,
        collectionId: collectionIds[n % COLLECTIONS]!,
      },
    });
    const batch = Array.from(
      { length: count },
      () => `${sentence(WORDS_PER_CHUNK / 3)}. ${sentence(WORDS_PER_CHUNK / 3)}. ${sentence(WORDS_PER_CHUNK / 3)}.`,
    );
    samples[n % COLLECTIONS]!.push(...batch.slice(0, 5));
    const { embeddings } = await embedMany({ model, values: batch });
    await db.$transaction(
      (tx) =>
        storeChunks(
          tx,
          batch.map((text, i) => ({
            sourceId: source.id,
            generation: 1,
            ordinal: i,
            text,
            tokenCount: WORDS_PER_CHUNK,
            location: { start: 0, end: text.length },
            context: source.title,
            embedding: embeddings[i]!,
          })),
          modelId,
        ),
      { timeout: 600_000 },
    );
    if ((start / BATCH) % 10 === 0)
      progress(`  scale: ${start + count} chunks (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await db.$executeRawUnsafe(
    'ALTER TABLE chunk_terms ADD CONSTRAINT chunk_terms_pkey PRIMARY KEY (term, chunk_seq) INCLUDE (tf, dl)',
  );
  await db.$executeRawUnsafe(
    `CREATE INDEX ${vectorIndex} ON chunks USING hnsw ((embedding::vector(${LOCAL_EMBEDDING_DIMENSIONS})) vector_cosine_ops) WITH (m = 8, ef_construction = 32) WHERE embedding_model = '${modelId}'`,
  );
  // What the ingest worker does when it goes idle (lib/knowledge/index/maintain-index.ts).
  await maintainIndex({ force: true });
  return { collectionIds, samples, buildSeconds: (performance.now() - t0) / 1000 };
}

/** Queries: a handful of words from a chunk, like a user's keywords. */
export function queriesFrom(texts: string[], count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const words = texts[i % texts.length]!.replace(/\./g, '').split(' ');
    const from = Math.floor(random() * (words.length - 8));
    return words.slice(from, from + 4 + (i % 5)).join(' ');
  });
}
