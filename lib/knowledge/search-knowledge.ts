import 'server-only';
import { fuseRankings } from './fuse-rankings';
import { loadHits } from './load-hits';
import { searchLexical } from './search-lexical';
import { searchSettings, type SearchSettings } from './search-settings';
import { searchVector } from './search-vector';
import type { SearchHit, SearchOptions } from './types';

/**
 * Hybrid retrieval, the one the assistant and `GET /api/knowledge/search` use:
 * BM25 over PostgreSQL full-text lexemes and cosine similarity over the active
 * embedding model, fused, then limited to chunks of ready sources' live generation.
 */
export async function searchKnowledge(opts: SearchOptions & { settings?: Partial<SearchSettings> }): Promise<SearchHit[]> {
  const s = { ...searchSettings(), ...opts.settings };
  const query = opts.query.replaceAll('\u0000', '').trim();
  const k = Math.max(1, Math.min(100, opts.k ?? s.k));
  if (!query) return [];
  // Visibility is applied after ranking, so fetch a margin for chunks that drop out.
  const limit = Math.max(s.candidates, k * 2);
  const [lexical, vector] = await Promise.all([
    searchLexical({ query, limit, k1: s.k1, b: s.b, sourceId: opts.sourceId }),
    s.vectorWeight > 0 ? searchVector({ query, limit, sourceId: opts.sourceId }) : Promise.resolve([]),
  ]);
  const fused = fuseRankings(lexical, vector, s.vectorWeight).filter((r) => r.score >= s.minScore);
  return loadHits(fused, k);
}
