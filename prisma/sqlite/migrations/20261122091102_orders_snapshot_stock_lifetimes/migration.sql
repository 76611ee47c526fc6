-- AlterTable
ALTER TABLE "Cart" ADD COLUMN "snapshot" JSONB;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Order" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "cartId" TEXT NOT NULL,
    "storeId" INTEGER NOT NULL,
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
    CONSTRAINT "Order_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Order_storeId_fkey" FOREIGN KEY ("storeId") REFERENCES "Store" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("cartId", "createdAt", "currency", "id", "requestId", "shippingMethodId", "shippingMinor", "status", "storeId", "subtotalMinor", "taxMinor", "totalMinor", "updatedAt") SELECT "cartId", "createdAt", "currency", "id", "requestId", "shippingMethodId", "shippingMinor", "status", "storeId", "subtotalMinor", "taxMinor", "totalMinor", "updatedAt" FROM "Order";
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE UNIQUE INDEX "Order_cartId_storeId_key" ON "Order"("cartId", "storeId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Cart_updatedAt_idx" ON "Cart"("updatedAt");
