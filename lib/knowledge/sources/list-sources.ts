import 'server-only';
import { z } from 'zod';
import { reachSql, type Reach } from '@/lib/access';
import { Prisma, prisma } from '@/lib/db/index';
import { escapeLike } from '@/lib/db/like-pattern';
import { notFound } from '@/lib/http/api-error';
import { decodeKeyset, encodeKeyset } from '@/lib/schemas/common';
import {
  sourceKindSchema,
  sourceStatusSchema,
  type SourceSort,
  type SourceSortKey,
  type SourceStatus,
} from '@/lib/schemas/knowledge';
import { inReach } from './source-access';
import { presentSource, presentSources, type SourceJson } from './source-json';

/**
 * Each order's SQL expression and the type its cursor value (the expression as text, read back
 * from the database so that `lower` and timestamps round-trip exactly) is cast back to.
 */
const ORDERS: Record<SourceSortKey, { expr: Prisma.Sql; type: Prisma.Sql; valid: (value: string) => boolean }> = {
  createdAt: { expr: Prisma.sql`s.created_at`, type: Prisma.sql`timestamptz`, valid: isTimestampText },
  title: { expr: Prisma.sql`lower(s.title)`, type: Prisma.sql`text`, valid: (v) => !v.includes('\u0000') },
  // The enum's order, which is its labels' alphabetical order (file, text, url), so an index serves it.
  kind: {
    expr: Prisma.sql`s.kind`,
    type: Prisma.sql`"SourceKind"`,
    valid: (v) => sourceKindSchema.safeParse(v).success,
  },
  status: {
    expr: Prisma.sql`s.status`,
    type: Prisma.sql`"SourceStatus"`,
    valid: (v) => sourceStatusSchema.safeParse(v).success,
  },
  chunkCount: { expr: Prisma.sql`s.chunk_count`, type: Prisma.sql`int`, valid: (v) => /^\d{1,9}$/.test(v) },
  size: { expr: Prisma.sql`s.size`, type: Prisma.sql`int`, valid: (v) => /^\d{1,9}$/.test(v) },
};

const TIMESTAMP_TEXT =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2}) (?<hour>\d{2}):(?<minute>\d{2}):(?<second>\d{2})(?:\.\d{1,6})?[+-](?<offsetHours>\d{2})(?::(?<offsetMinutes>\d{2}))?$/;

/**
 * A `timestamptz` as PostgreSQL writes it as text ("2026-11-25 06:16:41.086+00"), every field in
 * its range: what a cursor of this listing holds. `Date.parse` takes far more (year 0, "+99"),
 * which the cast then refuses with an error.
 */
function isTimestampText(value: string): boolean {
  const fields = TIMESTAMP_TEXT.exec(value)?.groups;
  if (!fields) return false;
  const f = (name: string) => Number(fields[name] ?? 0);
  return (
    f('year') >= 1970 &&
    f('month') >= 1 &&
    f('month') <= 12 &&
    f('day') >= 1 &&
    f('day') <= 31 &&
    f('hour') < 24 &&
    f('minute') < 60 &&
    f('second') < 60 &&
    f('offsetHours') <= 15 &&
    f('offsetMinutes') < 60
  );
}

interface ListOptions {
  limit: number;
  cursor?: string;
  status?: SourceStatus;
  q?: string;
  sort?: SourceSort;
  /** Only this collection's sources. */
  collectionId?: string;
  /** Only the sources this connector synced. */
  connector?: string;
  /** Only the pages this crawl found. */
  crawlId?: string;
  /** The collections the caller reads (lib/access): others' sources are left out inside the query. */
  reach?: Reach;
}

/**
 * Sources in the given order (newest first by default), keyset-paginated on (that order, id).
 * With `q`, only those whose title, file name or URL contains it, ignoring case and matched
 * literally. Titles sort ignoring case (`lower`, so alike on every database collation).
 */
