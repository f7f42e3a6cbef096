-- CreateEnum
CREATE TYPE "Plan" AS ENUM ('essential', 'pro', 'premium');

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('owner', 'admin', 'member', 'read-only');

-- CreateEnum
CREATE TYPE "AssetType" AS ENUM ('domain', 'subdomain', 'ipv4', 'ipv6', 'bucket');

-- CreateEnum
CREATE TYPE "AssetStatus" AS ENUM ('pending', 'reachable', 'unreachable', 'error');

-- CreateEnum
CREATE TYPE "PortScanMode" AS ENUM ('off', 'web', 'top100', 'top1000', 'full');

-- CreateEnum
CREATE TYPE "Severity" AS ENUM ('info', 'low', 'medium', 'high', 'critical');

-- CreateEnum
CREATE TYPE "OwnershipMethod" AS ENUM ('dns-txt', 'http-file', 'html-meta', 'parent-domain');

-- CreateEnum
CREATE TYPE "ScheduleFrequency" AS ENUM ('daily', 'weekly', 'monthly', 'interval');

-- CreateEnum
CREATE TYPE "ScanStatus" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "IssueStatus" AS ENUM ('open', 'in-progress', 'resolved', 'dismissed');

-- CreateEnum
CREATE TYPE "DiscoveredStatus" AS ENUM ('new', 'ignored', 'added');

-- CreateEnum
CREATE TYPE "AssessmentScope" AS ENUM ('workspace', 'project', 'asset');

-- CreateEnum
CREATE TYPE "AssessmentStatus" AS ENUM ('pending', 'ready', 'failed');

-- CreateEnum
CREATE TYPE "ActorType" AS ENUM ('user', 'api-key', 'oauth-app', 'system');

-- CreateEnum
CREATE TYPE "Channel" AS ENUM ('dashboard', 'api-key', 'oauth', 'cli', 'system');

