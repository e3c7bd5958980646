/**
 * `text` for a LIKE or ILIKE pattern, matched literally: `\`, `%` and `_` are escaped with
 * PostgreSQL's default escape character. Prisma's `contains` leaves them as wildcards.
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');
