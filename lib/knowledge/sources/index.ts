// What a source is and how it changes: created, listed, read, renamed, replaced and deleted,
// with its kept content, its text as ingested and its chunks as the API shows them.
// The entry of lib/knowledge/sources: code outside lib/knowledge imports from here, not from its files.

export { createSources } from './create-sources';
export { deleteSource, deleteSources } from './delete-source';
export { getSourceOrThrow, listSources, sourcesPageQuery } from './list-sources';
export { defaultTitle } from './new-source';
export { moveSource } from './move-source';
export { readIngestRequest } from './read-ingest-request';
export { replaceSource, retryFailedSources, retrySource } from './replace-source';
export { type SourceChunk, type SourceChunks, listSourceChunks } from './source-chunks';
export {
  assertEditableSources,
  assertEditsSomething,
  editableCollectionOrThrow,
  editableSourceOrThrow,
} from './source-access';
export { presentSource, presentSources, type SourceJson } from './source-json';
export { readSourceText, sourceTextEtag } from './source-text';
export { readSourceTextRange, type SourceTextRange } from './source-text-range';
export { type ChunkLocation, type SearchHit } from './types';
export { updateSource } from './update-source';
export { readSyncRequest } from './read-sync-request';
export { syncSources } from './sync-sources';
