import 'server-only';
import { prisma } from '@/lib/db/index';
import { notFound } from '@/lib/http/api-error';
import { markIndexDirty } from '../index/maintain-index';

/**
 * Deletes a crawl, its URLs and its pages (and their content and chunks) in one statement: the
 * foreign keys cascade. A worker crawling it loses its lease on its next renewal and stops; a page
 * it stores meanwhile fails the foreign key, so none is left behind.
 */
export async function deleteCrawl(id: string): Promise<void> {
  const db = await prisma();
  const deleted = await db.$executeRaw`DELETE FROM crawls WHERE id = ${id}::uuid`;
  if (deleted === 0) throw notFound('crawl');
  markIndexDirty();
}
