-- CreateTable
CREATE TABLE "CatalogImport" (
    "id" INTEGER NOT NULL,
    "digest" TEXT NOT NULL,
    "catalogVersion" INTEGER NOT NULL,
    "report" JSONB NOT NULL,
    "importedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CatalogImport_pkey" PRIMARY KEY ("id")
);
