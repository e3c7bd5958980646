import 'server-only';
import { Prisma, prisma } from '@/lib/db/index';
import { ingestSignature } from './rechunk-sources';
import { clipText } from '@/lib/clip-text';

/**
 * The columns of a source (aliased `s`) whose ingestion has failed with `error`. A source that
 * was being chunked again (rechunkStep) keeps its chunks and stays ready: its content has not
 * changed, and it answered questions until now. The failure is noted in `error`, and it is
 * not queued again for these settings.
 */
export function failedColumns(error: Prisma.Sql): Prisma.Sql {
  const rechunking = Prisma.sql`COALESCE((SELECT c.rechunk AND c.generation > s.generation FROM source_contents c WHERE c.source_id = s.id), false)`;
  return Prisma.sql`
    status = CASE WHEN ${rechunking} THEN 'ready'::"SourceStatus" ELSE 'failed'::"SourceStatus" END,
    progress = CASE WHEN ${rechunking} THEN 1 ELSE 0 END,
    chunked_with = CASE WHEN ${rechunking} THEN ${ingestSignature()} ELSE s.chunked_with END,
    error = CASE WHEN ${rechunking} THEN left('Chunking this source again failed; it keeps its earlier chunks. ' || ${error}, 1000) ELSE ${error} END,
    lease_owner = NULL, lease_expires_at = NULL, updated_at = now()`;
}

/** Ends a source this worker holds as `failed`, removing whatever chunks its new generation got. */
export async function failSource(opts: { id: string; owner: string; error: string }): Promise<void> {
  const db = await prisma();
  await db.$transaction(async (tx) => {
    const held = await tx.$queryRaw<{ gen: number | null }[]>`
      UPDATE sources s SET ${failedColumns(Prisma.sql`${clipText(opts.error, 1000)}`)}
      WHERE s.id = ${opts.id}::uuid AND s.lease_owner = ${opts.owner}
      RETURNING (SELECT generation FROM source_contents WHERE source_id = s.id) AS gen`;
    const gen = held[0]?.gen;
    if (gen != null)
      await tx.$executeRaw`DELETE FROM chunks WHERE source_id = ${opts.id}::uuid AND generation = ${gen}`;
  });
}
