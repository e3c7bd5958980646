import 'server-only';
import { prisma } from '@/lib/db/index';
import type { Prisma } from '@/lib/db/generated/client';

// A source's content (queued, then kept: see SourceContent) travels as base64 text, both ways. bytea's own text form is hex,
// which PGlite parses and prints several times slower, all of it holding the one
// connection that requests wait for. 21.5 MB: written in 0.9 s (hex 1.3-1.5 s, a Prisma
// Bytes value 8.6 s), read in 0.3 s (hex 2.2 s); stored uncompressed since (see the
// migration source_contents_uncompressed), about half of each.

export const toBase64 = (data: Uint8Array) =>
  Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');

export interface SourceContent {
  generation: number;
  data: Uint8Array;
  /** Queued by rechunkStep: the content the live chunks were made from. */
  rechunk: boolean;
  /** A web page's: the address it was fetched from (see keepFetched). */
  url: string | null;
  /** Bytes a refresh fetched (queued with them): read as they are, not fetched again. */
  fetched: boolean;
}

/** The content of these sources, by source id. */
export async function readContents(ids: string[]): Promise<Map<string, SourceContent>> {
  if (ids.length === 0) return new Map();
  const db = await prisma();
  const rows = await db.$queryRaw<
    { id: string; generation: number; base64: string; rechunk: boolean; url: string | null; fetched: boolean }[]
  >`
    SELECT source_id::text AS id, generation, encode(data, 'base64') AS base64, rechunk, url, fetched FROM source_contents WHERE source_id = ANY(${ids}::uuid[])`;
  return new Map(
    rows.map((r) => [
      r.id,
      {
        generation: r.generation,
        data: Buffer.from(r.base64, 'base64'),
        rechunk: r.rechunk,
        url: r.url,
        fetched: r.fetched,
      },
    ]),
  );
}

/** Queues new bytes (as base64, see toBase64) for a source as the given generation, replacing any still queued. */
export async function writeContent(
  tx: Prisma.TransactionClient,
  { sourceId, generation, base64 }: { sourceId: string; generation: number; base64: string },
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO source_contents (source_id, generation, data) VALUES (${sourceId}::uuid, ${generation}, decode(${base64}, 'base64'))
    ON CONFLICT (source_id) DO UPDATE SET generation = EXCLUDED.generation, data = EXCLUDED.data, rechunk = false, url = NULL, fetched = false`;
}

/**
 * Keeps the bytes a web page was fetched as with its queued generation (a URL is queued with
 * none), so that chunking it again reads the page its chunks came from. A replacement queued
 * meanwhile has a later generation, and keeps its own.
 */
export async function keepFetched(sourceId: string, generation: number, data: Uint8Array, url: string): Promise<void> {
  const db = await prisma();
  await db.$executeRaw`
    UPDATE source_contents SET data = decode(${toBase64(data)}, 'base64'), url = ${url} WHERE source_id = ${sourceId}::uuid AND generation = ${generation}`;
}
