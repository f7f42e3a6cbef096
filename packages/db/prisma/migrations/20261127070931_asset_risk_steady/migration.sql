-- The back half of the vulnerable-assets ranking sorted every scored row of the workspace to find one page (a top-N
-- sort of all the rows after it). A row without young issues (openPerMs = 0; with dismissed issues, dismissedPerMs = 0
-- too) scores its ceiling at any time: these partial indexes hand such rows out in score order, with the ports the
-- page needs, and the rows still growing are found through the third and sorted alone (vulnerable-assets.ts).

-- CreateIndex
CREATE INDEX "AssetRisk_steady_open_idx" ON "AssetRisk"("workspaceId", "openCeiling", "assetId" DESC, "exposedPorts") WHERE ("openPerMs" = 0);

-- CreateIndex
CREATE INDEX "AssetRisk_steady_all_idx" ON "AssetRisk"("workspaceId", "allCeiling", "assetId" DESC, "exposedPorts") WHERE (("openPerMs" = 0) AND ("dismissedPerMs" = 0));

-- CreateIndex
CREATE INDEX "AssetRisk_growing_idx" ON "AssetRisk"("workspaceId") WHERE (("openPerMs" > 0) OR ("dismissedPerMs" > 0));
