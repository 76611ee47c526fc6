-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ProductAnswer" (
    "productId" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "priceMinor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "format" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "ProductAnswer_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ProductAnswer" ("body", "currency", "priceMinor", "productId") SELECT "body", "currency", "priceMinor", "productId" FROM "ProductAnswer";
DROP TABLE "ProductAnswer";
ALTER TABLE "new_ProductAnswer" RENAME TO "ProductAnswer";
CREATE INDEX "ProductAnswer_format_idx" ON "ProductAnswer"("format");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
