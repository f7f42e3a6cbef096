-- No silent caps (issue 32): the caps that bit during a scan (which stage, which limit, what was left out, why). A scan
-- with any is partial; existing scans have none recorded.
ALTER TABLE "Scan" ADD COLUMN "caps" JSONB NOT NULL DEFAULT '[]';
