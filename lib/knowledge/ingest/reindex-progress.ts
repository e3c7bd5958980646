import 'server-only';
import { configuredEmbeddingModel } from '@/lib/ai/embedding/configured-embedding-model';
import { prisma } from '@/lib/db/index';
import { activeEmbeddingModel } from '../index/active-embedding-model';
import { reindexFailure } from './reindex-failure';

export interface ReindexProgress {
  /** `running` until search uses the configured model's vectors. */
  state: 'idle' | 'running';
  /** Chunks with a vector of the configured model, in chunks.embedding or waiting in the side table. */
  done: number;
  total: number;
  /** The model search embeds queries with now (its id as chunks record it). */
  active: string;
  /** The model new chunks get and the re-index moves to. */
  configured: string;
  /** Why the last attempt to embed a batch for it failed, while it keeps failing. */
  error: string | null;
}

/** How far the background re-index is in moving every chunk to the configured embedding model. */
export async function reindexProgress(): Promise<ReindexProgress> {
  const [configured, active] = await Promise.all([configuredEmbeddingModel(), activeEmbeddingModel()]);
  const db = await prisma();
  const [row] = await db.$queryRaw<{ done: number; total: number }[]>`
    SELECT count(*) FILTER (
             WHERE c.embedding_model = ${configured.id}
                OR EXISTS (SELECT 1 FROM chunk_embeddings ce WHERE ce.chunk_id = c.id AND ce.model = ${configured.id})
           )::int AS done,
           count(*)::int AS total
    FROM chunks c`;
  const done = row?.done ?? 0;
  const total = row?.total ?? 0;
  const running = active.id !== configured.id || done < total;
  const error = running ? await reindexFailure(configured.id) : null;
  return { state: running ? 'running' : 'idle', done, total, active: active.id, configured: configured.id, error };
}
