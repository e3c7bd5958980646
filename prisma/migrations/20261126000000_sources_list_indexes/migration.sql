-- CreateIndex
CREATE INDEX "sources_kind_id_idx" ON "sources"("kind", "id");

-- CreateIndex
CREATE INDEX "sources_status_id_idx" ON "sources"("status", "id");

-- CreateIndex
CREATE INDEX "sources_chunk_count_id_idx" ON "sources"("chunk_count", "id");

-- CreateIndex
CREATE INDEX "sources_size_id_idx" ON "sources"("size", "id");

-- Not expressible in Prisma: the title order ignores case, so its index is on lower("title"); and
-- the sources list's search (a case-insensitive "contains" over title, file name and URL) is served
-- by a trigram index over the three joined (one expression: for an OR of three columns the planner
-- estimated a sequential scan cheaper, and on PGlite that scan took 120-130 ms at 100,000 sources).
-- Without them a page in title order took 85 ms there, holding the one connection meanwhile.
-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

CREATE INDEX "sources_title_lower_id_idx" ON "sources"(lower("title"), "id");

CREATE INDEX "sources_search_trgm_idx" ON "sources" USING gin (("title" || E'\n' || coalesce("filename", '') || E'\n' || coalesce("uri", '')) gin_trgm_ops);