-- CreateTable
CREATE TABLE "Workspace" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "plan" "Plan" NOT NULL DEFAULT 'essential',
    "purchasedAssetSlots" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Workspace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "email" VARCHAR(320) NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "firstName" VARCHAR(100) NOT NULL DEFAULT '',
    "lastName" VARCHAR(100) NOT NULL DEFAULT '',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'member',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Invitation" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "email" VARCHAR(320) NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'member',
    "tokenHash" TEXT NOT NULL,
    "invitedByUserId" INTEGER,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "acceptedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SlotPurchase" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "userId" INTEGER,
    "quantity" INTEGER NOT NULL,
    "provider" VARCHAR(50) NOT NULL,
    "providerRef" VARCHAR(255) NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "currency" VARCHAR(3) NOT NULL DEFAULT 'USD',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SlotPurchase_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "prefix" VARCHAR(32) NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdByUserId" INTEGER,
    "expiresAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "lastUsedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuthApp" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "clientId" VARCHAR(64) NOT NULL,
    "clientSecretHash" TEXT NOT NULL,
    "scopes" TEXT[],
    "redirectUris" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "OAuthApp_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuthToken" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "appId" INTEGER NOT NULL,
    "userId" INTEGER,
    "accessTokenHash" TEXT NOT NULL,
    "refreshTokenHash" TEXT,
    "scopes" TEXT[],
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "refreshTokenExpiresAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OAuthAuthorizationCode" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "appId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "scopes" TEXT[],
    "codeChallenge" TEXT NOT NULL,
    "codeChallengeMethod" VARCHAR(10) NOT NULL DEFAULT 'S256',
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OAuthAuthorizationCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Project" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" VARCHAR(2000) NOT NULL DEFAULT '',
    "color" VARCHAR(7) NOT NULL DEFAULT '#64748b',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Project_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Asset" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "name" VARCHAR(255),
    "type" "AssetType" NOT NULL,
    "value" VARCHAR(2048) NOT NULL,
    "status" "AssetStatus" NOT NULL DEFAULT 'pending',
    "canonicalUrl" TEXT,
    "resolvedIp" VARCHAR(64),
    "cdnProvider" VARCHAR(64),
    "bucketProvider" VARCHAR(64),
    "lastCheckedAt" TIMESTAMPTZ(3),
    "failReason" TEXT,
    "skippedRedirectHost" VARCHAR(255),
    "disabledScannerTypes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "portScanMode" "PortScanMode" NOT NULL DEFAULT 'web',
    "nucleiMinSeverity" "Severity" NOT NULL DEFAULT 'low',
    "ownershipVerifiedAt" TIMESTAMPTZ(3),
    "ownershipToken" VARCHAR(128) NOT NULL,
    "ownershipMethod" "OwnershipMethod",
    "technologies" JSONB NOT NULL DEFAULT '[]',
    "outsideView" JSONB,
    "screenshotPng" BYTEA,
    "screenshotTakenAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Asset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OwnershipProof" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "assetId" INTEGER NOT NULL,
    "method" "OwnershipMethod",
    "success" BOOLEAN NOT NULL,
    "detail" TEXT NOT NULL,
    "checkedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OwnershipProof_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScanSchedule" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "assetId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "frequency" "ScheduleFrequency" NOT NULL,
    "dayOfWeek" INTEGER,
    "dayOfMonth" INTEGER,
    "time" VARCHAR(5) NOT NULL,
    "intervalDays" INTEGER,
    "windowStartHour" INTEGER,
    "windowEndHour" INTEGER,
    "windowDays" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "lastRunAt" TIMESTAMPTZ(3),
    "nextRunAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ScanSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Scan" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "assetId" INTEGER NOT NULL,
    "scheduleId" INTEGER,
    "createdByUserId" INTEGER,
    "status" "ScanStatus" NOT NULL DEFAULT 'queued',
    "trigger" VARCHAR(20) NOT NULL DEFAULT 'manual',
    "stage" VARCHAR(50),
    "progress" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "heartbeatAt" TIMESTAMPTZ(3),
    "startedAt" TIMESTAMPTZ(3),
    "finishedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Scan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Issue" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "assetId" INTEGER NOT NULL,
    "kind" VARCHAR(200) NOT NULL,
    "title" VARCHAR(500) NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "severity" "Severity" NOT NULL,
    "status" "IssueStatus" NOT NULL DEFAULT 'open',
    "port" INTEGER,
    "assigneeUserId" INTEGER,
    "dismissReason" VARCHAR(50),
    "dismissNote" TEXT,
    "dismissedUntil" TIMESTAMPTZ(3),
    "dismissedAt" TIMESTAMPTZ(3),
    "firstSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Issue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Finding" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "scanId" INTEGER NOT NULL,
    "assetId" INTEGER NOT NULL,
    "issueId" INTEGER,
    "scanner" VARCHAR(50) NOT NULL,
    "kind" VARCHAR(200) NOT NULL,
    "title" VARCHAR(500) NOT NULL,
    "severity" "Severity" NOT NULL,
    "port" INTEGER,
    "evidence" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Finding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IssueComment" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "issueId" INTEGER NOT NULL,
    "authorUserId" INTEGER,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IssueComment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OpenPort" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "assetId" INTEGER NOT NULL,
    "port" INTEGER NOT NULL,
    "protocol" VARCHAR(10) NOT NULL DEFAULT 'tcp',
    "service" VARCHAR(100),
    "banner" TEXT,
    "firstSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMPTZ(3),

    CONSTRAINT "OpenPort_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DiscoveredHostname" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "domain" VARCHAR(255) NOT NULL,
    "host" VARCHAR(255) NOT NULL,
    "sources" TEXT[],
    "resolves" JSONB,
    "resolvedIp" JSONB,
    "cname" JSONB,
    "wildcard" JSONB,
    "status" "DiscoveredStatus" NOT NULL DEFAULT 'new',
    "assetId" INTEGER,
    "firstSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DiscoveredHostname_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AssessmentReport" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "scopeType" "AssessmentScope" NOT NULL,
    "scopeId" INTEGER,
    "scopeName" VARCHAR(255) NOT NULL,
    "status" "AssessmentStatus" NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "trigger" VARCHAR(20) NOT NULL DEFAULT 'manual',
    "createdByUserId" INTEGER,
    "shareTokenHash" TEXT,
    "shareExpiresAt" TIMESTAMPTZ(3),
    "shareRevokedAt" TIMESTAMPTZ(3),
    "generatedAt" TIMESTAMPTZ(3),
    "data" JSONB,
    "narrative" JSONB,
    "pdf" BYTEA,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AssessmentReport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "actorType" "ActorType" NOT NULL,
    "actorId" INTEGER,
    "actorName" VARCHAR(320) NOT NULL,
    "userId" INTEGER,
    "apiKeyId" INTEGER,
    "oauthAppId" INTEGER,
    "channel" "Channel" NOT NULL,
    "action" VARCHAR(100) NOT NULL,
    "resourceType" VARCHAR(50) NOT NULL,
    "resourceId" VARCHAR(64),
    "changes" JSONB NOT NULL DEFAULT '{}',
    "ip" VARCHAR(64),
    "userAgent" VARCHAR(512),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Membership_workspaceId_userId_key" ON "Membership"("workspaceId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "Invitation_tokenHash_key" ON "Invitation"("tokenHash");

