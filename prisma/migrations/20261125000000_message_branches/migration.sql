-- AlterTable
ALTER TABLE "conversations" ADD COLUMN     "head_id" UUID;

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "parent_id" UUID;

-- CreateIndex
CREATE INDEX "messages_parent_id_idx" ON "messages"("parent_id");

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Not expressible in Prisma: existing conversations become one branch each, every message
-- following the one before it, and each conversation shows its last message.
UPDATE "messages" m SET "parent_id" = p."prev"
FROM (SELECT "id", lag("id") OVER (PARTITION BY "conversation_id" ORDER BY "created_at", "id") AS "prev" FROM "messages") p
WHERE m."id" = p."id" AND p."prev" IS NOT NULL;

UPDATE "conversations" c SET "head_id" = l."id"
FROM (SELECT DISTINCT ON ("conversation_id") "conversation_id", "id" FROM "messages" ORDER BY "conversation_id", "created_at" DESC, "id" DESC) l
WHERE c."id" = l."conversation_id";
