-- A resolver that refuses one record type costs the check that type only: the asset keeps what the check went on
-- without (checkWarnings), and an ownership attempt whose record could not be looked up is no verdict
-- (inconclusive: "could not check, try again").

-- AlterTable
ALTER TABLE "Asset" ADD COLUMN "checkWarnings" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AlterTable
ALTER TABLE "OwnershipProof" ADD COLUMN "inconclusive" BOOLEAN NOT NULL DEFAULT false;
