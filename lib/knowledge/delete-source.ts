import 'server-only';
import { prisma } from '@/lib/db';
import { notFound } from '@/lib/http/api-error';
import { markIndexDirty } from './maintain-index';

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
