/*
  Warnings:

  - You are about to drop the column `auditEntryCount` on the `Workspace` table. All the data in the column will be lost.

*/
-- DropIndex
DROP INDEX "Finding_assetId_idx";

-- AlterTable
ALTER TABLE "Workspace" DROP COLUMN "auditEntryCount";

-- CreateTable
CREATE TABLE "WorkspaceTally" (
    "workspaceId" INTEGER NOT NULL,
    "shard" INTEGER NOT NULL,
    "counts" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "WorkspaceTally_pkey" PRIMARY KEY ("workspaceId","shard")
);

-- CreateIndex
CREATE INDEX "Finding_workspaceId_scanner_id_idx" ON "Finding"("workspaceId", "scanner", "id");

-- CreateIndex
CREATE INDEX "Finding_workspaceId_kind_id_idx" ON "Finding"("workspaceId", "kind", "id");

-- CreateIndex
CREATE INDEX "Finding_workspaceId_createdAt_idx" ON "Finding"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "Finding_assetId_id_idx" ON "Finding"("assetId", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_severity_id_idx" ON "Issue"("workspaceId", "severity", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_kind_severity_id_idx" ON "Issue"("workspaceId", "kind", "severity", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_assigneeUserId_severity_id_idx" ON "Issue"("workspaceId", "assigneeUserId", "severity", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_lastSeenAt_idx" ON "Issue"("workspaceId", "lastSeenAt");

-- AddForeignKey
ALTER TABLE "WorkspaceTally" ADD CONSTRAINT "WorkspaceTally_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Exact totals for the lists (X-Total-Count) without count(*) over a million rows. "Workspace"."auditEntryCount"
-- made every audited write in a workspace update (and hold until commit) the one workspace row; the tallies are
-- spread over 64 shard rows per workspace instead: a statement adds its rows' counts to the shard of its backend
-- (pg_backend_pid() % 64), so concurrent writers seldom share a row, and a transaction only ever holds one tally row
-- per workspace (every counter of a shard is in its one row), so writers cannot deadlock on them. A reader sums the
-- shards in one statement: the snapshot that sees a row sees its count, so totals stay exact under concurrent writes.

-- Adds delta (key → number) to the calling backend's shard of the workspace, if the workspace still exists (a
-- cascade from a deleted workspace has nothing left to count).
CREATE FUNCTION "tally_add"(ws integer, delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "WorkspaceTally" AS t ("workspaceId", shard, counts)
  SELECT ws, pg_backend_pid() % 64, delta WHERE EXISTS (SELECT 1 FROM "Workspace" WHERE id = ws)
  ON CONFLICT ("workspaceId", shard) DO UPDATE SET counts = (
    SELECT jsonb_object_agg(k, coalesce((t.counts ->> k)::bigint, 0) + coalesce((excluded.counts ->> k)::bigint, 0))
    FROM (SELECT jsonb_object_keys(t.counts) UNION SELECT jsonb_object_keys(excluded.counts)) keys(k))
$$;

-- The keys a row counts under: its table's total and the filters that can match most of a large table.
CREATE FUNCTION "tally_keys_finding"(f "Finding") RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['findings', 'findings.severity.' || f.severity, 'findings.scanner.' || f.scanner]
$$;
CREATE FUNCTION "tally_keys_issue"(i "Issue") RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['issues']
$$;
CREATE FUNCTION "tally_keys_audit"(a "AuditEntry") RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['audit', 'audit.actorType.' || a."actorType", 'audit.action.' || a.action,
    'audit.resourceType.' || a."resourceType"]
$$;

-- One statement-level trigger function for every counted table: TG_ARGV[0] names the keys function. Updates count
-- as the old rows leaving and the new ones arriving (only the keys that changed end up non-zero).
CREATE FUNCTION "tally_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text := format('%I(r)', TG_ARGV[0]);
  parts text[] := '{}';
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    parts := parts || format('SELECT r."workspaceId", k, 1 AS n FROM new_rows r, unnest(%s) k', keys);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    parts := parts || format('SELECT r."workspaceId", k, -1 AS n FROM old_rows r, unnest(%s) k', keys);
  END IF;
  EXECUTE format(
    'SELECT tally_add(ws, delta) FROM (SELECT ws, jsonb_object_agg(k, n) AS delta FROM (
       SELECT "workspaceId" AS ws, k, sum(n) AS n FROM (%s) c GROUP BY 1, 2 HAVING sum(n) <> 0) s
     GROUP BY ws ORDER BY ws) d', array_to_string(parts, ' UNION ALL '));
  RETURN NULL;
END $$;

CREATE TRIGGER "tally_insert" AFTER INSERT ON "Finding" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"('tally_keys_finding');
CREATE TRIGGER "tally_update" AFTER UPDATE ON "Finding" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"('tally_keys_finding');
CREATE TRIGGER "tally_delete" AFTER DELETE ON "Finding" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"('tally_keys_finding');
CREATE TRIGGER "tally_insert" AFTER INSERT ON "Issue" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"('tally_keys_issue');
CREATE TRIGGER "tally_delete" AFTER DELETE ON "Issue" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"('tally_keys_issue');
CREATE TRIGGER "tally_insert" AFTER INSERT ON "AuditEntry" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"('tally_keys_audit');
CREATE TRIGGER "tally_delete" AFTER DELETE ON "AuditEntry" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"('tally_keys_audit');

DROP TRIGGER "audit_count_insert" ON "AuditEntry";
DROP TRIGGER "audit_count_delete" ON "AuditEntry";
DROP FUNCTION "audit_count_insert"();
DROP FUNCTION "audit_count_delete"();

-- What is there already, in shard 0.
INSERT INTO "WorkspaceTally" ("workspaceId", shard, counts)
SELECT ws, 0, jsonb_object_agg(k, n) FROM (
  SELECT "workspaceId" AS ws, k, count(*) AS n FROM (
    SELECT f."workspaceId", k FROM "Finding" f, unnest("tally_keys_finding"(f)) k
    UNION ALL SELECT i."workspaceId", k FROM "Issue" i, unnest("tally_keys_issue"(i)) k
    UNION ALL SELECT a."workspaceId", k FROM "AuditEntry" a, unnest("tally_keys_audit"(a)) k) c
  GROUP BY 1, 2) s
GROUP BY ws;
