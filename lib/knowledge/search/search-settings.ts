import 'server-only';
import { config } from '@/lib/config';

/** Ranking knobs, tuned on the SciFact train queries (see bench/knowledge.ts). */
export interface SearchSettings {
  k: number;
  /** BM25 term-frequency saturation and length normalisation. */
  k1: number;
  b: number;
  /** What a query word counts, against its weight in the text, where it meets a word inside a name from code. */
  subwordWeight: number;
  /** Share of the fused score that comes from the vector similarity (0 = lexical only). */
  vectorWeight: number;
  /** Share that comes from character 4-gram BM25 over the candidates. */
  gramWeight: number;
  /** Share that comes from BM25 over the query's word pairs said side by side (phrases), over the candidates. */
  phraseWeight: number;
  /** Vector-only candidates below this cosine similarity are ignored (unrelated text). */
  minSimilarity: number;
  /** Candidates BM25 contributes before fusion (the vector index: up to 50). */
  candidates: number;
  /** HNSW search breadth: how much of the graph a vector query explores. */
  efSearch: number;
  /** Hits whose fused score is below this are dropped. */
  minScore: number;
  /**
   * A search restricted to at most this many chunks (a source, a few collections) measures the
   * distance to each of them instead of walking the HNSW index: exact, and at this size faster
   * than a filtered index scan (docs/benchmarks.md#filtered-search).
   */
  exactVectorChunks: number;
}

const EXACT_VECTOR_CHUNKS = 10_000;

export function searchSettings(): SearchSettings {
  const c = config();
  return {
    k: c.SEARCH_K,
    k1: c.SEARCH_BM25_K1,
    b: c.SEARCH_BM25_B,
    subwordWeight: c.SEARCH_SUBWORD_WEIGHT,
    vectorWeight: c.SEARCH_VECTOR_WEIGHT,
    gramWeight: c.SEARCH_GRAM_WEIGHT,
    phraseWeight: c.SEARCH_PHRASE_WEIGHT,
    minSimilarity: c.SEARCH_MIN_SIMILARITY,
    candidates: c.SEARCH_CANDIDATES,
    efSearch: c.SEARCH_HNSW_EF_SEARCH,
    minScore: c.SEARCH_MIN_SCORE,
    exactVectorChunks: EXACT_VECTOR_CHUNKS,
  };
}
