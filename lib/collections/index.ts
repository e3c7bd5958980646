// Collections: named sets of sources with an access rule (who reads them is decided in lib/access).
export { defaultCollectionId, forgetDefaultCollection } from './default-collection';
export { deleteCollection } from './delete-collection';
export { getCollectionOrThrow, listCollections } from './list-collections';
export { saveCollection, type CollectionFields } from './save-collection';
