-- DropIndex
DROP INDEX "CartLine_mediaId_attributedAt_storeId_cartId_quantity_idx";

-- DropIndex
DROP INDEX "OrderLine_mediaId_createdAt_orderId_storeId_currency_quantity_lineTotalMinor_idx";

-- CreateTable
CREATE TABLE "PlayerEventCount" (
    "mediaId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "hour" INTEGER NOT NULL,
    "placementId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("mediaId", "type", "hour", "placementId")
);

-- CreateTable
CREATE TABLE "PlayerEventSeen" (
    "sessionId" TEXT NOT NULL,
    "mediaId" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "placementId" TEXT NOT NULL,
    "countedAt" BIGINT NOT NULL,

    PRIMARY KEY ("sessionId", "mediaId", "type", "placementId")
);

-- CreateIndex
CREATE INDEX "PlayerEventCount_hour_mediaId_type_count_idx" ON "PlayerEventCount"("hour", "mediaId", "type", "count");

-- CreateIndex
CREATE INDEX "PlayerEventSeen_countedAt_idx" ON "PlayerEventSeen"("countedAt");

-- CreateIndex
CREATE INDEX "CartLine_mediaId_attributedAt_storeId_cartId_quantity_placementId_idx" ON "CartLine"("mediaId", "attributedAt", "storeId", "cartId", "quantity", "placementId");

-- CreateIndex
CREATE INDEX "OrderLine_mediaId_createdAt_orderId_storeId_currency_quantity_lineTotalMinor_placementId_idx" ON "OrderLine"("mediaId", "createdAt", "orderId", "storeId", "currency", "quantity", "lineTotalMinor", "placementId");
