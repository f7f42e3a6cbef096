-- How sure each finding is, and the issue's latest (issue 27).
CREATE TYPE "Confidence" AS ENUM ('confirmed', 'firm', 'tentative');

ALTER TABLE "Finding" ADD COLUMN     "confidence" "Confidence" NOT NULL DEFAULT 'confirmed';

ALTER TABLE "Issue" ADD COLUMN     "confidence" "Confidence" NOT NULL DEFAULT 'confirmed';

-- Findings stored before: what the engine now says of the same findings (templates, nuclei and technologies named
-- from a page are firm; a vulnerability inferred from a version is tentative). Issues take their next finding's.
UPDATE "Finding" SET "confidence" = 'tentative' WHERE "scanner" = 'technologies' AND "kind" LIKE '%.vulnerable';
UPDATE "Finding" SET "confidence" = 'firm'
  WHERE "scanner" IN ('templates', 'nuclei') OR ("scanner" = 'technologies' AND "kind" NOT LIKE '%.vulnerable');
