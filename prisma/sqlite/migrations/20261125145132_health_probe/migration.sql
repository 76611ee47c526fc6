-- CreateTable
CREATE TABLE "HealthProbe" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "payload" BLOB NOT NULL
);
