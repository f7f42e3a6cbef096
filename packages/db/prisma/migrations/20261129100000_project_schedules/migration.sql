-- Schedules for a project (issue 30, item 3): a schedule targets one asset or one project, exactly one of them; a
-- project schedule's skips name the asset they did not scan.
ALTER TABLE "ScanSchedule" ALTER COLUMN "assetId" DROP NOT NULL;
ALTER TABLE "ScanSchedule" ADD COLUMN "projectId" INTEGER;
-- Exactly one target, held by a trigger rather than a CHECK constraint: Prisma's WebAssembly schema engine (our
-- migrate:dev) cannot read CHECK constraints back (it decodes their "char" type and panics).
CREATE FUNCTION scan_schedule_one_target() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."assetId" IS NULL) = (NEW."projectId" IS NULL) THEN
    RAISE EXCEPTION 'a scan schedule targets exactly one of an asset and a project' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER scan_schedule_one_target BEFORE INSERT OR UPDATE OF "assetId", "projectId" ON "ScanSchedule"
  FOR EACH ROW EXECUTE FUNCTION scan_schedule_one_target();
CREATE INDEX "ScanSchedule_projectId_idx" ON "ScanSchedule"("projectId");
ALTER TABLE "ScanSchedule" ADD CONSTRAINT "ScanSchedule_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "ScanScheduleSkip" ADD COLUMN "assetId" INTEGER;
ALTER TABLE "ScanScheduleSkip" ADD CONSTRAINT "ScanScheduleSkip_assetId_fkey" FOREIGN KEY ("assetId") REFERENCES "Asset"("id") ON DELETE SET NULL ON UPDATE CASCADE;
