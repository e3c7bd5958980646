-- A connector's ids are kept per collection: the same wiki synced into two collections is two sets of
-- sources, and an id synced into a collection a caller cannot read no longer collides with theirs
-- (which told them it existed). Runs are per collection too.
DROP INDEX "sources_connector_external_id_key";
CREATE UNIQUE INDEX "sources_collection_id_connector_external_id_key" ON "sources"("collection_id", "connector", "external_id") WHERE "connector" IS NOT NULL;

-- Runs last a week at most and none can be running across this change: they start again.
DELETE FROM "sync_runs";
ALTER TABLE "sync_runs" DROP CONSTRAINT "sync_runs_pkey";
ALTER TABLE "sync_runs" ADD COLUMN "collection_id" UUID NOT NULL;
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_pkey" PRIMARY KEY ("collection_id", "connector", "run_id");
