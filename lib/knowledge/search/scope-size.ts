import 'server-only';
import { reachSql, type Reach } from '@/lib/access';
import { getDatabase, Prisma } from '@/lib/db/index';

/**
 * How many chunks a restricted search may look at, when that is at most `upTo`: the sum of its
 * sources' chunk counts, read from at most `upTo` + 1 sources (a scope of more sources, or of more
 * chunks, answers Infinity), so that the question costs little however large the scope is.
 * Unrestricted (no source, reach absent or all): Infinity.
 */
export async function scopeSize(opts: { sourceId?: string; reach?: Reach; upTo: number }): Promise<number> {
  const restricted = opts.reach && !opts.reach.all;
  if (!opts.sourceId && !restricted) return Infinity;
  const db = await getDatabase();
  const [row] = await db.query<{ chunks: number; sources: number }>(Prisma.sql`
    SELECT coalesce(sum(n), 0)::float8 AS chunks, count(*)::int AS sources
    FROM (SELECT s.chunk_count AS n FROM sources s
          WHERE ${opts.sourceId ? Prisma.sql`s.id = ${opts.sourceId}::uuid` : Prisma.sql`TRUE`}
            AND ${opts.reach ? reachSql(opts.reach, Prisma.sql`s.collection_id`) : Prisma.sql`TRUE`}
          ${Number.isFinite(opts.upTo) ? Prisma.sql`LIMIT ${Math.trunc(opts.upTo) + 1}` : Prisma.empty}) x`);
  if (!row || row.sources > opts.upTo || row.chunks > opts.upTo) return Infinity;
  return row.chunks;
}
