-- GET /app/ports ranks first the ports where a service answered without authentication (open or in-progress
-- service.unauthenticated.* issues, whose port is the service's): a partial index over just those issues, by port
-- and asset, counts them per port and answers "this asset, this port" for each asset shown. Its `service` filter
-- and its search (`q`, trigrams) read the open ports' services from partial indexes over the ports open now.

-- CreateIndex
CREATE INDEX "Issue_unauthenticated_idx" ON "Issue"("workspaceId", "port", "assetId") WHERE (status IN ('open', 'in-progress') AND kind LIKE 'service.unauthenticated.%');

-- CreateIndex
CREATE INDEX "OpenPort_service_idx" ON "OpenPort"("workspaceId", "service", "port", "assetId") WHERE ("closedAt" IS NULL);

-- CreateIndex
CREATE INDEX "OpenPort_service_trgm_idx" ON "OpenPort" USING GIN ("service" gin_trgm_ops) WHERE ("closedAt" IS NULL);
