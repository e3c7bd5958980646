import 'server-only';
import { prisma } from '@/lib/db/index';

export interface CorpusStats {
  /** Chunks in the index and their mean length in lexemes (BM25's N and avgdl). */
  chunks: number;
  avgTerms: number;
}

const TTL_MS = 30_000;
let cached: { at: number; value: Promise<CorpusStats> } | undefined;

/**
 * BM25 needs N and the mean document length. Counting 100k chunks on every query
 * would cost more than the query, and BM25 barely moves when they drift, so the
 * figures are cached for a short while.
 */
export function corpusStats(): Promise<CorpusStats> {
  const now = Date.now();
  if (cached && now - cached.at < TTL_MS) return cached.value;
  const value = (async () => {
    const db = await prisma();
    const rows = await db.$queryRaw<{ n: number; avg: number | null }[]>`
      SELECT count(*)::int AS n, avg(term_count)::float8 AS avg FROM chunks`;
    const row = rows[0];
    return { chunks: Math.max(1, row?.n ?? 0), avgTerms: Math.max(1, row?.avg ?? 1) };
  })();
  cached = { at: now, value };
  value.catch(() => (cached = undefined));
  return value;
}

export function forgetCorpusStats(): void {
  cached = undefined;
}
