import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '@/lib/db/database-unavailable';

const err = (fields: Record<string, unknown>, message = 'x') => Object.assign(new Error(message), fields);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['Prisma: server unreachable', err({ code: 'P1001' })],
    ['Prisma: pool timeout', err({ code: 'P2024' })],
    ['pg: connection refused', err({ code: 'ECONNREFUSED' })],
    ['PostgreSQL shutting down', err({ code: '57P01' })],
    ['PostgreSQL starting up', err({ code: '57P03' })],
    ['too many connections', err({ code: '53300' })],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    [
      'PgBouncer, its server restarting',
      err({ code: '08P01' }, 'server login has been failing, try again later (server_login_retry)'),
    ],
    ['PgBouncer, its server down', err({ code: '08P01' }, 'pgbouncer cannot connect to server')],
    ['the adapter’s kind, two causes deep', err({ cause: { cause: { kind: 'DatabaseNotReachable' } } }, 'outer')],
  ])('%s: 503', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', err({ code: 'P2002' })],
    ['a syntax error', err({ code: '42601' })],
    ['a client that closed its request body', err({ code: 'ECONNRESET' }, 'aborted')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'P1001'],
  ])('%s: not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
