import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/driver';
import { Prisma } from '@/lib/db/generated/client';
import { migrate } from '@/lib/db/migrate';
import { runAsRequest } from '@/lib/db/work-priority';

// The embedded database runs on its own thread (lib/db/pglite-thread.mjs). These tests open
// one directly, whichever backend the rest of the suite uses.
let db: Database;

// From under 200 ms to about a second of work for PGlite, depending on the machine.
const work = (rows: number) =>
  Prisma.sql`SELECT count(*)::int AS n FROM generate_series(1, ${rows}::int) g WHERE md5(g::text) LIKE '%ab%'`;
const SLOW = work(400_000);
// About a tenth of that.
const MEDIUM = work(40_000);

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
    // Long enough that a blocked loop would show: doubled until it is, as machines differ.
    let took = 0;
    for (let rows = 400_000; took <= 250 && rows <= 12_800_000; rows *= 2) {
      const started = performance.now();
      const [row] = await db.query<{ n: number }>(work(rows));
      took = performance.now() - started;
      expect(row!.n).toBeGreaterThan(0);
    }
    clearInterval(ticker);
    expect(took).toBeGreaterThan(200);
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

  it("lets a request's next call go before background work queued between its calls", async () => {
    const finished: string[] = [];
    // The request's first call keeps the thread busy; meanwhile background work (an ingestion's
    // write) queues a transaction. The request's next call, made as soon as the first is answered,
    // must not wait out that whole transaction.
    const request = runAsRequest(performance.now(), async () => {
      await db.query(MEDIUM);
      await db.query(Prisma.sql`SELECT 1`);
      finished.push('request');
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const background = db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw(SLOW);
      finished.push('background');
    });
    await Promise.all([request, background]);
    expect(finished).toEqual(['request', 'background']);
  });

  it('lets newer requests through while background work waits for an older one', async () => {
    const finished: string[] = [];
    const older = runAsRequest(performance.now(), async () => {
      await db.query(MEDIUM);
      await new Promise((resolve) => setTimeout(resolve, 50)); // then no further call for a while
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const background = db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw(SLOW);
      finished.push('background');
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Arrived after the background work, but the thread would otherwise sit idle while that work
    // waits to see whether the older request calls again.
    const newer = runAsRequest(performance.now(), async () => {
      await db.query(Prisma.sql`SELECT 1`);
      finished.push('newer');
    });
    await Promise.all([older, background, newer]);
    expect(finished).toEqual(['newer', 'background']);
  });

  it('never holds background work back for requests that arrived after it', async () => {
    const finished: string[] = [];
    const busy = [db.query(MEDIUM), db.query(MEDIUM)]; // both calls the thread takes at once
    const background = db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw(MEDIUM);
      finished.push('background');
    });
    await new Promise((resolve) => setTimeout(resolve, 5)); // the transaction waits its turn behind `busy`
    // A request arriving now, calling without pause: the older background work still goes first.
    const request = runAsRequest(performance.now(), async () => {
      for (let i = 0; i < 5; i++) await db.query(MEDIUM);
      finished.push('request');
    });
    await Promise.all([...busy, request, background]);
    expect(finished).toEqual(['background', 'request']);
  });

  it('applies statement settings to that statement only', async () => {
    const [inside] = await db.query<{ enable_seqscan: string }>(Prisma.sql`SHOW enable_seqscan`, {
      enable_seqscan: 'off',
    });
    const [after] = await db.query<{ enable_seqscan: string }>(Prisma.sql`SHOW enable_seqscan`);
    expect(inside!.enable_seqscan).toBe('off');
    expect(after!.enable_seqscan).toBe('on');
  });

  it('reports database errors with their SQLSTATE, also through Prisma', async () => {
    await expect(db.query(Prisma.sql`SELECT 1 / ${0}::int`)).rejects.toMatchObject({ code: '22012' });
    const id = '01890000-0000-7000-8000-000000000001';
    await db.prisma.principal.create({ data: { id, kind: 'anonymous' } });
    await expect(db.prisma.principal.create({ data: { id, kind: 'anonymous' } })).rejects.toMatchObject({
      code: 'P2002',
    });
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
