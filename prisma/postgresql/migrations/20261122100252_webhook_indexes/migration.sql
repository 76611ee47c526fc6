-- CreateIndex
CREATE INDEX "Event_createdAt_idx" ON "Event"("createdAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_eventId_idx" ON "WebhookDelivery"("endpointId", "status", "eventId");
