-- DropIndex
DROP INDEX "IssueEvent_workspaceId_at_toStatus_fromStatus_severity_issu_idx";

-- AlterTable
ALTER TABLE "IssueEvent" ADD COLUMN     "issueDismissed" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "IssueDayCount" (
    "id" BIGSERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "severity" "Severity" NOT NULL,
    "issueDismissed" BOOLEAN NOT NULL,
    "opened" INTEGER NOT NULL,
    "resolved" INTEGER NOT NULL,
    "reopened" INTEGER NOT NULL,
    "dismissed" INTEGER NOT NULL,
    "openDelta" INTEGER NOT NULL,
    "openDeltaWithDismissed" INTEGER NOT NULL,
    "compacted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "IssueDayCount_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IssueDayCount_workspaceId_day_idx" ON "IssueDayCount"("workspaceId", "day");

-- CreateIndex
CREATE INDEX "IssueDayCount_compacted_workspaceId_day_severity_issueDismi_idx" ON "IssueDayCount"("compacted", "workspaceId", "day", "severity", "issueDismissed");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_severity_firstSeenAt_status_resolvedAt_idx" ON "Issue"("workspaceId", "severity", "firstSeenAt", "status", "resolvedAt");

-- CreateIndex
CREATE INDEX "IssueEvent_workspaceId_at_toStatus_fromStatus_severity_issu_idx" ON "IssueEvent"("workspaceId", "at", "toStatus", "fromStatus", "severity", "issueId", "assetId", "firstSeenAt", "issueDismissed");

-- CreateIndex
CREATE INDEX "IssueEvent_workspaceId_toStatus_at_severity_firstSeenAt_iss_idx" ON "IssueEvent"("workspaceId", "toStatus", "at", "severity", "firstSeenAt", "issueDismissed", "assetId");

-- Backfill the flag: the events of issues dismissed now.
UPDATE "IssueEvent" e SET "issueDismissed" = true
FROM "Issue" i WHERE i.id = e."issueId" AND i.status = 'dismissed';

-- The events trigger (20261123150912_reports_and_sla) now also writes the flag, and keeps it current on the issue's
-- earlier events when it is dismissed or comes back, in the same update that keeps their severity current.
CREATE OR REPLACE FUNCTION "issue_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_at timestamptz := CASE NEW.status
    WHEN 'resolved' THEN NEW."resolvedAt"
    WHEN 'dismissed' THEN NEW."dismissedAt"
  END;
  dismissed_now boolean := NEW.status = 'dismissed';
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "IssueEvent"
      ("workspaceId", "issueId", "assetId", severity, "firstSeenAt", "fromStatus", "toStatus", "at", "issueDismissed")
    VALUES (NEW."workspaceId", NEW.id, NEW."assetId", NEW.severity, NEW."firstSeenAt", NULL, 'open', NEW."firstSeenAt",
      dismissed_now);
    IF NEW.status <> 'open' THEN
      INSERT INTO "IssueEvent"
        ("workspaceId", "issueId", "assetId", severity, "firstSeenAt", "fromStatus", "toStatus", "at", "issueDismissed")
      VALUES (NEW."workspaceId", NEW.id, NEW."assetId", NEW.severity, NEW."firstSeenAt", 'open', NEW.status,
        coalesce(changed_at, NEW."updatedAt"), dismissed_now);
    END IF;
    RETURN NULL;
  END IF;
  IF NEW.severity IS DISTINCT FROM OLD.severity OR dismissed_now IS DISTINCT FROM (OLD.status = 'dismissed') THEN
    UPDATE "IssueEvent" SET severity = NEW.severity, "issueDismissed" = dismissed_now WHERE "issueId" = NEW.id;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    IF changed_at IS NULL AND NEW."updatedAt" IS DISTINCT FROM OLD."updatedAt" THEN
      changed_at := NEW."updatedAt";
    END IF;
    INSERT INTO "IssueEvent"
      ("workspaceId", "issueId", "assetId", severity, "firstSeenAt", "fromStatus", "toStatus", "at", "issueDismissed")
    VALUES (NEW."workspaceId", NEW.id, NEW."assetId", NEW.severity, NEW."firstSeenAt", OLD.status, NEW.status,
      coalesce(changed_at, now()), dismissed_now);
  END IF;
  RETURN NULL;
END $$;

-- What events added (+1) and taken away (-1) contribute to "IssueDayCount", one row per key. Reopened: back to open
-- or in progress from resolved or dismissed. The two deltas: the change of the open count (open, in progress), and
-- the same counting dismissed issues as open.
CREATE FUNCTION "issue_day_count_rows"(added "IssueEvent"[], removed "IssueEvent"[])
RETURNS TABLE ("workspaceId" int, day date, severity "Severity", "issueDismissed" boolean, opened int, resolved int,
  reopened int, dismissed int, "openDelta" int, "openDeltaWithDismissed" int)
LANGUAGE sql IMMUTABLE AS $$
  SELECT * FROM (SELECT e."workspaceId", (e.at AT TIME ZONE 'UTC')::date, e.severity, e."issueDismissed",
    sum(e.sign * (e."fromStatus" IS NULL)::int)::int,
    sum(e.sign * (e."toStatus" = 'resolved')::int)::int,
    sum(e.sign * coalesce(e."fromStatus" IN ('resolved', 'dismissed') AND e."toStatus" IN ('open', 'in-progress'),
      false)::int)::int,
    sum(e.sign * (e."toStatus" = 'dismissed')::int)::int,
    sum(e.sign * ((e."toStatus" IN ('open', 'in-progress'))::int
      - coalesce((e."fromStatus" IN ('open', 'in-progress'))::int, 0)))::int,
    sum(e.sign * ((e."toStatus" IN ('open', 'in-progress', 'dismissed'))::int
      - coalesce((e."fromStatus" IN ('open', 'in-progress', 'dismissed'))::int, 0)))::int
  FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) e
  GROUP BY 1, 2, 3, 4) c (w, d, s, f, opened, resolved, reopened, dismissed, delta, "deltaWithDismissed")
  WHERE (opened, resolved, reopened, dismissed, delta, "deltaWithDismissed") <> (0, 0, 0, 0, 0, 0)
