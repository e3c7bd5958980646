-- Crawls of a website (POST /api/knowledge/sources {crawl}): the crawl, the URLs it has found, and its
-- pages, which are sources of kind `url` deleted with it. A crawl is claimed by one worker at a time
-- under a lease, as sources are, so a killed worker's crawl is taken up again where it stopped. Its
-- progress (found, fetched, failed, ingested) is counted from crawl_urls and sources when read, not kept
-- in counters: a worker killed between two writes cannot leave them wrong.
CREATE TABLE "crawls" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "collection_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "scope" TEXT NOT NULL DEFAULT 'prefix',
    "max_pages" INTEGER NOT NULL,
    "max_depth" INTEGER NOT NULL,
    "include" TEXT[] NOT NULL DEFAULT '{}',
    "exclude" TEXT[] NOT NULL DEFAULT '{}',
    "title" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "state" TEXT NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "lease_owner" TEXT,
    "lease_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "crawls_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "crawls_scope_check" CHECK ("scope" IN ('prefix', 'host')),
    CONSTRAINT "crawls_state_check" CHECK ("state" IN ('pending', 'running', 'done', 'failed')),
    -- A deleted collection takes its crawls (its sources are deleted first, or the deletion is refused).
    CONSTRAINT "crawls_collection_id_fkey" FOREIGN KEY ("collection_id") REFERENCES "collections"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- The workers' queue: only crawls with work left, so a poll costs what is queued.
CREATE INDEX "crawls_queue_idx" ON "crawls"("created_at", "id") WHERE "state" IN ('pending', 'running');
CREATE INDEX "crawls_collection_id_created_at_idx" ON "crawls"("collection_id", "created_at" DESC, "id" DESC);

-- Every URL a crawl has found in scope, once: breadth first (depth, then the order found).
CREATE TABLE "crawl_urls" (
    "crawl_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "depth" INTEGER NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "source_id" UUID,
    CONSTRAINT "crawl_urls_pkey" PRIMARY KEY ("crawl_id", "url"),
    CONSTRAINT "crawl_urls_state_check" CHECK ("state" IN ('queued', 'fetched', 'skipped', 'failed')),
    CONSTRAINT "crawl_urls_crawl_id_fkey" FOREIGN KEY ("crawl_id") REFERENCES "crawls"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "crawl_urls_queued_idx" ON "crawl_urls"("crawl_id", "depth", "seq") WHERE "state" = 'queued';

-- A crawl's pages: deleting the crawl deletes them (and, as for any source, their content and chunks).
ALTER TABLE "sources" ADD COLUMN "crawl_id" UUID;
ALTER TABLE "sources" ADD CONSTRAINT "sources_crawl_id_fkey" FOREIGN KEY ("crawl_id") REFERENCES "crawls"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "sources_crawl_id_idx" ON "sources"("crawl_id") WHERE "crawl_id" IS NOT NULL;
