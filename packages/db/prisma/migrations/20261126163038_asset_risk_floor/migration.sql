-- A page in the back half of the vulnerable-assets ranking sorted every row after it. Each "AssetRisk" row now also
-- keeps the least score × cap it has while valid (its floor, at validFrom, which is never before the row's refresh;
-- packages/core/src/reports/asset-risk.ts), indexed, so that such a page reads the rows of lowest floor only.

-- AlterTable
ALTER TABLE "AssetRisk" ADD COLUMN     "allFloor" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "openFloor" BIGINT NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "AssetRisk_workspaceId_openFloor_idx" ON "AssetRisk"("workspaceId", "openFloor");

-- CreateIndex
CREATE INDEX "AssetRisk_workspaceId_allFloor_idx" ON "AssetRisk"("workspaceId", "allFloor");

-- Every existing row is marked: readers compute those assets from their issues until the next refresh (a minute)
-- writes their floors and moves their validFrom to the refresh, as for any other change.
INSERT INTO "AssetRiskDirty" ("workspaceId", "assetId") SELECT "workspaceId", "assetId" FROM "AssetRisk";
