-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "fanOutPending" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Event_fanOutPending_id_idx" ON "Event"("fanOutPending", "id");
