// The search index: how text is cut into chunks, and the chunks, postings and vectors they are
// stored as, kept tidy.
// The entry of lib/knowledge/index: code outside lib/knowledge imports from here, not from its files.

export { activeEmbeddingModel, forgetActiveEmbeddingModel } from './active-embedding-model';
export { chunkContext } from './chunk-context';
export { chunkText, fencedCode, type TextChunk } from './chunk-text';
export { type BlockKind, markdownBlocks } from './markdown-blocks';
export { countTokens } from '@/lib/text/count-tokens';
export { CAMEL_BREAK, compoundWords, memberNames } from './compound-words';
export { type Passage, continuedChunks } from './continued-chunks';
export { forgetCorpusStats } from './corpus-stats';
export { maintainIndex } from './maintain-index';
export { storeChunks } from './store-chunks';
export { forTextSearch, forTextSearchIfChanged } from './text-search-input';
export { vectorLiteral } from './vector-literal';
export { wordsSeen } from './words-seen';
export { correctSpelling } from './spelling';
export { chooseCorrection, correctable, type Correction, type SpellingCandidate } from './spelling-choice';
export { englishNeighbours, englishSurface, isEnglishWord, stemOf, warmEnglishLexicon } from './english-lexicon';
