-- AlterTable
ALTER TABLE "IdempotencyRecord" DROP CONSTRAINT "IdempotencyRecord_pkey",
ADD COLUMN     "part" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("scope", "key", "part");

-- AlterTable
ALTER TABLE "IdempotencyRecord" ADD COLUMN     "bytes" INTEGER,
ADD COLUMN     "owner" TEXT,
ADD COLUMN     "resourceId" TEXT,
ALTER COLUMN "body" DROP NOT NULL;

-- Records kept before: their caller is their scope without the API's suffix, their resource the
-- id in their answer (a cart's or order's "id", a submit's "cart"."id"), their size about their text.
UPDATE "IdempotencyRecord" SET
    "owner" = split_part("scope", ':graphql', 1),
    "resourceId" = COALESCE(("body"::jsonb) ->> 'id', ("body"::jsonb) -> 'cart' ->> 'id', ''),
    "bytes" = octet_length("scope") + octet_length("key") + octet_length("requestHash") + octet_length("body");

ALTER TABLE "IdempotencyRecord" ALTER COLUMN "bytes" SET NOT NULL,
ALTER COLUMN "owner" SET NOT NULL,
ALTER COLUMN "resourceId" SET NOT NULL;

-- CreateIndex
CREATE INDEX "IdempotencyRecord_owner_createdAt_bytes_idx" ON "IdempotencyRecord"("owner", "createdAt", "bytes");