export async function listSources(opts: ListOptions): Promise<{ data: SourceJson[]; nextCursor: string | null }> {
  const { sql, sort } = sourcesPageQuery(opts);
  const db = await prisma();
  const ids = await db.$queryRaw<{ id: string; key: string }[]>(sql);
  const page = ids.slice(0, opts.limit);
  const rows = new Map(
    (await db.source.findMany({ where: { id: { in: page.map((r) => r.id) } } })).map((r) => [r.id, r]),
  );
  const last = page.at(-1);
  return {
    // A source deleted between the two reads is left out.
    data: await presentSources(page.flatMap((r) => rows.get(r.id) ?? [])),
    nextCursor: ids.length > opts.limit && last ? encodeKeyset([sort, last.key, last.id]) : null,
  };
}

/** The ids (and sort keys) of one page and the one after it; exported for the test of its plans. */
export function sourcesPageQuery(opts: ListOptions): { sql: Prisma.Sql; sort: SourceSort } {
  const sort = opts.sort ?? '-createdAt';
  const descending = sort.startsWith('-');
  const order = ORDERS[sort.replace(/^-/, '') as SourceSortKey];
  const dir = descending ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  // A cursor carries its order: one from another order cannot say where the page starts.
  const after = decodeKeyset(opts.cursor, (values) => {
    const parsed = cursorSchema.safeParse(values);
    return parsed.success && parsed.data[0] === sort && order.valid(parsed.data[1])
      ? { value: parsed.data[1], id: parsed.data[2] }
      : undefined;
  });
  // One collection (asked for, or all the caller reads) is an equality, which the index on
  // (collection_id, created_at, id) reads in order; `= ANY` of one would be sorted after.
  const only =
    opts.collectionId ??
    (opts.reach?.all === false && opts.reach.collectionIds.length === 1 ? opts.reach.collectionIds[0] : undefined);
  const conditions = [opts.reach ? reachSql(opts.reach, Prisma.sql`s.collection_id`) : Prisma.sql`TRUE`];
  if (only) conditions.push(Prisma.sql`s.collection_id = ${only}::uuid`);
  if (opts.connector !== undefined) conditions.push(Prisma.sql`s.connector = ${opts.connector}`);
  if (opts.crawlId !== undefined) conditions.push(Prisma.sql`s.crawl_id = ${opts.crawlId}::uuid`);
  if (opts.status) conditions.push(Prisma.sql`s.status = ${opts.status}::"SourceStatus"`);
  if (opts.q !== undefined) {
    const pattern = `%${escapeLike(opts.q)}%`;
    // The joined text is what the trigram index holds (see its migration): it finds the candidates,
    // and the three columns decide, so a match never spans two of them.
    conditions.push(
      Prisma.sql`(s.title || E'\\n' || coalesce(s.filename, '') || E'\\n' || coalesce(s.uri, '')) ILIKE ${pattern}`,
    );
    conditions.push(Prisma.sql`(s.title ILIKE ${pattern} OR s.filename ILIKE ${pattern} OR s.uri ILIKE ${pattern})`);
  }
  if (after) {
    const cmp = descending ? Prisma.sql`<` : Prisma.sql`>`;
    conditions.push(Prisma.sql`(${order.expr}, s.id) ${cmp} (${after.value}::${order.type}, ${after.id}::uuid)`);
  }
  const sql = Prisma.sql`
    SELECT s.id::text AS id, ${order.expr}::text AS key FROM sources s
    WHERE ${Prisma.join(conditions, ' AND ')}
    ORDER BY ${order.expr} ${dir}, s.id ${dir}
    LIMIT ${opts.limit + 1}`;
  return { sql, sort };
}

const cursorSchema = z.tuple([z.string(), z.string(), z.uuid()]);

/** A source the caller reads (within `reach`): 404 otherwise, exactly as for an unknown id. */
export async function getSourceOrThrow(id: string, reach?: Reach): Promise<SourceJson> {
  const db = await prisma();
  const row = await db.source.findFirst({ where: { id, ...inReach(reach) } });
  if (!row) throw notFound('source');
  return presentSource(row);
}
