-- AlterTable
ALTER TABLE "Media" ADD COLUMN "alt" TEXT;
ALTER TABLE "Media" ADD COLUMN "captionsUrl" TEXT;
