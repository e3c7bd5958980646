import 'server-only';
import { reachSql, type Reach } from '@/lib/access';
import { Prisma, prisma } from '@/lib/db/index';
import { notFound } from '@/lib/http/api-error';
import { markIndexDirty } from '../index/maintain-index';

/**
 * Deletes a source, its raw content, chunks and postings in one statement
 * (foreign keys cascade inside the same transaction). A worker busy with it
 * loses its lease check on the next write and stops; anything it tries to
 * write afterwards fails the foreign key, so no orphan chunk can appear.
 */
export async function deleteSource(id: string): Promise<void> {
  const db = await prisma();
  const deleted = await db.$executeRaw`DELETE FROM sources WHERE id = ${id}::uuid`;
  if (deleted === 0) throw notFound('source');
  markIndexDirty();
}

/** Sources deleted per statement: a statement holds PGlite's one connection while it cascades. */
const DELETE_BATCH = 50;

/**
 * Deletes several sources as `deleteSource` does one, a few at a time. Returns the ids deleted
 * and, in the order given, those that named no source (deleted already, or never there) or one
 * outside `reach` (the collections the caller edits).
 */
export async function deleteSources(
  ids: string[],
  reach: Reach = { all: true },
): Promise<{ deleted: string[]; unknown: string[] }> {
  const db = await prisma();
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  const deleted = new Set<string>();
  for (let at = 0; at < wanted.length; at += DELETE_BATCH) {
    const rows = await db.$queryRaw<{ id: string }[]>`
      DELETE FROM sources WHERE id = ANY(${wanted.slice(at, at + DELETE_BATCH)}::uuid[])
        AND ${reachSql(reach, Prisma.sql`collection_id`)} RETURNING id::text AS id`;
    for (const row of rows) deleted.add(row.id);
  }
  if (deleted.size > 0) markIndexDirty();
  return { deleted: wanted.filter((id) => deleted.has(id)), unknown: wanted.filter((id) => !deleted.has(id)) };
}
