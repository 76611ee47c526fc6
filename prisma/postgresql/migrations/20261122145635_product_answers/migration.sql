-- CreateTable
CREATE TABLE "ProductAnswer" (
    "productId" INTEGER NOT NULL,
    "priceMinor" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "ProductAnswer_pkey" PRIMARY KEY ("productId")
);

-- AddForeignKey
ALTER TABLE "ProductAnswer" ADD CONSTRAINT "ProductAnswer_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
