-- A collection's sources newest first (the sources list filtered to one collection, as its editors
-- see it) read in order from an index instead of sorting the collection's rows. It also serves
-- whatever the (collection_id, id) index did: lookups and counts by collection.
DROP INDEX "sources_collection_id_id_idx";
CREATE INDEX "sources_collection_id_created_at_id_idx" ON "sources"("collection_id", "created_at" DESC, "id" DESC);
