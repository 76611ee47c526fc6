-- CreateTable
CREATE TABLE "CatalogChange" (
    "row" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "productIds" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CatalogChange_pkey" PRIMARY KEY ("row","version")
);
