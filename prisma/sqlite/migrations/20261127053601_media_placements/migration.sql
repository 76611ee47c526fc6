-- AlterTable
ALTER TABLE "Media" ADD COLUMN "durationMs" INTEGER;
ALTER TABLE "Media" ADD COLUMN "height" INTEGER;
ALTER TABLE "Media" ADD COLUMN "posterUrl" TEXT;
ALTER TABLE "Media" ADD COLUMN "url" TEXT;
ALTER TABLE "Media" ADD COLUMN "width" INTEGER;

-- CreateTable
CREATE TABLE "MediaPlacement" (
    "mediaId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "x" REAL,
    "y" REAL,
    "startMs" INTEGER,
    "endMs" INTEGER,

    PRIMARY KEY ("mediaId", "position"),
    CONSTRAINT "MediaPlacement_mediaId_fkey" FOREIGN KEY ("mediaId") REFERENCES "Media" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MediaPlacement_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "MediaPlacement_productId_idx" ON "MediaPlacement"("productId");
