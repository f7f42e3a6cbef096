-- AlterTable
ALTER TABLE "AssessmentReport" ADD COLUMN     "shareViewCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "shareViewedAt" TIMESTAMPTZ(3);
