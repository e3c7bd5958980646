-- Not expressible in Prisma: the HNSW index of the local embedding model's second version,
-- 128 dimensions (lib/ai/embedding/local-embedding-model.ts). Chunks written with v1 keep
-- using v1's index until the background re-embed has moved them all to v2; on an install
-- that starts with v2 that index stays empty, which costs nothing.
CREATE INDEX "chunks_embedding_local_hash_v2_idx" ON "chunks" USING hnsw (("embedding"::vector(128)) vector_cosine_ops) WITH (m = 8, ef_construction = 32) WHERE "embedding_model" = 'local-hash-v2';
