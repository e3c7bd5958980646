import 'server-only';
import { v7 as uuidv7 } from 'uuid';
import { Prisma } from '@/lib/db/index';
import type { Prisma as P } from '@/lib/db/generated/client';
import type { ChunkLocation } from '../sources/types';
import { compoundWords, memberNames, SUBWORD } from './compound-words';
import { stopWordMembers } from './stop-word-members';
import { forTextSearch, forTextSearchIfChanged } from './text-search-input';
import { VECTOR_FROM_INTS, vectorLiteral } from './vector-literal';

export interface ChunkRow {
  sourceId: string;
  generation: number;
  ordinal: number;
  text: string;
  tokenCount: number;
  location: ChunkLocation;
  /** Title and heading path: indexed with the text (BM25 over title + text, as BEIR's flat BM25). */
  context: string;
  embedding: number[];
}

type Tx = P.TransactionClient;

/**
 * Inserts chunks with their vectors, full-text vectors, BM25 postings and term counts inside
 * the caller's transaction, in one statement: each text is analysed once and its lexemes are
 * listed once, for the chunk's length and for the postings alike. The `english` configuration
 * tokenises and stems, so queries analysed the same way meet the same lexemes. The words inside
 * names from code (compoundWords) get postings of their own, as subwords, and so do the members
 * named after a dot that the parser drops as stop words (memberNames: `_.each`). The parser reads each
 * text with its long runs broken (forTextSearch; `tst`, null for the many texts without one).
 */
export async function storeChunks(tx: Tx, rows: ChunkRow[], embeddingModel: string): Promise<void> {
  if (rows.length === 0) return;
  // Title and heading words (weight A) count twice in a posting's term frequency: a match there
  // says more (tuned on SciFact train). A chunk's length (BM25's document length) counts every
  // lexeme once per occurrence; both are clamped to SMALLINT in the postings, far above a chunk's
  // few hundred tokens. Each term's document frequency grows by its postings here (one delta row
  // per term). Postings go in sorted, so the B-tree is filled in order rather than at random.
  // A subword counts once per chunk however often its names occur (a member that is a stop word:
  // as often as it is named), and not in the chunk's length: a chunk's BM25 over its own words is
  // what it was without them.
  await tx.$executeRaw`
    WITH src AS MATERIALIZED (
      SELECT t.*, setweight(to_tsvector('english', t.ctx), 'A') || to_tsvector('english', coalesce(t.tst, t.txt)) AS tsv
      FROM unnest(${rows.map(() => uuidv7())}::uuid[], ${rows.map((r) => r.sourceId)}::uuid[], ${rows.map((r) => r.generation)}::int[],
        ${rows.map((r) => r.ordinal)}::int[], ${rows.map((r) => r.text)}::text[], ${rows.map((r) => r.tokenCount)}::int[],
        ${rows.map((r) => JSON.stringify(r.location))}::text[], ${rows.map((r) => vectorLiteral(r.embedding))}::text[],
        ${rows.map((r) => forTextSearch(r.context))}::text[], ${rows.map((r) => forTextSearch(compoundWords(`${r.context}\n${r.text}`)))}::text[],
        ${rows.map((r) => forTextSearchIfChanged(r.text))}::text[], ${rows.map((r) => forTextSearch(memberNames(`${r.context}\n${r.text}`)) || null)}::text[])
        AS t(id, sid, gen, ord, txt, tc, loc, emb, ctx, sub, tst, mem)
    ), lex AS MATERIALIZED (
      SELECT s.id, u.lexeme, coalesce(array_length(u.positions, 1), 1) AS n,
        coalesce(array_length(array_positions(u.weights, 'A'), 1), 0) AS a
      FROM src s CROSS JOIN LATERAL unnest(s.tsv) u
    ), len AS (
      SELECT id, sum(n)::int AS dl FROM lex GROUP BY id
    ), ins AS (
      INSERT INTO chunks (id, source_id, generation, ordinal, text, token_count, location, embedding_model, embedding, tsv, term_count)
      SELECT s.id, s.sid, s.gen, s.ord, s.txt, s.tc, s.loc::jsonb, ${embeddingModel}, s.emb${Prisma.raw(VECTOR_FROM_INTS)}, s.tsv,
        coalesce(l.dl, 0)
      FROM src s LEFT JOIN len l ON l.id = s.id
      RETURNING id, seq, term_count
    ), post AS (
      INSERT INTO chunk_terms (term, chunk_seq, tf, dl)
      SELECT x.lexeme, i.seq, least(x.n + x.a, 32767), least(i.term_count, 32767)
      FROM (
        SELECT id, lexeme, n, a FROM lex
        UNION ALL
        SELECT s.id, ${SUBWORD} || u.lexeme, max(u.n), 0 FROM src s CROSS JOIN LATERAL (
          SELECT lexeme, 1 AS n FROM unnest(to_tsvector('english', s.sub))
          UNION ALL
          ${stopWordMembers(Prisma.sql`s.mem`)}
        ) u GROUP BY s.id, u.lexeme
      ) x JOIN ins i ON i.id = x.id
      ORDER BY 1, 2
      RETURNING term
    )
    INSERT INTO term_counts (term, df) SELECT term, count(*)::int FROM post GROUP BY term`;
}
