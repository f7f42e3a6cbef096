-- The trigram index on DiscoveredHostname.host (text search) needs pg_trgm (bundled with PostgreSQL and embedded-postgres).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "DiscoveryRunStatus" AS ENUM ('queued', 'running', 'done', 'failed');

-- AlterTable
ALTER TABLE "Asset" ADD COLUMN     "discoveryDueAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "DiscoveryRun" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "assetId" INTEGER NOT NULL,
    "domain" VARCHAR(255) NOT NULL,
    "trigger" VARCHAR(20) NOT NULL DEFAULT 'manual',
    "status" "DiscoveryRunStatus" NOT NULL DEFAULT 'queued',
    "phase" VARCHAR(20),
    "progressDone" INTEGER NOT NULL DEFAULT 0,
    "progressTotal" INTEGER NOT NULL DEFAULT 0,
    "found" INTEGER NOT NULL DEFAULT 0,
    "newHosts" INTEGER NOT NULL DEFAULT 0,
    "sourceErrors" JSONB NOT NULL DEFAULT '[]',
    "error" TEXT,
    "heartbeatAt" TIMESTAMPTZ(3),
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiscoveryRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DiscoveryRun_workspaceId_id_idx" ON "DiscoveryRun"("workspaceId", "id");

-- CreateIndex
CREATE INDEX "DiscoveryRun_assetId_status_idx" ON "DiscoveryRun"("assetId", "status");

-- CreateIndex
CREATE INDEX "DiscoveryRun_status_heartbeatAt_idx" ON "DiscoveryRun"("status", "heartbeatAt");

-- CreateIndex
CREATE INDEX "Asset_type_discoveryDueAt_idx" ON "Asset"("type", "discoveryDueAt");

-- CreateIndex
CREATE INDEX "DiscoveredHostname_workspaceId_domain_id_idx" ON "DiscoveredHostname"("workspaceId", "domain", "id");

-- CreateIndex
CREATE INDEX "DiscoveredHostname_assetId_idx" ON "DiscoveredHostname"("assetId");

-- CreateIndex
CREATE INDEX "DiscoveredHostname_host_idx" ON "DiscoveredHostname" USING GIN ("host" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "DiscoveryRun" ADD CONSTRAINT "DiscoveryRun_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscoveryRun" ADD CONSTRAINT "DiscoveryRun_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;
