-- AlterTable
ALTER TABLE "IdempotencyRecord" DROP CONSTRAINT "IdempotencyRecord_pkey",
ADD COLUMN     "part" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("scope", "key", "part");
