-- AlterTable
ALTER TABLE "CartLine" ADD COLUMN     "attributedAt" TIMESTAMP(3),
ADD COLUMN     "mediaId" INTEGER,
ADD COLUMN     "placementId" TEXT;

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
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OrderLine_pkey" PRIMARY KEY ("orderId","position")
);

-- CreateIndex
CREATE INDEX "OrderLine_mediaId_createdAt_orderId_storeId_currency_quanti_idx" ON "OrderLine"("mediaId", "createdAt", "orderId", "storeId", "currency", "quantity", "lineTotalMinor");

-- CreateIndex
CREATE INDEX "CartLine_mediaId_attributedAt_storeId_cartId_quantity_idx" ON "CartLine"("mediaId", "attributedAt", "storeId", "cartId", "quantity");

-- AddForeignKey
ALTER TABLE "OrderLine" ADD CONSTRAINT "OrderLine_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;
