-- AlterTable
ALTER TABLE "source_contents" ADD COLUMN     "rechunk" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "sources" ADD COLUMN     "chunked_with" TEXT;
