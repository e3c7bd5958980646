import 'server-only';
import { prisma } from '@/lib/db';
import { notFound } from '@/lib/http/api-error';
import { decodeCursor, encodeCursor } from '@/lib/schemas/common';
import type { SourceStatus } from '@/lib/schemas/knowledge';
import { toSourceJson, type SourceJson } from './source-json';

/** Sources newest first, keyset-paginated on (createdAt, id). */
export async function listSources(opts: { limit: number; cursor?: string; status?: SourceStatus }): Promise<{ data: SourceJson[]; nextCursor: string | null }> {
  const db = await prisma();
  const after = decodeCursor(opts.cursor);
  const rows = await db.source.findMany({
    where: {
      ...(opts.status ? { status: opts.status } : {}),
      ...(after ? { OR: [{ createdAt: { lt: after.at } }, { createdAt: after.at, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: opts.limit + 1,
  });
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(toSourceJson),
    nextCursor: rows.length > opts.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

export async function getSourceOrThrow(id: string): Promise<SourceJson> {
  const db = await prisma();
  const row = await db.source.findUnique({ where: { id } });
  if (!row) throw notFound('source');
  return toSourceJson(row);
}
