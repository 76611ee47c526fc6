-- AlterTable
ALTER TABLE "CartLine" ADD COLUMN "attributedAt" DATETIME;
ALTER TABLE "CartLine" ADD COLUMN "mediaId" INTEGER;
ALTER TABLE "CartLine" ADD COLUMN "placementId" TEXT;

-- CreateTable
CREATE TABLE "OrderLine" (
    "orderId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "skuId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,
    "lineTotalMinor" BIGINT NOT NULL,
    "mediaId" INTEGER,
    "placementId" TEXT,
    "storeId" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,

    PRIMARY KEY ("orderId", "position"),
    CONSTRAINT "OrderLine_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "OrderLine_mediaId_createdAt_orderId_storeId_currency_quantity_lineTotalMinor_idx" ON "OrderLine"("mediaId", "createdAt", "orderId", "storeId", "currency", "quantity", "lineTotalMinor");

-- CreateIndex
CREATE INDEX "CartLine_mediaId_attributedAt_storeId_cartId_quantity_idx" ON "CartLine"("mediaId", "attributedAt", "storeId", "cartId", "quantity");
