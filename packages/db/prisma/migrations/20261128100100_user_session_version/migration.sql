-- A password change ends the person's other dashboard sessions: each session carries the version it was signed in
-- at, and every dashboard request compares it with this one (docs/api.md, Dashboard sessions).

-- AlterTable
ALTER TABLE "User" ADD COLUMN "sessionVersion" INTEGER NOT NULL DEFAULT 0;
