import 'server-only';
import { config } from '@/lib/config';
import { Prisma, prisma } from '@/lib/db';
import { ApiError } from './api-error';

export interface Limit {
  key: string;
  max: number;
}

/**
 * Fixed-window counters in the database, so the limits hold across every
 * instance sharing it. One round trip counts all the limits of a request.
 */
export async function enforceRateLimits(limits: Limit[], now = Date.now()): Promise<void> {
  if (limits.length === 0) return;
  const windowMs = config().RATE_LIMIT_WINDOW_SECONDS * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const db = await prisma();
  const rows = await db.$queryRaw<{ key: string; count: number }[]>`
    INSERT INTO "rate_limits" ("key", "window_start", "count")
    VALUES ${Prisma.join(limits.map((l) => Prisma.sql`(${l.key}, ${windowStart}, 1)`))}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "rate_limits"."window_start" = EXCLUDED."window_start" THEN "rate_limits"."count" + 1 ELSE 1 END,
      "window_start" = EXCLUDED."window_start"
    RETURNING "key", "count"`;
  const over = rows.find((row) => row.count > (limits.find((l) => l.key === row.key)?.max ?? Infinity));
  if (over) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
    throw new ApiError('rate_limited', `Too many requests; try again in ${retryAfter} seconds.`, {
      headers: { 'retry-after': String(retryAfter) },
    });
  }
}