-- CreateIndex
CREATE INDEX "Invitation_workspaceId_email_idx" ON "Invitation"("workspaceId", "email");

-- CreateIndex
CREATE INDEX "SlotPurchase_workspaceId_createdAt_idx" ON "SlotPurchase"("workspaceId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_tokenHash_key" ON "ApiKey"("tokenHash");

-- CreateIndex
CREATE INDEX "ApiKey_workspaceId_id_idx" ON "ApiKey"("workspaceId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "OAuthApp_clientId_key" ON "OAuthApp"("clientId");

-- CreateIndex
CREATE INDEX "OAuthApp_workspaceId_id_idx" ON "OAuthApp"("workspaceId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "OAuthToken_accessTokenHash_key" ON "OAuthToken"("accessTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "OAuthToken_refreshTokenHash_key" ON "OAuthToken"("refreshTokenHash");

-- CreateIndex
CREATE INDEX "OAuthToken_appId_idx" ON "OAuthToken"("appId");

-- CreateIndex
CREATE UNIQUE INDEX "OAuthAuthorizationCode_codeHash_key" ON "OAuthAuthorizationCode"("codeHash");

-- CreateIndex
CREATE INDEX "Project_workspaceId_id_idx" ON "Project"("workspaceId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Project_workspaceId_name_key" ON "Project"("workspaceId", "name");

-- CreateIndex
CREATE INDEX "Asset_workspaceId_id_idx" ON "Asset"("workspaceId", "id");

-- CreateIndex
CREATE INDEX "Asset_workspaceId_projectId_id_idx" ON "Asset"("workspaceId", "projectId", "id");

-- CreateIndex
CREATE INDEX "Asset_workspaceId_status_id_idx" ON "Asset"("workspaceId", "status", "id");

-- CreateIndex
CREATE INDEX "Asset_workspaceId_type_id_idx" ON "Asset"("workspaceId", "type", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Asset_workspaceId_type_value_key" ON "Asset"("workspaceId", "type", "value");

-- CreateIndex
CREATE INDEX "OwnershipProof_assetId_checkedAt_idx" ON "OwnershipProof"("assetId", "checkedAt");

-- CreateIndex
CREATE INDEX "ScanSchedule_workspaceId_id_idx" ON "ScanSchedule"("workspaceId", "id");

-- CreateIndex
CREATE INDEX "ScanSchedule_assetId_idx" ON "ScanSchedule"("assetId");

-- CreateIndex
CREATE INDEX "ScanSchedule_enabled_nextRunAt_idx" ON "ScanSchedule"("enabled", "nextRunAt");

-- CreateIndex
CREATE INDEX "Scan_workspaceId_id_idx" ON "Scan"("workspaceId", "id");

-- CreateIndex
CREATE INDEX "Scan_workspaceId_status_id_idx" ON "Scan"("workspaceId", "status", "id");

-- CreateIndex
CREATE INDEX "Scan_assetId_status_idx" ON "Scan"("assetId", "status");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_id_idx" ON "Issue"("workspaceId", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_status_severity_id_idx" ON "Issue"("workspaceId", "status", "severity", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_port_idx" ON "Issue"("workspaceId", "port");

-- CreateIndex
CREATE UNIQUE INDEX "Issue_assetId_kind_key" ON "Issue"("assetId", "kind");

-- CreateIndex
CREATE INDEX "Finding_workspaceId_id_idx" ON "Finding"("workspaceId", "id");

-- CreateIndex
CREATE INDEX "Finding_workspaceId_severity_id_idx" ON "Finding"("workspaceId", "severity", "id");

-- CreateIndex
CREATE INDEX "Finding_scanId_id_idx" ON "Finding"("scanId", "id");

-- CreateIndex
CREATE INDEX "Finding_issueId_idx" ON "Finding"("issueId");

-- CreateIndex
CREATE INDEX "Finding_assetId_idx" ON "Finding"("assetId");

-- CreateIndex
CREATE INDEX "IssueComment_issueId_id_idx" ON "IssueComment"("issueId", "id");

-- CreateIndex
CREATE INDEX "OpenPort_workspaceId_port_idx" ON "OpenPort"("workspaceId", "port");

-- CreateIndex
CREATE UNIQUE INDEX "OpenPort_assetId_port_protocol_key" ON "OpenPort"("assetId", "port", "protocol");

-- CreateIndex
CREATE INDEX "DiscoveredHostname_workspaceId_status_id_idx" ON "DiscoveredHostname"("workspaceId", "status", "id");

-- CreateIndex
CREATE INDEX "DiscoveredHostname_projectId_idx" ON "DiscoveredHostname"("projectId");

-- CreateIndex
CREATE UNIQUE INDEX "DiscoveredHostname_workspaceId_host_key" ON "DiscoveredHostname"("workspaceId", "host");

-- CreateIndex
CREATE UNIQUE INDEX "AssessmentReport_shareTokenHash_key" ON "AssessmentReport"("shareTokenHash");

-- CreateIndex
CREATE INDEX "AssessmentReport_workspaceId_id_idx" ON "AssessmentReport"("workspaceId", "id");

-- CreateIndex
CREATE INDEX "AssessmentReport_workspaceId_scopeType_scopeId_status_idx" ON "AssessmentReport"("workspaceId", "scopeType", "scopeId", "status");

-- CreateIndex
CREATE INDEX "AuditEntry_workspaceId_id_idx" ON "AuditEntry"("workspaceId", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_workspaceId_createdAt_idx" ON "AuditEntry"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEntry_workspaceId_action_id_idx" ON "AuditEntry"("workspaceId", "action", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_workspaceId_resourceType_resourceId_id_idx" ON "AuditEntry"("workspaceId", "resourceType", "resourceId", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_workspaceId_actorType_actorId_id_idx" ON "AuditEntry"("workspaceId", "actorType", "actorId", "id");

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Invitation" ADD CONSTRAINT "Invitation_invitedByUserId_fkey" FOREIGN KEY ("invitedByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SlotPurchase" ADD CONSTRAINT "SlotPurchase_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SlotPurchase" ADD CONSTRAINT "SlotPurchase_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthApp" ADD CONSTRAINT "OAuthApp_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthToken" ADD CONSTRAINT "OAuthToken_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthToken" ADD CONSTRAINT "OAuthToken_appId_fkey" FOREIGN KEY ("appId") REFERENCES "OAuthApp"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthToken" ADD CONSTRAINT "OAuthToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthAuthorizationCode" ADD CONSTRAINT "OAuthAuthorizationCode_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthAuthorizationCode" ADD CONSTRAINT "OAuthAuthorizationCode_appId_fkey" FOREIGN KEY ("appId") REFERENCES "OAuthApp"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OAuthAuthorizationCode" ADD CONSTRAINT "OAuthAuthorizationCode_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Project" ADD CONSTRAINT "Project_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Asset" ADD CONSTRAINT "Asset_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Asset" ADD CONSTRAINT "Asset_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OwnershipProof" ADD CONSTRAINT "OwnershipProof_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OwnershipProof" ADD CONSTRAINT "OwnershipProof_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScanSchedule" ADD CONSTRAINT "ScanSchedule_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScanSchedule" ADD CONSTRAINT "ScanSchedule_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Scan" ADD CONSTRAINT "Scan_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Scan" ADD CONSTRAINT "Scan_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Scan" ADD CONSTRAINT "Scan_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "ScanSchedule"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Scan" ADD CONSTRAINT "Scan_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Issue" ADD CONSTRAINT "Issue_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Issue" ADD CONSTRAINT "Issue_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Issue" ADD CONSTRAINT "Issue_assigneeUserId_fkey" FOREIGN KEY ("assigneeUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Finding" ADD CONSTRAINT "Finding_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Finding" ADD CONSTRAINT "Finding_scanId_fkey" FOREIGN KEY ("scanId") REFERENCES "Scan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Finding" ADD CONSTRAINT "Finding_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Finding" ADD CONSTRAINT "Finding_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueComment" ADD CONSTRAINT "IssueComment_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueComment" ADD CONSTRAINT "IssueComment_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueComment" ADD CONSTRAINT "IssueComment_authorUserId_fkey" FOREIGN KEY ("authorUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OpenPort" ADD CONSTRAINT "OpenPort_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OpenPort" ADD CONSTRAINT "OpenPort_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscoveredHostname" ADD CONSTRAINT "DiscoveredHostname_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscoveredHostname" ADD CONSTRAINT "DiscoveredHostname_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DiscoveredHostname" ADD CONSTRAINT "DiscoveredHostname_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssessmentReport" ADD CONSTRAINT "AssessmentReport_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssessmentReport" ADD CONSTRAINT "AssessmentReport_createdByUserId_fkey" FOREIGN KEY ("createdByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEntry" ADD CONSTRAINT "AuditEntry_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
