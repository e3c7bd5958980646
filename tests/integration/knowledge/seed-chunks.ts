import { embedMany } from 'ai';
import { resolveEmbeddingModel } from '@/lib/ai/embedding/embedding-registry';
import { defaultCollectionId } from '@/lib/collections/default-collection';
import { prisma } from '@/lib/db';
import { storeChunks } from '@/lib/knowledge/index';

/** Test helper: a source whose given texts are stored as chunks of `generation`, live when `live`. */
export async function seedSource(opts: {
  title: string;
  texts: string[];
  generation?: number;
  live?: boolean;
  status?: 'pending' | 'processing' | 'ready' | 'failed';
  metadata?: Record<string, unknown>;
  /** EMBEDDING_MODEL name the vectors are made with (default `local`). */
  embeddingModel?: string;
  /** Default: DEFAULT_COLLECTION's. */
  collectionId?: string;
}): Promise<string> {
  const db = await prisma();
  const generation = opts.generation ?? 1;
  const source = await db.source.create({
    data: {
      title: opts.title,
      kind: 'text',
      mediaType: 'text/plain',
      status: opts.status ?? 'ready',
      generation: opts.live === false ? 0 : generation,
      chunkCount: opts.texts.length,
      metadata: (opts.metadata ?? {}) as object,
      collectionId: opts.collectionId ?? (await defaultCollectionId()),
    },
  });
  const { model, id } = resolveEmbeddingModel(opts.embeddingModel ?? 'local');
  const { embeddings } = await embedMany({ model, values: opts.texts });
  await db.$transaction((tx) =>
    storeChunks(
      tx,
      opts.texts.map((text, i) => ({
        sourceId: source.id,
        generation,
        ordinal: i,
        text,
        tokenCount: text.split(/\s+/).length,
        location: { start: 0, end: text.length },
        context: opts.title,
        embedding: embeddings[i]!,
      })),
      id,
    ),
  );
  return source.id;
}
