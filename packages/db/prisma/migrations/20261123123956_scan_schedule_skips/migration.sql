-- CreateTable
CREATE TABLE "ScanScheduleSkip" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "scheduleId" INTEGER NOT NULL,
    "slotAt" TIMESTAMPTZ(3) NOT NULL,
    "reason" VARCHAR(40) NOT NULL,
    "message" VARCHAR(500) NOT NULL,
    "activeScanId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ScanScheduleSkip_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ScanScheduleSkip_workspaceId_id_idx" ON "ScanScheduleSkip"("workspaceId", "id");

-- CreateIndex
CREATE INDEX "ScanScheduleSkip_scheduleId_id_idx" ON "ScanScheduleSkip"("scheduleId", "id");

-- AddForeignKey
ALTER TABLE "ScanScheduleSkip" ADD CONSTRAINT "ScanScheduleSkip_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScanScheduleSkip" ADD CONSTRAINT "ScanScheduleSkip_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "ScanSchedule"("id") ON DELETE CASCADE ON UPDATE CASCADE;
