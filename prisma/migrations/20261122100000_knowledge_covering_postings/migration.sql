-- Not expressible in Prisma: the postings' primary key also carries tf and dl (INCLUDE), so a
-- BM25 query reads each term's postings from the index alone (an index-only scan) instead of
-- visiting one heap page per posting. Measured at 100,000 chunks: 125 ms → 38 ms per query.
-- Index-only scans need the visibility map; PGlite has no autovacuum, so the ingest worker
-- runs VACUUM (ANALYZE) when it goes idle after writing (lib/knowledge/maintain-index.ts).

-- DropPrimaryKey
ALTER TABLE "chunk_terms" DROP CONSTRAINT "chunk_terms_pkey";

-- AddPrimaryKey
ALTER TABLE "chunk_terms" ADD CONSTRAINT "chunk_terms_pkey" PRIMARY KEY ("term", "chunk_seq") INCLUDE ("tf", "dl");
