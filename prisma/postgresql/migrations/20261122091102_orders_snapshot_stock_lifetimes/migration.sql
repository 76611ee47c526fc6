-- DropForeignKey
ALTER TABLE "Order" DROP CONSTRAINT "Order_cartId_fkey";

-- AlterTable
ALTER TABLE "Cart" ADD COLUMN     "snapshot" JSONB;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "buyerIdentity" JSONB,
ADD COLUMN     "cost" JSONB,
ADD COLUMN     "lines" JSONB;

-- CreateIndex
CREATE INDEX "Cart_updatedAt_idx" ON "Cart"("updatedAt");

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_cartId_fkey" FOREIGN KEY ("cartId") REFERENCES "Cart"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
