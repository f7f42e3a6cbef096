-- Schedules for a project (issue 30, item 3): a schedule targets one asset or one project, exactly one of them; a
-- project schedule's skips name the asset they did not scan.
ALTER TABLE "ScanSchedule" ALTER COLUMN "assetId" DROP NOT NULL;
ALTER TABLE "ScanSchedule" ADD COLUMN "projectId" INTEGER;
ALTER TABLE "ScanSchedule" ADD CONSTRAINT "ScanSchedule_one_target" CHECK (("assetId" IS NULL) <> ("projectId" IS NULL));
CREATE INDEX "ScanSchedule_projectId_idx" ON "ScanSchedule"("projectId");
ALTER TABLE "ScanSchedule" ADD CONSTRAINT "ScanSchedule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "ScanScheduleSkip" ADD COLUMN "assetId" INTEGER;
ALTER TABLE "ScanScheduleSkip" ADD CONSTRAINT "ScanScheduleSkip_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE SET NULL ON UPDATE CASCADE;
