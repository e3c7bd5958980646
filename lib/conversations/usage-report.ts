import 'server-only';
import { reachSql, type Reach } from '@/lib/access';
import { Prisma, prisma } from '@/lib/db';
import { fieldError } from '@/lib/http/validation';
import { TOP_CITED_SOURCES, type UsageCounts, type UsageQuery, type UsageReport } from '@/lib/schemas/usage';

interface Span {
  from: string;
  to: string;
  since: Date;
}

type DayRow = UsageCounts & { date: string };

interface SourcesRow {
  top: UsageReport['sources']['top'];
  cited: number;
  deleted: number;
  ready: number;
  neverCited: number;
}

/**
 * How the assistant was used over the last `days` calendar days of `timeZone`, today included:
 * conversations, questions and replies per day, how replies ended and were rated, and which
 * sources they cited. Counts only: no question or reply text leaves the database. The sources
 * counted and named are those the caller reaches (`reach`, applied in the SQL): an admin key
 * narrowed to some collections learns nothing of the others' sources.
 */
export async function usageReport({ days, timeZone, reach }: UsageQuery & { reach: Reach }): Promise<UsageReport> {
  const db = await prisma();
  const [span] = await db.$queryRaw<Span[]>`
      SELECT (today - ${days - 1}::int)::text AS "from", today::text AS "to",
        (today - ${days - 1}::int)::timestamp AT TIME ZONE ${timeZone} AS since
      FROM (SELECT (now() AT TIME ZONE ${timeZone})::date AS today) t`.catch((error: unknown) => {
    // Intl and PostgreSQL each have their own copy of the time zone database; one may lag the other.
    if (String(error).includes('time zone')) {
      throw fieldError({ in: 'query', path: ['timeZone'] }, 'is not a time zone the database knows');
    }
    throw error;
  });
  const { from, to, since } = span!;
  const day = (column: Prisma.Sql) => Prisma.sql`(${column} AT TIME ZONE ${timeZone})::date`;

  const [dayRows, [sources]] = await Promise.all([
    db.$queryRaw<DayRow[]>`
      WITH conv AS (
        SELECT ${day(Prisma.sql`c.created_at`)} AS day, count(*)::int AS conversations
        FROM conversations c WHERE c.created_at >= ${since} GROUP BY 1
      ), msg AS (
        SELECT ${day(Prisma.sql`m.created_at`)} AS day,
          count(*) FILTER (WHERE m.role = 'user')::int AS questions,
          count(*) FILTER (WHERE m.role = 'assistant' AND m.status <> 'streaming')::int AS replies,
          count(*) FILTER (WHERE m.role = 'assistant' AND m.status = 'complete' AND m.cited_sources = '[]')::int AS uncited,
          count(*) FILTER (WHERE m.role = 'assistant' AND m.status IN ('failed', 'interrupted'))::int AS failed,
          count(*) FILTER (WHERE m.role = 'assistant' AND m.status = 'stopped')::int AS stopped,
          coalesce(sum(${tokens('inputTokens')}), 0)::float8 AS "inputTokens",
          coalesce(sum(${tokens('outputTokens')}), 0)::float8 AS "outputTokens"
        FROM messages m WHERE m.created_at >= ${since} AND m.role <> 'system'
        GROUP BY 1
      ), rated AS (
        SELECT ${day(Prisma.sql`m.created_at`)} AS day,
          count(*) FILTER (WHERE f.rating = 'up')::int AS "ratedUp", count(*) FILTER (WHERE f.rating = 'down')::int AS "ratedDown"
        FROM message_feedback f JOIN messages m ON m.id = f.message_id WHERE m.created_at >= ${since} GROUP BY 1
      )
      SELECT d.day::date::text AS date, coalesce(conv.conversations, 0) AS conversations,
        coalesce(msg.questions, 0) AS questions, coalesce(msg.replies, 0) AS replies, coalesce(msg.uncited, 0) AS uncited,
        coalesce(msg.failed, 0) AS failed, coalesce(msg.stopped, 0) AS stopped,
        coalesce(rated."ratedUp", 0) AS "ratedUp", coalesce(rated."ratedDown", 0) AS "ratedDown",
        coalesce(msg."inputTokens", 0) AS "inputTokens", coalesce(msg."outputTokens", 0) AS "outputTokens"
      FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d(day)
        LEFT JOIN conv ON conv.day = d.day::date LEFT JOIN msg ON msg.day = d.day::date
        LEFT JOIN rated ON rated.day = d.day::date
      ORDER BY d.day`,
    db.$queryRaw<SourcesRow[]>`
      WITH cited AS (
        SELECT c.source_id, count(DISTINCT m.id)::int AS replies, count(*)::int AS citations
        FROM messages m CROSS JOIN LATERAL jsonb_array_elements_text(m.cited_sources) AS c(source_id)
        WHERE m.role = 'assistant' AND m.created_at >= ${since}
        GROUP BY 1
      ), known AS (
        SELECT s.id::text AS "sourceId", s.title, s.status, cited.replies, cited.citations
        FROM sources s LEFT JOIN cited ON cited.source_id = s.id::text
        WHERE ${reachSql(reach, Prisma.sql`s.collection_id`)}
      )
      SELECT
        (SELECT coalesce(json_agg(json_build_object('sourceId', t."sourceId", 'title', t.title, 'replies', t.replies, 'citations', t.citations)
           ORDER BY t.replies DESC, t.citations DESC, t.title, t."sourceId"), '[]')
         FROM (SELECT * FROM known WHERE replies IS NOT NULL ORDER BY replies DESC, citations DESC, title, "sourceId" LIMIT ${TOP_CITED_SOURCES}) t) AS top,
        count(*) FILTER (WHERE replies IS NOT NULL)::int AS cited,
        (SELECT count(*) FROM cited WHERE NOT EXISTS (SELECT FROM sources s WHERE s.id::text = cited.source_id))::int AS deleted,
        count(*) FILTER (WHERE status = 'ready')::int AS ready,
        count(*) FILTER (WHERE status = 'ready' AND replies IS NULL)::int AS "neverCited"
      FROM known`,
  ]);

  const totals = Object.fromEntries(
    COUNTS.map((key) => [key, dayRows.reduce((sum, row) => sum + row[key], 0)]),
  ) as UsageCounts;
  return { from, to, timeZone, totals, days: dayRows, sources: sources! };
}

const COUNTS = [
  'conversations',
  'questions',
  'replies',
  'uncited',
  'failed',
  'stopped',
  'ratedUp',
  'ratedDown',
  'inputTokens',
  'outputTokens',
] as const satisfies readonly (keyof UsageCounts)[];

/** A token count of a reply's `usage`, when the model reported one. */
const tokens = (key: 'inputTokens' | 'outputTokens') =>
  Prisma.sql`CASE WHEN jsonb_typeof(m.usage -> ${key}) = 'number' THEN (m.usage ->> ${key})::numeric END`;
