-- CreateEnum
CREATE TYPE "FeedbackRating" AS ENUM ('up', 'down');

-- CreateTable
CREATE TABLE "message_feedback" (
    "message_id" UUID NOT NULL,
    "rating" "FeedbackRating" NOT NULL,
    "comment" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_feedback_pkey" PRIMARY KEY ("message_id")
);

-- CreateIndex
CREATE INDEX "message_feedback_updated_at_message_id_idx" ON "message_feedback"("updated_at" DESC, "message_id" DESC);

-- CreateIndex
CREATE INDEX "message_feedback_rating_updated_at_message_id_idx" ON "message_feedback"("rating", "updated_at" DESC, "message_id" DESC);

-- AddForeignKey
ALTER TABLE "message_feedback" ADD CONSTRAINT "message_feedback_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;
