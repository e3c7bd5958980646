import 'server-only';
import { prisma } from '@/lib/db';

/** Ends a source this worker holds as `failed`, removing whatever chunks its new generation got. */
export async function failSource(opts: { id: string; owner: string; error: string }): Promise<void> {
  const db = await prisma();
  await db.$transaction(async (tx) => {
    const held = await tx.$queryRaw<{ gen: number | null }[]>`
      UPDATE sources s SET status = 'failed', error = ${opts.error.slice(0, 1000)}, progress = 0,
        lease_owner = NULL, lease_expires_at = NULL, updated_at = now()
      WHERE s.id = ${opts.id}::uuid AND s.lease_owner = ${opts.owner}
      RETURNING (SELECT generation FROM source_contents WHERE source_id = s.id) AS gen`;
    const gen = held[0]?.gen;
    if (gen != null) await tx.$executeRaw`DELETE FROM chunks WHERE source_id = ${opts.id}::uuid AND generation = ${gen}`;
  });
}
