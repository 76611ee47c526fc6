-- AlterTable
ALTER TABLE "CartLine" ADD COLUMN "seenUnitPriceMinor" INTEGER;

-- CreateTable
CREATE TABLE "Discount" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "storeId" INTEGER NOT NULL,
    "code" TEXT,
    "codeKey" TEXT,
    "kind" TEXT NOT NULL,
    "percentPpm" INTEGER NOT NULL DEFAULT 0,
    "amountMinor" BIGINT NOT NULL DEFAULT 0,
    "minimumSubtotalMinor" BIGINT,
    "startsAt" DATETIME,
    "endsAt" DATETIME,
    "usageLimit" INTEGER,
    "perBuyerLimit" INTEGER,
    "combinesWithOthers" BOOLEAN NOT NULL DEFAULT false,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "timesUsed" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Discount_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DiscountUse" (
    "discountId" INTEGER NOT NULL,
    "orderId" TEXT NOT NULL,
    "buyerEmail" TEXT,
    "amountMinor" BIGINT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("discountId", "orderId"),
    CONSTRAINT "DiscountUse_discountId_fkey" FOREIGN KEY ("discountId") REFERENCES "Discount" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CartDiscountCode" (
    "cartId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "code" TEXT NOT NULL,

    PRIMARY KEY ("cartId", "position"),
    CONSTRAINT "CartDiscountCode_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable (by hand: a column added, not the whole Order table copied)
ALTER TABLE "Order" ADD COLUMN "discountMinor" BIGINT NOT NULL DEFAULT 0;

-- CreateIndex
CREATE UNIQUE INDEX "Discount_storeId_codeKey_key" ON "Discount"("storeId", "codeKey");

-- CreateIndex
CREATE INDEX "DiscountUse_discountId_buyerEmail_idx" ON "DiscountUse"("discountId", "buyerEmail");

-- CreateIndex
CREATE INDEX "DiscountUse_orderId_idx" ON "DiscountUse"("orderId");
