-- AlterTable
ALTER TABLE "source_contents" ADD COLUMN     "url" TEXT;
