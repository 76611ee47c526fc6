-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_IdempotencyRecord" (
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "part" TEXT NOT NULL DEFAULT '',
    "requestHash" TEXT NOT NULL,
    "statusCode" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("scope", "key", "part")
);
INSERT INTO "new_IdempotencyRecord" ("body", "createdAt", "key", "requestHash", "scope", "statusCode") SELECT "body", "createdAt", "key", "requestHash", "scope", "statusCode" FROM "IdempotencyRecord";
DROP TABLE "IdempotencyRecord";
ALTER TABLE "new_IdempotencyRecord" RENAME TO "IdempotencyRecord";
CREATE INDEX "IdempotencyRecord_createdAt_idx" ON "IdempotencyRecord"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