$$;

-- Every statement that adds, changes or removes events (a new issue, a status change, a severity change or dismissal
-- copied to the issue's events, a deleted issue or asset or workspace) inserts what it did to the counts: inserts
-- only, so concurrent writers never wait on one another, and the counts change in the writer's own transaction.
CREATE FUNCTION "issue_day_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added "IssueEvent"[];
  removed "IssueEvent"[];
BEGIN
  IF TG_OP <> 'DELETE' THEN SELECT array_agg(n) INTO added FROM new_events n; END IF;
  IF TG_OP <> 'INSERT' THEN SELECT array_agg(o) INTO removed FROM old_events o; END IF;
  INSERT INTO "IssueDayCount" ("workspaceId", day, severity, "issueDismissed", opened, resolved, reopened, dismissed,
    "openDelta", "openDeltaWithDismissed")
  SELECT * FROM "issue_day_count_rows"(added, removed);
  RETURN NULL;
END $$;

CREATE TRIGGER "issue_day_counts_insert" AFTER INSERT ON "IssueEvent"
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "issue_day_counts"();
CREATE TRIGGER "issue_day_counts_update" AFTER UPDATE ON "IssueEvent"
  REFERENCING OLD TABLE AS old_events NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "issue_day_counts"();
CREATE TRIGGER "issue_day_counts_delete" AFTER DELETE ON "IssueEvent"
  REFERENCING OLD TABLE AS old_events FOR EACH STATEMENT EXECUTE FUNCTION "issue_day_counts"();

-- Folds each key's rows into one, for up to max_keys keys that have rows not folded yet; returns how many keys it
-- folded. Exact beside concurrent writers and other compactions: it inserts the sum of exactly the rows its delete
-- removed (a row another compaction removed first is skipped by the delete, so it is summed once).
CREATE FUNCTION "compact_issue_day_counts"(max_keys int) RETURNS int LANGUAGE sql AS $$
  WITH keys AS (
    SELECT DISTINCT "workspaceId", day, severity, "issueDismissed" FROM "IssueDayCount" WHERE NOT compacted
    LIMIT max_keys
  ), folded AS (
    DELETE FROM "IssueDayCount" c USING keys k
    WHERE c."workspaceId" = k."workspaceId" AND c.day = k.day AND c.severity = k.severity
      AND c."issueDismissed" = k."issueDismissed"
    RETURNING c.*
  ), kept AS (
    INSERT INTO "IssueDayCount" ("workspaceId", day, severity, "issueDismissed", opened, resolved, reopened,
      dismissed, "openDelta", "openDeltaWithDismissed", compacted)
    SELECT "workspaceId", day, severity, "issueDismissed", sum(opened), sum(resolved), sum(reopened), sum(dismissed),
      sum("openDelta"), sum("openDeltaWithDismissed"), true
    FROM folded GROUP BY 1, 2, 3, 4
    HAVING (sum(opened), sum(resolved), sum(reopened), sum(dismissed), sum("openDelta"),
      sum("openDeltaWithDismissed")) <> (0, 0, 0, 0, 0, 0)
  )
  SELECT count(*)::int FROM keys
$$;

-- Backfill from every event there is, folded: a day's events at a time.
INSERT INTO "IssueDayCount" ("workspaceId", day, severity, "issueDismissed", opened, resolved, reopened, dismissed,
  "openDelta", "openDeltaWithDismissed", compacted)
SELECT c.*, true
FROM (SELECT DISTINCT "workspaceId", (at AT TIME ZONE 'UTC')::date AS day FROM "IssueEvent") d
CROSS JOIN LATERAL "issue_day_count_rows"(
  (SELECT array_agg(e) FROM "IssueEvent" e WHERE e."workspaceId" = d."workspaceId"
     AND e.at >= d.day::timestamp AT TIME ZONE 'UTC' AND e.at < (d.day + 1)::timestamp AT TIME ZONE 'UTC'),
  NULL) c;
