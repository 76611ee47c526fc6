-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_IdempotencyRecord" (
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "part" TEXT NOT NULL DEFAULT '',
    "owner" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "statusCode" INTEGER NOT NULL,
    "body" TEXT,
    "resourceId" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("scope", "key", "part")
);
-- Records kept before: one part each (''), their caller is their scope without the API's suffix,
-- their resource the id in their answer (a cart's or order's "id", a submit's "cart"."id"), their
-- size about their text.
INSERT INTO "new_IdempotencyRecord" ("body", "createdAt", "key", "part", "requestHash", "scope", "statusCode", "owner", "resourceId", "bytes")
SELECT "body", "createdAt", "key", '', "requestHash", "scope", "statusCode",
    CASE WHEN instr("scope", ':graphql') > 0 THEN substr("scope", 1, instr("scope", ':graphql') - 1) ELSE "scope" END,
    COALESCE(json_extract("body", '$.id'), json_extract("body", '$.cart.id'), ''),
    length(CAST("scope" AS BLOB)) + length(CAST("key" AS BLOB)) + length(CAST("requestHash" AS BLOB)) + length(CAST("body" AS BLOB))
FROM "IdempotencyRecord";
DROP TABLE "IdempotencyRecord";
ALTER TABLE "new_IdempotencyRecord" RENAME TO "IdempotencyRecord";
CREATE INDEX "IdempotencyRecord_createdAt_idx" ON "IdempotencyRecord"("createdAt");
CREATE INDEX "IdempotencyRecord_owner_createdAt_bytes_idx" ON "IdempotencyRecord"("owner", "createdAt", "bytes");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
