-- CreateTable
CREATE TABLE "SearchTerm" (
    "term" TEXT NOT NULL,
    "productId" INTEGER NOT NULL,
    "field" INTEGER NOT NULL,

    PRIMARY KEY ("term", "productId", "field"),
    CONSTRAINT "SearchTerm_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SearchVariant" (
    "variant" TEXT NOT NULL,
    "term" TEXT NOT NULL,

    PRIMARY KEY ("variant", "term")
);

-- CreateIndex
CREATE INDEX "SearchTerm_productId_idx" ON "SearchTerm"("productId");
