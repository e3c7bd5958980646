-- AlterTable
-- Hand-edited: Prisma has no syntax for a generated column (`@default(dbgenerated())` keeps `migrate` from
-- touching it). Adding it rewrites the table once, computing the column for every stored message.
ALTER TABLE "messages" ADD COLUMN     "cited_sources" JSONB NOT NULL GENERATED ALWAYS AS (jsonb_path_query_array("parts", '$[*] ? (@."type" == "data-citation")."data"."sourceId"')) STORED;

-- CreateIndex
CREATE INDEX "messages_created_at_idx" ON "messages"("created_at");
