-- GET /app/ports ranks first the ports where a service answered without authentication (open or in-progress
-- service.unauthenticated.* issues, whose port is the service's): a partial index over just those issues, by port
-- and asset, counts them per port and answers "this asset, this port" for each asset shown.

-- CreateIndex
CREATE INDEX "Issue_unauthenticated_idx" ON "Issue"("workspaceId", "port", "assetId") WHERE (status IN ('open', 'in-progress') AND kind LIKE 'service.unauthenticated.%');
