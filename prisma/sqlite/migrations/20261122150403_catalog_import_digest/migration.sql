-- CreateTable
CREATE TABLE "CatalogImport" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "digest" TEXT NOT NULL,
    "catalogVersion" INTEGER NOT NULL,
    "report" JSONB NOT NULL,
    "importedAt" DATETIME NOT NULL
);
