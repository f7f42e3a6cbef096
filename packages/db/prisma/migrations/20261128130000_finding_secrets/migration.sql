-- Issue 29, secrets masked (docs/api.md, Secrets in evidence): evidence is stored masked; the clear value of each
-- secret it held is kept here, apart, for the audited reveal.
-- CreateTable
CREATE TABLE "FindingSecret" (
    "findingId" INTEGER NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "label" VARCHAR(200) NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "FindingSecret_pkey" PRIMARY KEY ("findingId","ordinal")
);

-- CreateIndex
CREATE INDEX "FindingSecret_workspaceId_idx" ON "FindingSecret"("workspaceId");

-- AddForeignKey
ALTER TABLE "FindingSecret" ADD CONSTRAINT "FindingSecret_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FindingSecret" ADD CONSTRAINT "FindingSecret_findingId_fkey" FOREIGN KEY ("findingId") REFERENCES "Finding"("id") ON DELETE CASCADE ON UPDATE CASCADE;
