-- AlterTable
ALTER TABLE "Asset" ADD COLUMN     "checkAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "screenshotError" TEXT;
