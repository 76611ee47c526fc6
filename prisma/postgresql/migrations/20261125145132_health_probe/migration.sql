-- CreateTable
CREATE TABLE "HealthProbe" (
    "id" TEXT NOT NULL,
    "payload" BYTEA NOT NULL,

    CONSTRAINT "HealthProbe_pkey" PRIMARY KEY ("id")
);
