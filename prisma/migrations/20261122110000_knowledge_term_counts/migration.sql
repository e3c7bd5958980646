-- CreateTable
CREATE TABLE "term_counts" (
    "term" TEXT NOT NULL,
    "id" BIGSERIAL NOT NULL,
    "df" INTEGER NOT NULL,

    CONSTRAINT "term_counts_pkey" PRIMARY KEY ("term","id")
);

-- Not expressible in Prisma: the key also carries df (INCLUDE), so a term's document
-- frequency is a sum over a few index entries (an index-only scan) instead of a count over
-- all its postings, which was a second pass over every posting a BM25 query reads.
-- Rows are deltas: each write adds one row per term (+n), each deletion one (−n), so
-- concurrent writers never wait on a shared counter row; the ingest worker folds a term's
-- rows into one when it maintains the index (lib/knowledge/maintain-index.ts).
ALTER TABLE "term_counts" DROP CONSTRAINT "term_counts_pkey";
ALTER TABLE "term_counts" ADD CONSTRAINT "term_counts_pkey" PRIMARY KEY ("term", "id") INCLUDE ("df");

INSERT INTO "term_counts" ("term", "df") SELECT "term", count(*)::int FROM "chunk_terms" GROUP BY "term";

-- Not expressible in Prisma: deleting a chunk's postings also records the terms' lower counts.
CREATE OR REPLACE FUNCTION "chunks_delete_postings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH x AS (SELECT g."seq", u.lexeme FROM gone g CROSS JOIN LATERAL unnest(g."tsv") u),
  d AS (
    DELETE FROM "chunk_terms" ct USING x
    WHERE ct."term" = x.lexeme AND ct."chunk_seq" = x."seq"
    RETURNING ct."term"
  )
  INSERT INTO "term_counts" ("term", "df") SELECT "term", -count(*)::int FROM d GROUP BY "term";
  RETURN NULL;
END;
$$;
