-- CreateTable
CREATE TABLE "DeletedMedia" (
    "id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "deletedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeletedMedia_pkey" PRIMARY KEY ("id")
);
