-- Refreshing web pages and crawls (issue 77, "Keep sources in sync"). A page keeps what it was last
-- fetched as (ETag, Last-Modified, a hash of its bytes) so that a refresh asks conditionally and an
-- unchanged page costs one request and no re-embedding. Due refreshes live here (next_refresh_at),
-- claimed under a lease with SKIP LOCKED as ingestion is. A refresh's outcome per page is one row of
-- refresh_pages, upserted: its counts are computed from those rows when read, so a worker killed
-- between two writes cannot leave them wrong (as the crawls migration explains).
ALTER TABLE "sources" ADD COLUMN "refresh" TEXT,
    ADD COLUMN "etag" TEXT,
    ADD COLUMN "last_modified" TEXT,
    ADD COLUMN "page_hash" TEXT,
    ADD COLUMN "checked_at" TIMESTAMPTZ(3),
    ADD COLUMN "changed_at" TIMESTAMPTZ(3),
    ADD COLUMN "next_refresh_at" TIMESTAMPTZ(3),
    ADD COLUMN "gone_count" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "refresh_id" UUID,
    ADD COLUMN "refresh_lease_owner" TEXT,
    ADD COLUMN "refresh_lease_expires_at" TIMESTAMPTZ(3),
    ADD CONSTRAINT "sources_refresh_check" CHECK ("refresh" IN ('hourly', 'daily', 'weekly'));
-- The refresh queue: only sources with a refresh due some day, so a poll costs what is scheduled.
CREATE INDEX "sources_refresh_due_idx" ON "sources"("next_refresh_at") WHERE "next_refresh_at" IS NOT NULL;

ALTER TABLE "crawls" ADD COLUMN "refresh" TEXT,
    ADD COLUMN "checked_at" TIMESTAMPTZ(3),
    ADD COLUMN "changed_at" TIMESTAMPTZ(3),
    ADD COLUMN "next_refresh_at" TIMESTAMPTZ(3),
    -- The refresh under way (its URLs queued again); null between refreshes.
    ADD COLUMN "refresh_id" UUID,
    -- Set when a refresh starts: its next step reads robots.txt's sitemaps again before its queue.
    ADD COLUMN "reseed" BOOLEAN NOT NULL DEFAULT false,
    ADD CONSTRAINT "crawls_refresh_check" CHECK ("refresh" IN ('hourly', 'daily', 'weekly'));
CREATE INDEX "crawls_refresh_due_idx" ON "crawls"("next_refresh_at") WHERE "next_refresh_at" IS NOT NULL;

-- One refresh of a page (source_id) or of a crawl (crawl_id): a crawl's keeps the log of pages it
-- removed, which a page's own refresh cannot (it goes with the page).
CREATE TABLE "refreshes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "source_id" UUID,
    "crawl_id" UUID,
    "trigger" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'running',
    "error" TEXT,
    -- Requests made (pages fetched, conditionally or not): one statement per request, so at worst a
    -- request made by a worker killed before it counted is missing.
    "requests" INTEGER NOT NULL DEFAULT 0,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "refreshes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "refreshes_trigger_check" CHECK ("trigger" IN ('schedule', 'manual')),
    CONSTRAINT "refreshes_state_check" CHECK ("state" IN ('running', 'done', 'failed')),
    CONSTRAINT "refreshes_subject_check" CHECK (("source_id" IS NULL) <> ("crawl_id" IS NULL)),
    CONSTRAINT "refreshes_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "sources"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "refreshes_crawl_id_fkey" FOREIGN KEY ("crawl_id") REFERENCES "crawls"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "refreshes_source_id_started_at_idx" ON "refreshes"("source_id", "started_at" DESC) WHERE "source_id" IS NOT NULL;
CREATE INDEX "refreshes_crawl_id_started_at_idx" ON "refreshes"("crawl_id", "started_at" DESC) WHERE "crawl_id" IS NOT NULL;

-- What a refresh did to each page, once per URL (a page handled again after a crash overwrites its row).
-- source_id is no foreign key: a removed page's row outlives it.
CREATE TABLE "refresh_pages" (
    "refresh_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "outcome" TEXT NOT NULL,
    "source_id" UUID,
    "error" TEXT,
    CONSTRAINT "refresh_pages_pkey" PRIMARY KEY ("refresh_id", "url"),
    CONSTRAINT "refresh_pages_outcome_check" CHECK ("outcome" IN ('unchanged', 'added', 'changed', 'removed', 'failed', 'gone')),
    CONSTRAINT "refresh_pages_refresh_id_fkey" FOREIGN KEY ("refresh_id") REFERENCES "refreshes"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Bytes a refresh fetched, queued as a new generation: read as they are, never fetched again.
ALTER TABLE "source_contents" ADD COLUMN "fetched" BOOLEAN NOT NULL DEFAULT false;
