-- CreateTable
CREATE TABLE "CatalogChange" (
    "row" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "productIds" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("row", "version")
);
