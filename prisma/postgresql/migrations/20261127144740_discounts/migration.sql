-- AlterTable
ALTER TABLE "CartLine" ADD COLUMN     "seenUnitPriceMinor" INTEGER;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "discountMinor" BIGINT NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "Discount" (
    "id" SERIAL NOT NULL,
    "storeId" INTEGER NOT NULL,
    "code" TEXT,
    "codeKey" TEXT,
    "kind" TEXT NOT NULL,
    "percentPpm" INTEGER NOT NULL DEFAULT 0,
    "amountMinor" BIGINT NOT NULL DEFAULT 0,
    "minimumSubtotalMinor" BIGINT,
    "startsAt" TIMESTAMP(3),
    "endsAt" TIMESTAMP(3),
    "usageLimit" INTEGER,
    "perBuyerLimit" INTEGER,
    "combinesWithOthers" BOOLEAN NOT NULL DEFAULT false,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "timesUsed" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Discount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiscountUse" (
    "discountId" INTEGER NOT NULL,
    "orderId" TEXT NOT NULL,
    "buyerEmail" TEXT,
    "amountMinor" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiscountUse_pkey" PRIMARY KEY ("discountId","orderId")
);

-- CreateTable
CREATE TABLE "CartDiscountCode" (
    "cartId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "code" TEXT NOT NULL,

    CONSTRAINT "CartDiscountCode_pkey" PRIMARY KEY ("cartId","position")
);

-- CreateIndex
CREATE UNIQUE INDEX "Discount_storeId_codeKey_key" ON "Discount"("storeId", "codeKey");

-- CreateIndex
CREATE INDEX "DiscountUse_discountId_buyerEmail_idx" ON "DiscountUse"("discountId", "buyerEmail");

-- CreateIndex
CREATE INDEX "DiscountUse_orderId_idx" ON "DiscountUse"("orderId");

-- AddForeignKey
ALTER TABLE "Discount" ADD CONSTRAINT "Discount_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscountUse" ADD CONSTRAINT "DiscountUse_discountId_fkey" FOREIGN KEY ("discountId") REFERENCES "Discount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CartDiscountCode" ADD CONSTRAINT "CartDiscountCode_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE CASCADE ON UPDATE CASCADE;
