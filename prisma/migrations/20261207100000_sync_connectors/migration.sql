-- Sources kept in step with an outside system (PUT /api/knowledge/sync/{connector}): each is named by
-- its connector and its id there, once; the run of pages that last named it decides what a complete
-- paged sync deletes.
ALTER TABLE "sources" ADD COLUMN "connector" TEXT;
ALTER TABLE "sources" ADD COLUMN "external_id" TEXT;
ALTER TABLE "sources" ADD COLUMN "external_updated_at" TIMESTAMPTZ(3);
ALTER TABLE "sources" ADD COLUMN "sync_run" TEXT;
CREATE UNIQUE INDEX "sources_connector_external_id_key" ON "sources"("connector", "external_id") WHERE "connector" IS NOT NULL;

-- The pages of a paged sync received so far: the last page deletes only when every earlier one is here.
CREATE TABLE "sync_runs" (
    "connector" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "pages" INTEGER[] NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sync_runs_pkey" PRIMARY KEY ("connector", "run_id")
);
