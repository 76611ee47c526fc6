-- AlterTable
ALTER TABLE "ProductAnswer" ADD COLUMN     "format" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "ProductAnswer_format_idx" ON "ProductAnswer"("format");
