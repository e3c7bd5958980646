import { beforeAll, describe, expect, it } from 'vitest';
import { Prisma, prisma } from '@/lib/db';
import { defaultCollectionId } from '@/lib/collections/default-collection';
import { listSources, sourcesPageQuery } from '@/lib/knowledge/sources';
import { sourceSortSchema } from '@/lib/schemas/knowledge';

// The admin's sources list must stay fast with many sources: every order, every page of it and
// the search are read through an index, never by scanning and sorting the whole table (at
// 100,000 sources on PGlite that took 45-130 ms a page, holding the one connection).
const SOURCES = 20_000;
// Most sources in the default collection, some in a team's, a few in a small one: what a member reads is a part.
let general: string, team: string, small: string;

beforeAll(async () => {
  const db = await prisma();
  general = await defaultCollectionId();
  team = (await db.collection.create({ data: { name: 'Team' } })).id;
  small = (await db.collection.create({ data: { name: 'Small' } })).id;
  await db.$executeRawUnsafe(`
    INSERT INTO sources (collection_id, id, title, kind, media_type, size, filename, uri, status, chunk_count, created_at, updated_at)
    SELECT CASE WHEN g % 20 = 0 THEN '${small}'::uuid WHEN g % 5 = 0 THEN '${team}'::uuid ELSE '${general}'::uuid END,
      gen_random_uuid(), 'Report ' || g || ' on ' || (ARRAY['budgets', 'hiring', 'travel'])[1 + g % 3] || ' ' || md5(g::text),
      (ARRAY['text', 'file', 'url'])[1 + g % 3]::"SourceKind", 'text/plain', (g * 7919) % 1000000,
      CASE WHEN g % 3 = 1 THEN 'report-' || g || '.pdf' END, CASE WHEN g % 3 = 2 THEN 'https://intranet.example/reports/' || g END,
      (ARRAY['ready', 'ready', 'ready', 'failed'])[1 + g % 4]::"SourceStatus", g % 50,
      now() - g * interval '1 second', now()
    FROM generate_series(1, ${SOURCES}) g`);
  await db.$executeRawUnsafe('ANALYZE sources');
}, 120_000);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The plan's nodes; `withoutSeqScans` asks what the planner does when a sequential scan is not an option. */
async function planOf(
  options: Parameters<typeof listSources>[0],
  { withoutSeqScans = false } = {},
): Promise<PlanNode[]> {
  const db = await prisma();
  const rows = await db.$transaction(async (tx) => {
    if (withoutSeqScans) await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
    return tx.$queryRaw<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
      Prisma.sql`EXPLAIN (FORMAT JSON) ${sourcesPageQuery(options).sql}`,
    );
  });
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    node.Plans?.forEach(walk);
  };
  walk(rows[0]!['QUERY PLAN'][0].Plan);
  return nodes;
}

const scansSources = (nodes: PlanNode[]) =>
  nodes.filter((n) => n['Relation Name'] === 'sources').map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim());

describe(`the sources list at ${SOURCES.toLocaleString('en')} sources`, () => {
  it('reads every order, first page and next, through an index in that order', async () => {
    for (const sort of sourceSortSchema.options) {
      for (const status of [undefined, 'failed' as const]) {
        const first = await listSources({ limit: 50, sort, status });
        expect(first.data).toHaveLength(50);
        for (const cursor of [undefined, first.nextCursor!]) {
          const nodes = await planOf({ limit: 50, sort, status, cursor });
          const label = `${sort} ${status ?? ''} ${cursor ? 'next page' : 'first page'}: ${nodes.map((n) => n['Node Type']).join(' > ')}`;
          expect(scansSources(nodes), label).toEqual([expect.stringMatching(/^Index (Only )?Scan /)]);
          expect(
            nodes.some((n) => n['Node Type'] === 'Sort'),
            label,
          ).toBe(false);
        }
      }
    }
  });

  it('reads a member’s part (their collections, or one collection) in order through an index too', async () => {
    const reaches = [
      { all: false as const, collectionIds: [general, team] },
      { all: false as const, collectionIds: [small] },
    ];
    for (const reach of reaches) {
      for (const collectionId of [undefined, ...reach.collectionIds]) {
        const first = await listSources({ limit: 50, reach, collectionId });
        expect(first.data).toHaveLength(50);
        expect(first.data.every((s) => reach.collectionIds.includes(s.collectionId))).toBe(true);
        if (collectionId) expect(first.data.every((s) => s.collectionId === collectionId)).toBe(true);
        for (const cursor of [undefined, first.nextCursor!]) {
          const nodes = await planOf({ limit: 50, reach, collectionId, cursor });
          const label = `${reach.collectionIds.length} collections, ${collectionId ?? 'all'} ${cursor ? 'next page' : 'first page'}: ${nodes.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`).join(' > ')}`;
          expect(scansSources(nodes), label).toEqual([expect.stringMatching(/^Index (Only )?Scan /)]);
          // Several collections' rows, merged from one index, may be sorted when they are few.
          if (collectionId || reach.collectionIds.length === 1)
            expect(
              nodes.some((n) => n['Node Type'] === 'Sort'),
              label,
            ).toBe(false);
        }
      }
    }
  });

  it('has a trigram index that serves the search of titles, file names and URLs', async () => {
    // Which plan wins depends on the table's size (at 100,000 sources on PGlite the planner takes
    // the index by itself; see `npm run bench -- knowledge`): here, that the index can serve the
    // search at all, its expression matching the query's, rather than a scan of every row.
    for (const q of ['Report 123', 'REPORT-4567.PDF', 'intranet.example/reports/99', 'no such words']) {
      const nodes = await planOf({ limit: 50, q }, { withoutSeqScans: true });
      expect(scansSources(nodes), q).toEqual(['Bitmap Heap Scan']);
      expect(
        nodes.some((n) => n['Index Name'] === 'sources_search_trgm_idx'),
        q,
      ).toBe(true);
    }
    expect((await listSources({ limit: 50, q: 'REPORT-4567.pdf' })).data.map((s) => s.filename)).toEqual([
      'report-4567.pdf',
    ]);
  });
});
