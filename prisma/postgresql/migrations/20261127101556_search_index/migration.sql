-- CreateTable
CREATE TABLE "SearchTerm" (
    "term" TEXT NOT NULL,
    "productId" INTEGER NOT NULL,
    "field" INTEGER NOT NULL,

    CONSTRAINT "SearchTerm_pkey" PRIMARY KEY ("term","productId","field")
);

-- CreateTable
CREATE TABLE "SearchVariant" (
    "variant" TEXT NOT NULL,
    "term" TEXT NOT NULL,

    CONSTRAINT "SearchVariant_pkey" PRIMARY KEY ("variant","term")
);

-- CreateIndex
CREATE INDEX "SearchTerm_productId_idx" ON "SearchTerm"("productId");

-- AddForeignKey
ALTER TABLE "SearchTerm" ADD CONSTRAINT "SearchTerm_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;
