import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { createSources } from '@/lib/knowledge/sources';

// PGlite has no autovacuum. A corpus asked about before its tables were ever analyzed got plans
// that scanned every term of it for each word of a question: at 10,000 chunks one question held
// the database for three minutes and every other request waited. A long ingestion analyzes as it
// grows, so statistics exist before the idle worker's first round.

const analyzed = async () =>
  (
    await (
      await prisma()
    ).$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'chunk_terms' AND attname = 'term'`
  )[0]!.n > 0;

describe.skipIf(!process.env.DATABASE_URL!.startsWith('pglite:'))('an embedded database', () => {
  it('has statistics of the postings once an ingestion wrote a few thousand chunks, before any idle round', async () => {
    const db = await prisma();
    await db.$executeRawUnsafe("DELETE FROM pg_statistic WHERE starelid = 'chunk_terms'::regclass");
    expect(await analyzed()).toBe(false);
    const tag = randomUUID().slice(0, 8);
    // 60 sources of about 45 chunks each: one heading and a paragraph per chunk.
    const text = (i: number) =>
      Array.from(
        { length: 45 },
        (_, j) => `## Part ${j} of ${tag} ${i}\n\nThe ${tag} report ${i} part ${j} says ${randomUUID()} about water.`,
      ).join('\n\n');
    await createSources(
      Array.from({ length: 60 }, (_, i) => ({
        kind: 'text' as const,
        title: `Statistics ${tag} ${i}`,
        mediaType: 'text/markdown',
        data: new TextEncoder().encode(text(i)),
        metadata: {},
      })),
    );
    await drainIngestQueue();
    const chunks = await db.chunk.count({ where: { source: { title: { startsWith: `Statistics ${tag}` } } } });
    expect(chunks).toBeGreaterThanOrEqual(2000);
    expect(await analyzed()).toBe(true);
  }, 120_000);
});
