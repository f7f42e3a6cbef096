-- The vulnerable-assets ranking scored every "AssetRisk" row of the workspace per request to find its first page.
-- Each row now keeps the highest score × cap it reaches while valid (its ceiling, packages/core/src/reports/
-- asset-risk.ts), indexed, so that a first page reads the rows of highest ceiling only (vulnerable-assets.ts).

-- AlterTable
ALTER TABLE "AssetRisk" ADD COLUMN     "allCeiling" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "openCeiling" BIGINT NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "AssetRisk_workspaceId_openCeiling_idx" ON "AssetRisk"("workspaceId", "openCeiling" DESC);

-- CreateIndex
CREATE INDEX "AssetRisk_workspaceId_allCeiling_idx" ON "AssetRisk"("workspaceId", "allCeiling" DESC);

-- Every existing row is marked: readers compute those assets from their issues until the next refresh (a minute)
-- writes their ceilings, as for any other change.
INSERT INTO "AssetRiskDirty" ("workspaceId", "assetId") SELECT "workspaceId", "assetId" FROM "AssetRisk";
