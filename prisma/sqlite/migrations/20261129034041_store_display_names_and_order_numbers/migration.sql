-- CreateTable
CREATE TABLE "OrderNumberCounter" (
    "storeId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "last" INTEGER NOT NULL,
    CONSTRAINT "OrderNumberCounter_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Order" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "cartId" TEXT NOT NULL,
    "storeId" INTEGER NOT NULL,
    "orderNumber" INTEGER NOT NULL,
    "storeName" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "subtotalMinor" BIGINT NOT NULL,
    "shippingMinor" BIGINT NOT NULL,
    "taxMinor" BIGINT NOT NULL,
    "totalMinor" BIGINT NOT NULL,
    "shippingMethodId" TEXT,
    "lines" JSONB,
    "cost" JSONB,
    "buyerIdentity" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "discountMinor" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "Order_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Order_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
-- Orders placed before: numbered per store in the order they were created from 1001, each with the
-- name of its store (its display name from now on).
INSERT INTO "new_Order" ("buyerIdentity", "cartId", "cost", "createdAt", "currency", "discountMinor", "id", "lines", "requestId", "shippingMethodId", "shippingMinor", "status", "storeId", "subtotalMinor", "taxMinor", "totalMinor", "updatedAt", "orderNumber", "storeName")
SELECT "buyerIdentity", "cartId", "cost", "createdAt", "currency", "discountMinor", "id", "lines", "requestId", "shippingMethodId", "shippingMinor", "status", "storeId", "subtotalMinor", "taxMinor", "totalMinor", "updatedAt",
    1000 + ROW_NUMBER() OVER (PARTITION BY "storeId" ORDER BY "createdAt", "id"),
    (SELECT "name" FROM "Store" WHERE "Store"."id" = "Order"."storeId")
FROM "Order";
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE UNIQUE INDEX "Order_cartId_storeId_key" ON "Order"("cartId", "storeId");
CREATE UNIQUE INDEX "Order_storeId_orderNumber_key" ON "Order"("storeId", "orderNumber");
CREATE TABLE "new_Store" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "marketplace" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "marginRatePpm" INTEGER NOT NULL
);
-- Stores imported before: their display name is their name until an import gives them one.
INSERT INTO "new_Store" ("currency", "id", "marginRatePpm", "marketplace", "name", "displayName") SELECT "currency", "id", "marginRatePpm", "marketplace", "name", "name" FROM "Store";
DROP TABLE "Store";
ALTER TABLE "new_Store" RENAME TO "Store";
-- Each store's last number given: its next order continues from there.
INSERT INTO "OrderNumberCounter" ("storeId", "last") SELECT "storeId", MAX("orderNumber") FROM "Order" GROUP BY "storeId";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
