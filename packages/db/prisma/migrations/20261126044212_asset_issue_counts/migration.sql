-- CreateTable
CREATE TABLE "AssetIssueCount" (
    "id" BIGSERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "assetId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "issueDismissed" BOOLEAN NOT NULL,
    "critical" INTEGER NOT NULL,
    "high" INTEGER NOT NULL,
    "medium" INTEGER NOT NULL,
    "low" INTEGER NOT NULL,
    "info" INTEGER NOT NULL,
    "criticalSeen" BIGINT NOT NULL,
    "highSeen" BIGINT NOT NULL,
    "mediumSeen" BIGINT NOT NULL,
    "lowSeen" BIGINT NOT NULL,
    "infoSeen" BIGINT NOT NULL,
    "compacted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "AssetIssueCount_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AssetIssueCount_workspaceId_assetId_idx" ON "AssetIssueCount"("workspaceId", "assetId");

-- CreateIndex
CREATE INDEX "AssetIssueCount_compacted_workspaceId_assetId_day_issueDism_idx" ON "AssetIssueCount"("compacted", "workspaceId", "assetId", "day", "issueDismissed");

-- CreateIndex
CREATE INDEX "AssetIssueCount_day_idx" ON "AssetIssueCount"("day");

-- The SLA report's ranges carry the asset (project overrides, the project filter) and stay index-only.
-- DropIndex
DROP INDEX "Issue_workspaceId_severity_firstSeenAt_status_resolvedAt_idx";

-- CreateIndex
CREATE INDEX "Issue_workspaceId_severity_firstSeenAt_status_resolvedAt_as_idx" ON "Issue"("workspaceId", "severity", "firstSeenAt", "status", "resolvedAt", "assetId");

-- What a set of issue rows adds to "AssetIssueCount" (sign +1 for rows that arrived, -1 for rows that left), as the
-- text of an INSERT over `source`, a query giving sign, "workspaceId", "assetId", "firstSeenAt", severity, status.
-- One definition for the trigger (over its transition tables, which only its own statements can see) and the
-- backfill. Only open, in-progress and dismissed issues count; keys whose change sums to nothing are left out.
CREATE FUNCTION "asset_issue_counts_insert"(source text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($f$
    INSERT INTO "AssetIssueCount" ("workspaceId", "assetId", day, "issueDismissed", critical, high, medium, low, info,
      "criticalSeen", "highSeen", "mediumSeen", "lowSeen", "infoSeen")
    SELECT * FROM (
      SELECT i."workspaceId", i."assetId", (i."firstSeenAt" AT TIME ZONE 'UTC')::date, i.status = 'dismissed',
        sum(i.sign * (i.severity = 'critical')::int)::int, sum(i.sign * (i.severity = 'high')::int)::int,
        sum(i.sign * (i.severity = 'medium')::int)::int, sum(i.sign * (i.severity = 'low')::int)::int,
        sum(i.sign * (i.severity = 'info')::int)::int,
        sum(i.sign * (i.severity = 'critical')::int * i.ms)::bigint,
        sum(i.sign * (i.severity = 'high')::int * i.ms)::bigint,
        sum(i.sign * (i.severity = 'medium')::int * i.ms)::bigint,
        sum(i.sign * (i.severity = 'low')::int * i.ms)::bigint,
        sum(i.sign * (i.severity = 'info')::int * i.ms)::bigint
      FROM (SELECT s.*, (extract(epoch FROM s."firstSeenAt") * 1000)::bigint AS ms FROM (%s) s
            WHERE s.status IN ('open', 'in-progress', 'dismissed')) i
      GROUP BY 1, 2, 3, 4) c (w, a, d, f, c1, c2, c3, c4, c5, s1, s2, s3, s4, s5)
    WHERE (c1, c2, c3, c4, c5, s1, s2, s3, s4, s5) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)$f$, source)
$$;

-- Every statement that adds, changes or removes issues (a scan's sync, a status or severity change, a deleted asset
-- or workspace) inserts what it did to the counts: inserts only, so concurrent writers never wait on one another,
-- and the counts change in the writer's own transaction.
CREATE FUNCTION "asset_issue_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'SELECT %s AS sign, "workspaceId", "assetId", "firstSeenAt", severity, status FROM %s';
BEGIN
  EXECUTE "asset_issue_counts_insert"(CASE TG_OP
    WHEN 'INSERT' THEN format(cols, 1, 'new_rows')
    WHEN 'DELETE' THEN format(cols, -1, 'old_rows')
    ELSE format(cols, 1, 'new_rows') || ' UNION ALL ' || format(cols, -1, 'old_rows') END);
  RETURN NULL;
END $$;

CREATE TRIGGER "asset_issue_counts_insert" AFTER INSERT ON "Issue"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "asset_issue_counts"();
CREATE TRIGGER "asset_issue_counts_update" AFTER UPDATE ON "Issue"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "asset_issue_counts"();
CREATE TRIGGER "asset_issue_counts_delete" AFTER DELETE ON "Issue"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "asset_issue_counts"();

-- Folds each key's rows into one, for up to max_keys keys that have rows not folded yet or days before old_before
-- (the caller's age cap, with a day to spare: their weight is constant), which fold into the asset's day
-- 1970-01-01; returns how many keys it folded. Exact beside concurrent writers and other compactions: it inserts the
-- sum of exactly the rows its delete removed.
CREATE FUNCTION "compact_asset_issue_counts"(max_keys int, old_before date) RETURNS int LANGUAGE sql AS $$
  WITH keys AS (
    SELECT DISTINCT "workspaceId", "assetId", CASE WHEN day < old_before THEN DATE '1970-01-01' ELSE day END AS day,
      "issueDismissed"
    FROM "AssetIssueCount" WHERE NOT compacted OR (day > DATE '1970-01-01' AND day < old_before)
    LIMIT max_keys
  ), folded AS (
    DELETE FROM "AssetIssueCount" c USING keys k
    WHERE c."workspaceId" = k."workspaceId" AND c."assetId" = k."assetId" AND c."issueDismissed" = k."issueDismissed"
      AND CASE WHEN c.day < old_before THEN DATE '1970-01-01' ELSE c.day END = k.day
    RETURNING c.*
  ), kept AS (
    INSERT INTO "AssetIssueCount" ("workspaceId", "assetId", day, "issueDismissed", critical, high, medium, low, info,
      "criticalSeen", "highSeen", "mediumSeen", "lowSeen", "infoSeen", compacted)
    SELECT "workspaceId", "assetId", CASE WHEN day < old_before THEN DATE '1970-01-01' ELSE day END,
      "issueDismissed", sum(critical), sum(high), sum(medium), sum(low), sum(info), sum("criticalSeen"),
      sum("highSeen"), sum("mediumSeen"), sum("lowSeen"), sum("infoSeen"), true
    FROM folded GROUP BY 1, 2, 3, 4
    HAVING (sum(critical), sum(high), sum(medium), sum(low), sum(info), sum("criticalSeen"), sum("highSeen"),
      sum("mediumSeen"), sum("lowSeen"), sum("infoSeen")) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  )
  SELECT count(*)::int FROM keys
$$;

-- Backfill from every issue there is (the workers fold it).
DO $$ BEGIN
  EXECUTE "asset_issue_counts_insert"(
    'SELECT 1 AS sign, "workspaceId", "assetId", "firstSeenAt", severity, status FROM "Issue"');
END $$;
