-- AlterTable
ALTER TABLE "chunks" ADD COLUMN     "term_count" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "chunk_terms" (
    "term" TEXT NOT NULL,
    "chunk_id" UUID NOT NULL,
    "tf" INTEGER NOT NULL,
    "dl" INTEGER NOT NULL,

    CONSTRAINT "chunk_terms_pkey" PRIMARY KEY ("term","chunk_id")
);

-- CreateTable
CREATE TABLE "chunk_embeddings" (
    "chunk_id" UUID NOT NULL,
    "model" TEXT NOT NULL,
    "embedding" vector NOT NULL,

    CONSTRAINT "chunk_embeddings_pkey" PRIMARY KEY ("chunk_id","model")
);

-- CreateIndex
CREATE INDEX "chunk_terms_chunk_id_idx" ON "chunk_terms"("chunk_id");

-- CreateIndex
CREATE INDEX "chunk_embeddings_model_idx" ON "chunk_embeddings"("model");

-- CreateIndex
CREATE INDEX "chunks_source_id_generation_idx" ON "chunks"("source_id", "generation");

-- AddForeignKey
ALTER TABLE "chunk_terms" ADD CONSTRAINT "chunk_terms_chunk_id_fkey" FOREIGN KEY ("chunk_id") REFERENCES "chunks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chunk_embeddings" ADD CONSTRAINT "chunk_embeddings_chunk_id_fkey" FOREIGN KEY ("chunk_id") REFERENCES "chunks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Not expressible in Prisma: pgvector HNSW (cosine) over the default local embedding model.
-- The column is untyped `vector` because models differ in dimension, so the index is on a cast
-- and partial on the model id; lib/knowledge/ensure-vector-index.ts creates the same kind of
-- index at run time for any other configured model.
CREATE INDEX "chunks_embedding_local_hash_v1_idx" ON "chunks" USING hnsw (("embedding"::vector(256)) vector_cosine_ops) WITH (m = 12, ef_construction = 48) WHERE "embedding_model" = 'local-hash-v1';
