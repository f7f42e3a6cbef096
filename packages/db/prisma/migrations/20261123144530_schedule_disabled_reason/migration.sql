-- AlterTable
ALTER TABLE "ScanSchedule" ADD COLUMN     "disabledReason" VARCHAR(500);
