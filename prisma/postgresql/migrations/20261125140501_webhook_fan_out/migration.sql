-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "fanOutPending" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Event_fanOutPending_id_idx" ON "Event"("fanOutPending", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_eventId_status_idx" ON "WebhookDelivery"("eventId", "status");

-- DropIndex (claims go by endpoint now)
DROP INDEX "WebhookDelivery_status_nextAttemptAt_idx";
