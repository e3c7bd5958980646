import 'server-only';
import { chunkContext } from '../index/chunk-context';
import { corpusStats } from '../index/corpus-stats';
import { fuseScores } from './fuse-rankings';
import { rankCandidates, type Candidate } from './rank-candidates';
import { charGramScores } from './rerank-char-grams';
import { phraseScores } from './rerank-phrases';
import { lexicalRanking } from './search-lexical';
import { scopeSize } from './scope-size';
import { searchSettings, type SearchSettings } from './search-settings';
import { vectorRanking } from './search-vector';
import type { SearchHit, SearchOptions } from '../sources/types';

/** A restricted search is measured in full only when its scope is at most this share of every chunk. */
const MAX_EXACT_SHARE = 0.5;

const scoresOf = (candidates: Candidate[], pick: (c: Candidate) => number | null) =>
  new Map(candidates.flatMap((c) => (pick(c) === null ? [] : [[c.chunkId, pick(c)!] as const])));

/**
 * Hybrid retrieval, the one the assistant and `GET /api/knowledge/search` use.
 * Candidates come from BM25 over PostgreSQL full-text lexemes and from the
 * HNSW index of the active embedding model, in one statement that keeps only
 * chunks of ready sources' live generation; then BM25, character 4-gram BM25
 * and cosine similarity are fused with weights tuned on SciFact train.
 * A search restricted to a source or some collections keeps to them inside both legs: over a
 * few chunks, by measuring each of them; over more, through the indexes (scopeSize).
 */
export async function searchKnowledge(
  opts: SearchOptions & { settings?: Partial<SearchSettings> },
): Promise<SearchHit[]> {
  const s = { ...searchSettings(), ...opts.settings };
  const query = opts.query.replaceAll('\u0000', '').trim();
  const k = Math.max(1, Math.min(100, opts.k ?? s.k));
  if (!query) return [];
  const limit = Math.max(s.candidates, k * 2);
  // Few chunks to search (one source, a small collection): measured in full rather than through
  // indexes that would mostly turn up chunks of elsewhere. A scope of most of the corpus (the one
  // public collection every caller reads, by default) goes through the indexes as an unrestricted
  // search does: walked best first, its readable chunks come at once, and measuring each of 10,000
  // chunks took 45 ms a question on PGlite, one question at a time on its one connection.
  const upTo = Math.min(s.exactVectorChunks, Math.floor((await corpusStats()).chunks * MAX_EXACT_SHARE));
  const smallScope = (await scopeSize({ sourceId: opts.sourceId, reach: opts.reach, upTo })) <= upTo;
  const [lexical, vector] = await Promise.all([
    lexicalRanking({
      query,
      limit,
      k1: s.k1,
      b: s.b,
      subwordWeight: s.subwordWeight,
      sourceId: opts.sourceId,
      reach: opts.reach,
      smallScope,
    }),
    s.vectorWeight > 0
      ? vectorRanking({
          query,
          limit: Math.min(limit, 50),
          efSearch: s.efSearch,
          sourceId: opts.sourceId,
          reach: opts.reach,
          exact: smallScope,
        })
      : null,
  ]);
  const candidates = await rankCandidates({ lexical, vector, minSimilarity: s.minSimilarity, reach: opts.reach });
  const texts = candidates.map((c) => ({
    id: c.chunkId,
    text: [...chunkContext(c.title, c.location), c.text].join('\n'),
  }));
  const grams = s.gramWeight > 0 ? charGramScores(query, texts) : new Map<string, number>();
  const phrases = s.phraseWeight > 0 ? phraseScores(query, texts) : new Map<string, number>();
  const fused = fuseScores([
    // (a query spelling no name in several words leaves the phrase share to BM25)
    {
      scores: scoresOf(candidates, (c) => c.lexical),
      weight: 1 - s.gramWeight - s.vectorWeight - (phrases.size > 0 ? s.phraseWeight : 0),
    },
    { scores: grams, weight: s.gramWeight },
    { scores: phrases, weight: s.phraseWeight },
    { scores: scoresOf(candidates, (c) => c.similarity), weight: s.vectorWeight },
  ]);
  return candidates
    .map(({ lexical: _l, similarity: _s, ...c }) => ({ ...c, score: fused.get(c.chunkId) ?? 0 }))
    .filter((h) => h.score > 0 && h.score >= s.minScore)
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
}
