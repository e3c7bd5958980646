import 'server-only';
import type { Reach } from '@/lib/access';
import { prisma } from '@/lib/db/index';
import { ApiError } from '@/lib/http/api-error';
import { decodeKeyset, encodeKeyset } from '@/lib/schemas/common';
import { searchableSource } from './source-text';
import type { ChunkLocation } from './types';

export interface SourceChunk {
  id: string;
  ordinal: number;
  text: string;
  tokenCount: number;
  location: ChunkLocation;
  /** The embedding model whose vector search reads; none while a chunk has no vector yet. */
  embeddingModel: string | null;
}

export interface SourceChunks {
  generation: number;
  /** The source's chunks in this generation, all pages together. */
  chunkCount: number;
  data: SourceChunk[];
  nextCursor: string | null;
}

/**
 * A page of the chunks search reads for a source, in order: the passages its text was cut into,
 * each with the place it covers in `GET …/text` (consecutive chunks overlap there). A cursor holds
 * the generation it was read in: once the source is replaced, its next page is a 409, as the
 * chunks it would go on from are gone.
 */
export async function listSourceChunks(
  id: string,
  { limit, cursor, reach }: { limit: number; cursor?: string; reach?: Reach },
): Promise<SourceChunks> {
  const after = decodeKeyset(cursor, (values) => {
    if (
      !Array.isArray(values) ||
      values.length !== 2 ||
      !values.every((v) => typeof v === 'string' && /^\d{1,9}$/.test(v))
    )
      return undefined;
    return { generation: Number(values[0]), ordinal: Number(values[1]) };
  });
  const { generation, chunkCount } = await searchableSource(id, reach);
  if (after && after.generation !== generation) {
    throw new ApiError(
      'conflict',
      'This source was replaced since the first page was read: start again without a cursor.',
    );
  }
  const db = await prisma();
  const rows = await db.$queryRaw<
    {
      id: string;
      ordinal: number;
      text: string;
      token_count: number;
      location: ChunkLocation;
      embedding_model: string | null;
    }[]
  >`
    SELECT id::text AS id, ordinal, text, token_count, location, embedding_model FROM chunks
    WHERE source_id = ${id}::uuid AND generation = ${generation} AND ordinal > ${after?.ordinal ?? -1}
    ORDER BY ordinal LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    generation,
    chunkCount,
    data: page.map((r) => ({
      id: r.id,
      ordinal: r.ordinal,
      text: r.text,
      tokenCount: r.token_count,
      location: r.location,
      embeddingModel: r.embedding_model,
    })),
    nextCursor: rows.length > limit && last ? encodeKeyset([String(generation), String(last.ordinal)]) : null,
  };
}
