import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db';
import { drainIngestQueue } from '@/lib/knowledge/ingest';
import { maintainIndex } from '@/lib/knowledge/index';
import { api, bodyOf, newKey } from '../../support/http';
import { search, type SourceView } from './helpers';

// BM25's document frequencies come from term_counts, kept as deltas beside the postings.
// Whatever happens to the chunks, a term's counted frequency must equal its postings.

let admin: string;
let user: string;
beforeAll(async () => {
  admin = (await newKey('admin')).key;
  user = (await newKey('user')).key;
});

const mismatches = async () =>
  (await prisma()).$queryRaw<{ term: string; counted: number; postings: number }[]>`
    SELECT coalesce(c.term, p.term) AS term, coalesce(c.df, 0)::int AS counted, coalesce(p.n, 0)::int AS postings
    FROM (SELECT term, sum(df) AS df FROM term_counts GROUP BY term) c
    FULL JOIN (SELECT term, count(*) AS n FROM chunk_terms GROUP BY term) p ON p.term = c.term
    WHERE coalesce(c.df, 0) <> coalesce(p.n, 0)`;

const rowsFor = async (term: string) =>
  (await prisma()).$queryRaw<{ df: number }[]>`SELECT df FROM term_counts WHERE term = ${term} ORDER BY id`;

describe('term counts', () => {
  it('match the postings after writes, replacements and deletes, and fold to one row per term', async () => {
    const tag = `zq${randomUUID().slice(0, 6)}`;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await bodyOf<SourceView>(
        await api('POST', '/api/knowledge/sources', {
          key: admin,
          json: { title: `Counts ${i}`, text: `The ${tag} appears here, copy ${i} ${randomUUID()}.` },
        }),
      );
      ids.push(s.id);
      await drainIngestQueue(); // one write each: one delta row each
    }
    expect((await rowsFor(tag)).map((r) => r.df)).toEqual([1, 1, 1, 1]);

    // Replace one source's text with one that lacks the term, delete another.
    const put = await api('PUT', `/api/knowledge/sources/${ids[0]}`, {
      key: admin,
      json: { text: 'Nothing of the sort.' },
    });
    expect(put.status).toBeLessThan(300);
    await drainIngestQueue();
    expect((await api('DELETE', `/api/knowledge/sources/${ids[1]}`, { key: admin })).status).toBe(204);
    expect(await mismatches()).toEqual([]);
    expect((await rowsFor(tag)).reduce((sum, r) => sum + r.df, 0)).toBe(2);

    await maintainIndex({ force: true });
    expect(await rowsFor(tag)).toEqual([{ df: 2 }]);
    expect(await mismatches()).toEqual([]);
    // The term is found in the two live chunks that have it, and only there. (Other chunks may
    // still come up as weak vector neighbours of a made-up word: not what is tested here.)
    const hits = await search(user, tag);
    expect(new Set(hits.filter((h) => h.text.includes(tag)).map((h) => h.sourceId))).toEqual(new Set([ids[2], ids[3]]));
    expect(hits.map((h) => h.sourceId)).not.toContain(ids[1]);

    // A term whose every chunk is gone folds away entirely.
    for (const id of ids.slice(2))
      expect((await api('DELETE', `/api/knowledge/sources/${id}`, { key: admin })).status).toBe(204);
    await maintainIndex({ force: true });
    expect(await rowsFor(tag)).toEqual([]);
    expect((await search(user, tag)).filter((h) => h.text.includes(tag))).toEqual([]);
  });

  it('fold every term, however many statements that takes', async () => {
    // 2,500 made-up terms in two sources: two delta rows each, folded a slice of terms at a time.
    // The digit makes each a "numword", which the english configuration never stems: a tag of
    // letters alone (one run in a few hundred) let the stemmer fold some of them together.
    const tag = `zf0${randomUUID().slice(0, 6)}`;
    const words = Array.from({ length: 2500 }, (_, i) => `${tag}w${i.toString(36)}`);
    for (const half of [0, 1]) {
      const text = `${words.join(' ')}. Copy ${half}.`;
      expect(
        (await api('POST', '/api/knowledge/sources', { key: admin, json: { title: `Fold ${half}`, text } })).status,
      ).toBe(202);
      await drainIngestQueue(); // one write each: one delta row per term each
    }
    await maintainIndex({ force: true });
    const rows = await (
      await prisma()
    ).$queryRaw<{ term: string; rows: number; df: number }[]>`
      SELECT term, count(*)::int AS rows, sum(df)::int AS df FROM term_counts WHERE term LIKE ${`${tag}%`} GROUP BY term`;
    expect(rows).toHaveLength(words.length);
    expect(rows.filter((r) => r.rows !== 1 || r.df !== 2)).toEqual([]);
    expect(await mismatches()).toEqual([]);
  });
});
