/** Prisma's codes for a server it cannot reach, that closed the connection, or a full pool. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** Socket errors, and PostgreSQL's shutdown, "starting up", too-many-connections and connection classes. */
const SERVER_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** The driver adapter's kinds for the same. */
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
// The last three are PgBouncer's (code 08P01) while the server behind it is down or restarting.
const MESSAGES =
  /Connection terminated|Connection ended unexpectedly|Can't reach database server|Server has closed the connection|server login has been failing|pgbouncer cannot connect to server|query_wait_timeout/i;

/**
 * Whether an error says the database cannot be reached right now (down, restarting, out of
 * connections) rather than that a statement was wrong: such a request can succeed if sent
 * again, so it gets 503 with Retry-After, not a 500. Looks through Prisma's and the
 * adapter's wrappers to the cause.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, kind, message } = e as { code?: unknown; kind?: unknown; message?: unknown };
    if (typeof code === 'string' && (PRISMA_CODES.has(code) || SERVER_CODES.has(code))) return true;
    if (typeof kind === 'string' && ADAPTER_KINDS.has(kind)) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
  }
  return false;
}
