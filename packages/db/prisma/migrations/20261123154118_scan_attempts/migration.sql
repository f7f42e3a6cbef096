-- AlterTable
ALTER TABLE "Scan" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "retryReason" TEXT;

-- Scans that already started ran once.
UPDATE "Scan" SET "attempts" = 1 WHERE "startedAt" IS NOT NULL;
