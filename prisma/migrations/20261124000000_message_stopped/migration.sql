-- AlterEnum
ALTER TYPE "MessageStatus" ADD VALUE 'stopped';
