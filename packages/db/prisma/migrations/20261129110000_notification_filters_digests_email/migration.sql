-- Notifications people keep on (issue 30, item 5): per-endpoint minimum severity, digest delivery (events held
-- until their UTC hour or day closes, one digest per endpoint and period), e-mail endpoints and workspace SMTP settings.

-- CreateEnum
CREATE TYPE "WebhookDeliveryMode" AS ENUM ('immediate', 'hourly', 'daily');

-- CreateEnum
CREATE TYPE "WebhookChannel" AS ENUM ('webhook', 'email');

-- CreateEnum
CREATE TYPE "SmtpSecurity" AS ENUM ('tls', 'starttls', 'none');

-- AlterTable
ALTER TABLE "Invitation" ADD COLUMN     "emailError" VARCHAR(500),
ADD COLUMN     "emailStatus" VARCHAR(16);

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "digestPeriodStart" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "channel" "WebhookChannel" NOT NULL DEFAULT 'webhook',
ADD COLUMN     "delivery" "WebhookDeliveryMode" NOT NULL DEFAULT 'immediate',
ADD COLUMN     "minSeverity" "Severity" NOT NULL DEFAULT 'info',
ADD COLUMN     "recipients" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "WebhookHeldEvent" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "endpointId" INTEGER NOT NULL,
    "eventType" VARCHAR(64) NOT NULL,
    "severity" "Severity",
    "payload" JSONB NOT NULL,
    "periodStart" TIMESTAMPTZ(3) NOT NULL,
    "periodEnd" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookHeldEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SmtpSettings" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "host" VARCHAR(253) NOT NULL,
    "port" INTEGER NOT NULL,
    "security" "SmtpSecurity" NOT NULL DEFAULT 'starttls',
    "username" VARCHAR(320),
    "password" VARCHAR(500),
    "fromAddress" VARCHAR(320) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SmtpSettings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WebhookHeldEvent_endpointId_periodStart_id_idx" ON "WebhookHeldEvent"("endpointId", "periodStart", "id");

-- CreateIndex
CREATE INDEX "WebhookHeldEvent_periodEnd_endpointId_idx" ON "WebhookHeldEvent"("periodEnd", "endpointId");

-- CreateIndex
CREATE UNIQUE INDEX "SmtpSettings_workspaceId_key" ON "SmtpSettings"("workspaceId");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_endpointId_digestPeriodStart_key" ON "WebhookDelivery"("endpointId", "digestPeriodStart");

-- AddForeignKey
ALTER TABLE "WebhookHeldEvent" ADD CONSTRAINT "WebhookHeldEvent_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookHeldEvent" ADD CONSTRAINT "WebhookHeldEvent_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SmtpSettings" ADD CONSTRAINT "SmtpSettings_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

