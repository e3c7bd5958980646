import 'server-only';
import { config } from '@/lib/config';
import { Prisma, prisma } from '@/lib/db';
import { ApiError } from './api-error';

export interface Limit {
  key: string;
  max: number;
}

/**
 * Sliding-window counters in the database, so the limits hold across every instance sharing it.
 * Each key keeps its count in the current window and the count of the window before; a request
 * is over the limit when this window's count plus the share of the previous one that the sliding
 * window still covers is: `previous × (1 − elapsed / window) + current > max`. A fixed window let
 * a client send its limit at the end of one window and again at the start of the next, twice the
 * limit within a few seconds. Requests over a limit count too, so a client that keeps sending
 * while refused waits longer; Retry-After says when one more fits, at most a window. One round trip
 * counts all the limits of a request. `windowSeconds`: a window of their own for limits counted
 * separately (password attempts); one key always keeps the same window.
 */
export async function enforceRateLimits(
  limits: Limit[],
  now = Date.now(),
  windowSeconds = config().RATE_LIMIT_WINDOW_SECONDS,
): Promise<void> {
  if (limits.length === 0) return;
  const windowMs = windowSeconds * 1000;
  const startMs = Math.floor(now / windowMs) * windowMs;
  const [windowStart, previousStart] = [new Date(startMs), new Date(startMs - windowMs)];
  const db = await prisma();
  // (every SET expression reads the row as it was before this update)
  const rows = await db.$queryRaw<{ key: string; count: number; previous_count: number }[]>`
    INSERT INTO "rate_limits" ("key", "window_start", "count", "previous_count")
    VALUES ${Prisma.join(limits.map((l) => Prisma.sql`(${l.key}, ${windowStart}, 1, 0)`))}
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "rate_limits"."window_start" = EXCLUDED."window_start" THEN "rate_limits"."count" + 1 ELSE 1 END,
      "previous_count" = CASE
        WHEN "rate_limits"."window_start" = EXCLUDED."window_start" THEN "rate_limits"."previous_count"
        WHEN "rate_limits"."window_start" = ${previousStart} THEN "rate_limits"."count"
        ELSE 0 END,
      "window_start" = EXCLUDED."window_start"
    RETURNING "key", "count", "previous_count"`;
  const elapsed = (now - startMs) / windowMs;
  let retryAfter = 0;
  for (const row of rows) {
    const max = limits.find((l) => l.key === row.key)?.max ?? Infinity;
    if (row.previous_count * (1 - elapsed) + row.count <= max) continue;
    retryAfter = Math.max(
      retryAfter,
      Math.min(secondsUntilUnder(max, row.count, row.previous_count, elapsed, windowMs), windowMs / 1000),
    );
  }
  if (retryAfter > 0) {
    throw new ApiError('rate_limited', `Too many requests; try again in ${retryAfter} seconds.`, {
      headers: { 'retry-after': String(retryAfter) },
    });
  }
}

/**
 * How long until one more request fits under `max` (at least a second): while this window's
 * count leaves room, until enough of the previous window has slid out of it; else into the next
 * window, until enough of this one has.
 */
function secondsUntilUnder(max: number, count: number, previous: number, elapsed: number, windowMs: number): number {
  const room = max - 1; // what the sliding count may be when the next request comes
  const fraction =
    count <= room && previous > 0
      ? 1 - (room - count) / previous - elapsed
      : 1 - elapsed + Math.max(0, 1 - room / count);
  return Math.max(1, Math.ceil((fraction * windowMs) / 1000));
}
