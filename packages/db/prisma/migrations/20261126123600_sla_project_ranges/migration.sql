-- The SLA report with project overrides looked each issue's asset up among the override projects' assets (a 12-month
-- report read ~89,000 index entries and probed a hash with each). With "Issue"."projectId" (migration
-- 20261126080641_project_on_rows) a project with days of its own is a range of its own, and the rest of the
-- workspace a range of the workspace's index less those projects: the workspace's SLA index now ends with the
-- project instead of the asset (nothing else read the asset from it), and a second one leads with the project.

-- DropIndex
DROP INDEX "Issue_workspaceId_severity_firstSeenAt_status_resolvedAt_as_idx";

-- CreateIndex
CREATE INDEX "Issue_workspaceId_severity_firstSeenAt_status_resolvedAt_pr_idx" ON "Issue"("workspaceId", "severity", "firstSeenAt", "status", "resolvedAt", "projectId");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_projectId_severity_firstSeenAt_status_res_idx" ON "Issue"("workspaceId", "projectId", "severity", "firstSeenAt", "status", "resolvedAt");
