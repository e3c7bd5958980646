import 'server-only';
import { embedTexts, type EmbeddingChoice } from '@/lib/ai/embedding/embedding-registry';
import { prisma } from '@/lib/db/index';
import { chunkContext } from '../index/chunk-context';
import type { PreparedSource } from './prepare-source';
import { markIndexDirty } from '../index/maintain-index';
import { storeChunks, type ChunkRow } from '../index/store-chunks';

export interface WriteSlice {
  source: PreparedSource;
  /** Chunk ordinals [from, to) of this source in this write. */
  from: number;
  to: number;
}

/** The vectors of a group's chunks, in slice order (main thread; the database may be busy meanwhile). */
export async function embedSlices(slices: WriteSlice[], embedding: EmbeddingChoice): Promise<number[][]> {
  const values: string[] = [];
  for (const s of slices) for (let i = s.from; i < s.to; i++) values.push(embedText(s.source, i));
  if (values.length === 0) return [];
  return embedTexts(embedding, values);
}

/**
 * Writes one embedded group of chunks (possibly from several small sources)
 * in one short transaction, never held across embedding. The transaction
 * starts by re-checking each source's lease: a source deleted, replaced or taken
 * over by another worker meanwhile is skipped. A source whose last chunk is in
 * this group flips to `ready` here: its new generation becomes live and older
 * generations' chunks go, in the same transaction, so readers see either the
 * old chunks or the complete new set.
 */
export async function writePrepared(opts: {
  slices: WriteSlice[];
  embeddings: number[][];
  owner: string;
  leaseSeconds: number;
  embedding: EmbeddingChoice;
}): Promise<void> {
  const { slices, embeddings, owner, leaseSeconds, embedding } = opts;
  const db = await prisma();
  await db.$transaction(
    async (tx) => {
      const held = await tx.$queryRaw<{ id: string }[]>`
        UPDATE sources s SET progress = t.p, lease_expires_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
        FROM unnest(${slices.map((s) => s.source.id)}::uuid[], ${slices.map((s) => s.to / s.source.chunks.length)}::float8[]) AS t(id, p)
        WHERE s.id = t.id AND s.lease_owner = ${owner} AND s.status = 'processing'
        RETURNING s.id::text AS id`;
      const alive = new Set(held.map((r) => r.id));
      const rows: ChunkRow[] = [];
      let at = 0;
      for (const s of slices) {
        for (let i = s.from; i < s.to; i++, at++) {
          if (!alive.has(s.source.id)) continue;
          const chunk = s.source.chunks[i]!;
          rows.push({
            sourceId: s.source.id,
            generation: s.source.generation,
            ordinal: i,
            text: chunk.text,
            tokenCount: chunk.tokenCount,
            location: chunk.location,
            context: chunkContext(s.source.title, chunk.location).join(' \n'),
            embedding: embeddings[at]!,
          });
        }
      }
      await storeChunks(tx, rows, embedding.id);
      markIndexDirty(rows.length);
      const done = slices.filter((s) => alive.has(s.source.id) && s.to === s.source.chunks.length).map((s) => s.source);
      if (done.length === 0) return;
      const ids = done.map((s) => s.id);
      await tx.$executeRaw`
        UPDATE sources s SET status = 'ready', generation = t.gen, progress = 1, chunk_count = t.n, title = t.title,
          size = t.size, media_type = t.media, chunked_with = t.chunked_with, error = NULL, lease_owner = NULL, lease_expires_at = NULL, updated_at = now(),
          metadata = CASE WHEN t.ocr IS NOT NULL THEN s.metadata || jsonb_build_object('ocr', t.ocr::jsonb)
            WHEN s.metadata->'ocr' ? 'confidence' THEN s.metadata - 'ocr' ELSE s.metadata END
        FROM unnest(${ids}::uuid[], ${done.map((s) => s.generation)}::int[], ${done.map((s) => s.chunks.length)}::int[],
          ${done.map((s) => s.title)}::text[], ${done.map((s) => s.size)}::int[], ${done.map((s) => s.mediaType)}::text[],
          ${done.map((s) => s.chunkedWith)}::text[], ${done.map((s) => (s.ocr ? JSON.stringify(s.ocr) : null))}::text[])
          AS t(id, gen, n, title, size, media, chunked_with, ocr)
        WHERE s.id = t.id`;
      // A first ingestion writes generation 1 and generation 0 never has chunks: only a replaced
      // source has older chunks to drop (a statement per write that cost SciFact half a second).
      const replaced = done.filter((s) => s.generation > 1);
      if (replaced.length > 0) {
        await tx.$executeRaw`
          DELETE FROM chunks c USING unnest(${replaced.map((s) => s.id)}::uuid[], ${replaced.map((s) => s.generation)}::int[]) AS t(id, gen)
          WHERE c.source_id = t.id AND c.generation <> t.gen`;
      }
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
}

/** What the embedding sees: the chunk with its context. */
function embedText(source: PreparedSource, i: number): string {
  const chunk = source.chunks[i]!;
  return [...chunkContext(source.title, chunk.location), chunk.text].join('\n');
}
