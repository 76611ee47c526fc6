-- AlterTable
ALTER TABLE "Media" ADD COLUMN     "durationMs" INTEGER,
ADD COLUMN     "height" INTEGER,
ADD COLUMN     "posterUrl" TEXT,
ADD COLUMN     "url" TEXT,
ADD COLUMN     "width" INTEGER;

-- CreateTable
CREATE TABLE "MediaPlacement" (
    "mediaId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "x" DOUBLE PRECISION,
    "y" DOUBLE PRECISION,
    "startMs" INTEGER,
    "endMs" INTEGER,

    CONSTRAINT "MediaPlacement_pkey" PRIMARY KEY ("mediaId","position")
);

-- CreateIndex
CREATE INDEX "MediaPlacement_productId_idx" ON "MediaPlacement"("productId");

-- AddForeignKey
ALTER TABLE "MediaPlacement" ADD CONSTRAINT "MediaPlacement_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "Media"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MediaPlacement" ADD CONSTRAINT "MediaPlacement_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
