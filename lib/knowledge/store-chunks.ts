import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import type { Prisma as P } from '@/lib/db/generated/client';
import type { ChunkLocation } from './types';
import { vectorLiteral } from './vector-literal';

export interface ChunkRow {
  sourceId: string;
  generation: number;
  ordinal: number;
  text: string;
  tokenCount: number;
  location: ChunkLocation;
  /** Title and heading path: indexed with the text (BM25 over title + text, as BEIR's flat BM25). */
  context: string;
  embedding: number[];
}

type Tx = P.TransactionClient;

/**
 * Inserts chunks with their vectors, full-text vectors, BM25 postings and term counts inside
 * the caller's transaction. The `english` configuration tokenises and stems, so
 * queries analysed the same way meet the same lexemes.
 */
export async function storeChunks(tx: Tx, rows: ChunkRow[], embeddingModel: string): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map(() => uuidv7());
  await tx.$executeRaw`
    INSERT INTO chunks (id, source_id, generation, ordinal, text, token_count, location, embedding_model, embedding, tsv, term_count)
    SELECT t.id, t.sid, t.gen, t.ord, t.txt, t.tc, t.loc::jsonb, ${embeddingModel}, t.emb::vector, v.tsv,
      (SELECT coalesce(sum(coalesce(array_length(u.positions, 1), 1)), 0) FROM unnest(v.tsv) u)
    FROM unnest(${ids}::uuid[], ${rows.map((r) => r.sourceId)}::uuid[], ${rows.map((r) => r.generation)}::int[],
      ${rows.map((r) => r.ordinal)}::int[], ${rows.map((r) => r.text)}::text[], ${rows.map((r) => r.tokenCount)}::int[],
      ${rows.map((r) => JSON.stringify(r.location))}::text[], ${rows.map((r) => vectorLiteral(r.embedding))}::text[],
      ${rows.map((r) => r.context)}::text[]) AS t(id, sid, gen, ord, txt, tc, loc, emb, ctx)
    CROSS JOIN LATERAL (SELECT setweight(to_tsvector('english', t.ctx), 'A') || to_tsvector('english', t.txt) AS tsv) v`;
  // Title and heading words (weight A) count twice: a match there says more (tuned on SciFact train).
  // Lengths are clamped to SMALLINT: a chunk is a few hundred tokens, far below it.
  // Each term's document frequency grows by its postings here (one delta row per term).
  await tx.$executeRaw`
    WITH p AS (
      INSERT INTO chunk_terms (term, chunk_seq, tf, dl)
      SELECT u.lexeme, c.seq,
        least(coalesce(array_length(u.positions, 1), 1) + (SELECT count(*) FROM unnest(u.weights) w WHERE w = 'A'), 32767),
        least(c.term_count, 32767)
      FROM chunks c CROSS JOIN LATERAL unnest(c.tsv) u
      WHERE c.id = ANY(${ids}::uuid[])
      RETURNING term
    )
    INSERT INTO term_counts (term, df) SELECT term, count(*)::int FROM p GROUP BY term`;
}
