-- CreateIndex
CREATE INDEX "OpenPort_workspaceId_firstSeenAt_idx" ON "OpenPort"("workspaceId", "firstSeenAt");
