-- AlterTable
ALTER TABLE "Media" ADD COLUMN     "alt" TEXT,
ADD COLUMN     "captionsUrl" TEXT;
