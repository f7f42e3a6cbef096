-- GET /app/ports groups the open-port issues by port in SQL (counts per severity, the most recently seen assets of
-- each, a page of one port's assets): one partial index over just those issues serves all three, index-only for
-- the counts. It replaces ("workspaceId", port), which only the old in-memory grouping used.

-- DropIndex
DROP INDEX "Issue_workspaceId_port_idx";

-- CreateIndex
CREATE INDEX "Issue_open_port_idx" ON "Issue"("workspaceId", "port", "lastSeenAt", "id", "severity") WHERE (status IN ('open', 'in-progress') AND kind LIKE 'port.open.%');
