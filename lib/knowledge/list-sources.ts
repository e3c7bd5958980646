import 'server-only';
import { prisma } from '@/lib/db';
import { escapeLike } from '@/lib/db/like-pattern';
import { notFound } from '@/lib/http/api-error';
import { decodeCursor, encodeCursor } from '@/lib/schemas/common';
import type { SourceStatus } from '@/lib/schemas/knowledge';
import { toSourceJson, type SourceJson } from './source-json';

/**
 * Sources newest first, keyset-paginated on (createdAt, id). With `q`, only those whose title,
 * file name or URL contains it, ignoring case and matched literally.
 */
export async function listSources(opts: {
  limit: number;
  cursor?: string;
  status?: SourceStatus;
  q?: string;
}): Promise<{ data: SourceJson[]; nextCursor: string | null }> {
  const db = await prisma();
  const after = decodeCursor(opts.cursor);
  const contains = opts.q === undefined ? undefined : { contains: escapeLike(opts.q), mode: 'insensitive' as const };
  const rows = await db.source.findMany({
    where: {
      ...(opts.status ? { status: opts.status } : {}),
      ...(contains ? { AND: [{ OR: [{ title: contains }, { filename: contains }, { uri: contains }] }] } : {}),
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
