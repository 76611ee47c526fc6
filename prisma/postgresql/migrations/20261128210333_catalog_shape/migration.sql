-- AlterTable
ALTER TABLE "CatalogMeta" ADD COLUMN     "shape" JSONB;
