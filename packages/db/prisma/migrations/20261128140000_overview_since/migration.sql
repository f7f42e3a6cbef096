-- The overview's "since your last visit" (docs/api.md, Overview): one row per person and workspace, and the index
-- that finds the hosts discovered since a moment.
-- CreateTable
CREATE TABLE "OverviewVisit" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "seenAt" TIMESTAMPTZ(3) NOT NULL,
    "windowFrom" TIMESTAMPTZ(3),

    CONSTRAINT "OverviewVisit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OverviewVisit_userId_idx" ON "OverviewVisit"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "OverviewVisit_workspaceId_userId_key" ON "OverviewVisit"("workspaceId", "userId");

-- CreateIndex
CREATE INDEX "DiscoveredHostname_workspaceId_firstSeenAt_idx" ON "DiscoveredHostname"("workspaceId", "firstSeenAt");

-- AddForeignKey
ALTER TABLE "OverviewVisit" ADD CONSTRAINT "OverviewVisit_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OverviewVisit" ADD CONSTRAINT "OverviewVisit_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
