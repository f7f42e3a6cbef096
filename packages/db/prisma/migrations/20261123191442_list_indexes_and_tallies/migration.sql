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
CREATE INDEX "AuditEntry_workspaceId_actorId_id_idx" ON "AuditEntry"("workspaceId", "actorId", "id");

-- CreateIndex
CREATE INDEX "Finding_workspaceId_scanner_id_idx" ON "Finding"("workspaceId", "scanner", "id");

-- CreateIndex
CREATE INDEX "Finding_workspaceId_kind_id_idx" ON "Finding"("workspaceId", "kind", "id");

-- CreateIndex
CREATE INDEX "Finding_workspaceId_createdAt_idx" ON "Finding"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "Finding_assetId_workspaceId_id_idx" ON "Finding"("assetId", "workspaceId", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_kind_severity_id_idx" ON "Issue"("workspaceId", "kind", "severity", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_assigneeUserId_severity_id_idx" ON "Issue"("workspaceId", "assigneeUserId", "severity", "id");

-- CreateIndex
CREATE INDEX "Issue_assetId_workspaceId_severity_id_idx" ON "Issue"("assetId", "workspaceId", "severity", "id");

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
  SELECT ARRAY['issues', 'issues.severity.' || i.severity, 'issues.status.' || i.status]
$$;
CREATE FUNCTION "tally_keys_audit"(a "AuditEntry") RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['audit', 'audit.actorType.' || a."actorType", 'audit.action.' || a.action,
    'audit.resourceType.' || a."resourceType"]
$$;
CREATE FUNCTION "tally_keys_asset"(a "Asset") RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['assets', 'assets.type.' || a.type, 'assets.status.' || a.status]
$$;
CREATE FUNCTION "tally_keys_scan"(s "Scan") RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['scans', 'scans.status.' || s.status]
$$;
CREATE FUNCTION "tally_keys_host"(h "DiscoveredHostname") RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['hosts', 'hosts.status.' || h.status, 'hosts.resolves.' || (h.resolves IS NOT NULL)]
    || array(SELECT DISTINCT 'hosts.source.' || s FROM unnest(h.sources) s)
$$;
CREATE FUNCTION "tally_keys_delivery"(d "WebhookDelivery") RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['deliveries.' || d."endpointId", 'deliveries.' || d."endpointId" || '.status.' || d.status]
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

-- Every counted table gets the three triggers (an update can move a row from one key to another).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['Finding:finding', 'Issue:issue', 'AuditEntry:audit', 'Asset:asset', 'Scan:scan',
    'DiscoveredHostname:host', 'WebhookDelivery:delivery'] LOOP
    EXECUTE format('CREATE TRIGGER "tally_insert" AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"(%L)', split_part(t, ':', 1), 'tally_keys_' || split_part(t, ':', 2));
    EXECUTE format('CREATE TRIGGER "tally_update" AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows
      NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"(%L)', split_part(t, ':', 1),
      'tally_keys_' || split_part(t, ':', 2));
    EXECUTE format('CREATE TRIGGER "tally_delete" AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "tally_rows"(%L)', split_part(t, ':', 1), 'tally_keys_' || split_part(t, ':', 2));
  END LOOP;
END $$;

DROP TRIGGER "audit_count_insert" ON "AuditEntry";
DROP TRIGGER "audit_count_delete" ON "AuditEntry";
DROP FUNCTION "audit_count_insert"();
DROP FUNCTION "audit_count_delete"();

-- What is there already, in shard 0.
INSERT INTO "WorkspaceTally" ("workspaceId", shard, counts)
SELECT ws, 0, jsonb_object_agg(k, n) FROM (
  SELECT "workspaceId" AS ws, k, count(*) AS n FROM (
    SELECT r."workspaceId", k FROM "Finding" r, unnest("tally_keys_finding"(r)) k
    UNION ALL SELECT r."workspaceId", k FROM "Issue" r, unnest("tally_keys_issue"(r)) k
    UNION ALL SELECT r."workspaceId", k FROM "AuditEntry" r, unnest("tally_keys_audit"(r)) k
    UNION ALL SELECT r."workspaceId", k FROM "Asset" r, unnest("tally_keys_asset"(r)) k
    UNION ALL SELECT r."workspaceId", k FROM "Scan" r, unnest("tally_keys_scan"(r)) k
    UNION ALL SELECT r."workspaceId", k FROM "DiscoveredHostname" r, unnest("tally_keys_host"(r)) k
    UNION ALL SELECT r."workspaceId", k FROM "WebhookDelivery" r, unnest("tally_keys_delivery"(r)) k) c
  GROUP BY 1, 2) s
GROUP BY ws;
