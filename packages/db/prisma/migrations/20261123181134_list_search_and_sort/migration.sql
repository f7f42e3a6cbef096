-- Text search (ILIKE '%q%') and sorting on every list (docs/api.md, Search and sort). The trigram GIN indexes need
-- pg_trgm, created by the discovery_runs migration; kept here too so this migration stands alone.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "AssessmentReport_workspaceId_scopeName_id_idx" ON "AssessmentReport"("workspaceId", "scopeName", "id");

-- CreateIndex
CREATE INDEX "AssessmentReport_scopeName_idx" ON "AssessmentReport" USING GIN ("scopeName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Asset_workspaceId_name_id_idx" ON "Asset"("workspaceId", "name", "id");

-- CreateIndex
CREATE INDEX "Asset_workspaceId_value_id_idx" ON "Asset"("workspaceId", "value", "id");

-- CreateIndex
CREATE INDEX "Asset_workspaceId_lastCheckedAt_id_idx" ON "Asset"("workspaceId", "lastCheckedAt", "id");

-- CreateIndex
CREATE INDEX "Asset_name_idx" ON "Asset" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Asset_value_idx" ON "Asset" USING GIN ("value" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "AuditEntry_action_idx" ON "AuditEntry" USING GIN ("action" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "AuditEntry_actorName_idx" ON "AuditEntry" USING GIN ("actorName" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "DiscoveredHostname_workspaceId_lastSeenAt_id_idx" ON "DiscoveredHostname"("workspaceId", "lastSeenAt", "id");

-- CreateIndex
CREATE INDEX "Finding_workspaceId_title_id_idx" ON "Finding"("workspaceId", "title", "id");

-- CreateIndex
CREATE INDEX "Finding_title_idx" ON "Finding" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Issue_workspaceId_severity_id_idx" ON "Issue"("workspaceId", "severity", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_status_id_idx" ON "Issue"("workspaceId", "status", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_title_id_idx" ON "Issue"("workspaceId", "title", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_firstSeenAt_id_idx" ON "Issue"("workspaceId", "firstSeenAt", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_lastSeenAt_id_idx" ON "Issue"("workspaceId", "lastSeenAt", "id");

-- CreateIndex
CREATE INDEX "Issue_title_idx" ON "Issue" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Project_name_idx" ON "Project" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Scan_workspaceId_finishedAt_id_idx" ON "Scan"("workspaceId", "finishedAt", "id");

-- CreateIndex
CREATE INDEX "ScanSchedule_workspaceId_name_id_idx" ON "ScanSchedule"("workspaceId", "name", "id");

-- CreateIndex
CREATE INDEX "ScanSchedule_workspaceId_nextRunAt_id_idx" ON "ScanSchedule"("workspaceId", "nextRunAt", "id");

-- CreateIndex
CREATE INDEX "ScanSchedule_workspaceId_lastRunAt_id_idx" ON "ScanSchedule"("workspaceId", "lastRunAt", "id");

-- CreateIndex
CREATE INDEX "ScanSchedule_name_idx" ON "ScanSchedule" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_id_idx" ON "WebhookDelivery"("endpointId", "status", "id");
