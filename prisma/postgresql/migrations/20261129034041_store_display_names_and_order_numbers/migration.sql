-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "orderNumber" INTEGER,
ADD COLUMN     "storeName" TEXT;

-- AlterTable
ALTER TABLE "Store" ADD COLUMN     "displayName" TEXT;

-- Stores imported before: their display name is their name until an import gives them one.
UPDATE "Store" SET "displayName" = "name";

-- Orders placed before: numbered per store in the order they were created from 1001, each with the
-- name of its store (its display name from now on).
UPDATE "Order" SET "orderNumber" = "numbered"."orderNumber", "storeName" = "Store"."name"
FROM (
    SELECT "id", 1000 + ROW_NUMBER() OVER (PARTITION BY "storeId" ORDER BY "createdAt", "id") AS "orderNumber"
    FROM "Order"
) AS "numbered", "Store"
WHERE "numbered"."id" = "Order"."id" AND "Store"."id" = "Order"."storeId";

ALTER TABLE "Order" ALTER COLUMN "orderNumber" SET NOT NULL,
ALTER COLUMN "storeName" SET NOT NULL;

ALTER TABLE "Store" ALTER COLUMN "displayName" SET NOT NULL;

-- CreateTable
CREATE TABLE "OrderNumberCounter" (
    "storeId" INTEGER NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "OrderNumberCounter_pkey" PRIMARY KEY ("storeId")
);

-- Each store's last number given: its next order continues from there.
INSERT INTO "OrderNumberCounter" ("storeId", "last") SELECT "storeId", MAX("orderNumber") FROM "Order" GROUP BY "storeId";

-- CreateIndex
CREATE UNIQUE INDEX "Order_storeId_orderNumber_key" ON "Order"("storeId", "orderNumber");

-- AddForeignKey
ALTER TABLE "OrderNumberCounter" ADD CONSTRAINT "OrderNumberCounter_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
