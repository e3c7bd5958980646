import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/driver';
import { Prisma } from '@/lib/db/generated/client';
import { migrate } from '@/lib/db/migrate';
import { runAsRequest } from '@/lib/db/work-priority';

// The embedded database runs on its own thread (lib/db/pglite-thread.mjs). These tests open
// one directly, whichever backend the rest of the suite uses.
let db: Database;

// About a second of work for PGlite on these machines.
const SLOW = Prisma.sql`SELECT count(*)::int AS n FROM generate_series(1, 400000) g WHERE md5(g::text) LIKE '%ab%'`;

beforeAll(async () => {
  db = await openDatabase('pglite:memory');
  await migrate(db, path.join(process.cwd(), 'prisma/migrations'));
});

afterAll(async () => {
  await db.close();
});

describe('embedded PGlite on its own thread', () => {
  it('keeps the event loop free while a long statement runs', async () => {
    let worstLag = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      worstLag = Math.max(worstLag, now - last - 5);
      last = now;
    }, 5);
    const started = performance.now();
    const [row] = await db.query<{ n: number }>(SLOW);
    const took = performance.now() - started;
    clearInterval(ticker);
    expect(row!.n).toBeGreaterThan(0);
    expect(took).toBeGreaterThan(200); // long enough that a blocked loop would show
    expect(worstLag).toBeLessThan(Math.min(100, took / 2));
  });

  it('runs the oldest request first when calls wait their turn', async () => {
    const finished: string[] = [];
    const track = (name: string, p: Promise<unknown>) => p.then(() => finished.push(name));
    // Two slow calls fill the thread; then a later request's call arrives before an earlier one's.
    const busy = [track('busy-1', db.query(SLOW)), track('busy-2', db.query(SLOW))];
    const now = performance.now();
    const later = runAsRequest(now, () => track('later', db.query(Prisma.sql`SELECT 1`)));
    const earlier = runAsRequest(now - 1000, () => track('earlier', db.query(Prisma.sql`SELECT 2`)));
    await Promise.all([...busy, later, earlier]);
    expect(finished.indexOf('earlier')).toBeLessThan(finished.indexOf('later'));
  });

  it('applies statement settings to that statement only', async () => {
    const [inside] = await db.query<{ enable_seqscan: string }>(Prisma.sql`SHOW enable_seqscan`, { enable_seqscan: 'off' });
    const [after] = await db.query<{ enable_seqscan: string }>(Prisma.sql`SHOW enable_seqscan`);
    expect(inside!.enable_seqscan).toBe('off');
    expect(after!.enable_seqscan).toBe('on');
  });

  it('reports database errors with their SQLSTATE, also through Prisma', async () => {
    await expect(db.query(Prisma.sql`SELECT 1 / ${0}::int`)).rejects.toMatchObject({ code: '22012' });
    const id = '01890000-0000-7000-8000-000000000001';
    await db.prisma.principal.create({ data: { id, kind: 'anonymous' } });
    await expect(db.prisma.principal.create({ data: { id, kind: 'anonymous' } })).rejects.toMatchObject({ code: 'P2002' });
    // A failed interactive transaction rolls back and frees the connection.
    await expect(
      db.prisma.$transaction(async (tx) => {
        await tx.principal.create({ data: { id: '01890000-0000-7000-8000-000000000002', kind: 'anonymous' } });
        await tx.$executeRaw`SELECT 1 / 0`;
      }),
    ).rejects.toThrow();
    expect(await db.prisma.principal.count()).toBe(1);
  });

  it('fails calls made after the thread has stopped instead of hanging', async () => {
    const other = await openDatabase('pglite:memory');
    await other.close();
    await expect(other.query(Prisma.sql`SELECT 1`)).rejects.toThrow(/database thread/);
  });
});
