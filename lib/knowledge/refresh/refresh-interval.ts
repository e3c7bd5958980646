import { Prisma } from '@/lib/db/index';
import type { RefreshSetting } from '@/lib/schemas/refreshes';

/** How far apart scheduled refreshes are. */
export const REFRESH_HOURS: Record<NonNullable<RefreshSetting>, number> = { hourly: 1, daily: 24, weekly: 24 * 7 };

/** SQL for the next refresh a `refresh` column asks for: now + its interval, or null (none scheduled). */
export const nextRefreshSql = (column: Prisma.Sql) => Prisma.sql`
  CASE ${column} WHEN 'hourly' THEN now() + interval '1 hour' WHEN 'daily' THEN now() + interval '1 day'
    WHEN 'weekly' THEN now() + interval '7 days' ELSE NULL END`;

/** The next refresh of a schedule set now (null: none). */
export const nextRefreshOf = (refresh: RefreshSetting): Date | null =>
  refresh ? new Date(Date.now() + REFRESH_HOURS[refresh] * 3600_000) : null;
