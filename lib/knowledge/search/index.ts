// Ranking: BM25 and vector candidates fused, then reranked by character grams and phrases.
// The entry of lib/knowledge/search: code outside lib/knowledge imports from here, not from its files.

export { fuseScores } from './fuse-rankings';
export { rankCandidates } from './rank-candidates';
export { charGramScores } from './rerank-char-grams';
export { phraseScores } from './rerank-phrases';
export { searchKnowledge } from './search-knowledge';
export { lexicalRanking } from './search-lexical';
export { type SearchSettings } from './search-settings';
export { vectorRanking } from './search-vector';
