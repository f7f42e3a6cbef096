-- Lists filtered by project (`?projectId=` on findings, issues and scans) counted every matching row through a join
-- with "Asset" (50,000 findings of a project: ~70 ms). Each of those rows now carries its asset's project, kept by
-- triggers, so the filter reads one index and the exact total comes from the workspace tallies; and the open-port
-- counts per port and severity are tallied too (GET /app/ports read every open-port issue to count them).

-- AlterTable
ALTER TABLE "Finding" ADD COLUMN     "projectId" INTEGER;

-- AlterTable
ALTER TABLE "Issue" ADD COLUMN     "projectId" INTEGER;

-- AlterTable
ALTER TABLE "Scan" ADD COLUMN     "projectId" INTEGER;

-- The project of every row there is, before the triggers below exist (the new tallies are filled once, at the end).
-- The triggers that are there already (tallies, report ledgers) read nothing this changes: off while it runs.
ALTER TABLE "Finding" DISABLE TRIGGER USER;
ALTER TABLE "Issue" DISABLE TRIGGER USER;
ALTER TABLE "Scan" DISABLE TRIGGER USER;
UPDATE "Finding" r SET "projectId" = a."projectId" FROM "Asset" a WHERE a.id = r."assetId";
UPDATE "Issue" r SET "projectId" = a."projectId" FROM "Asset" a WHERE a.id = r."assetId";
UPDATE "Scan" r SET "projectId" = a."projectId" FROM "Asset" a WHERE a.id = r."assetId";
ALTER TABLE "Finding" ENABLE TRIGGER USER;
ALTER TABLE "Issue" ENABLE TRIGGER USER;
ALTER TABLE "Scan" ENABLE TRIGGER USER;

-- CreateIndex
CREATE INDEX "Finding_workspaceId_projectId_id_idx" ON "Finding"("workspaceId", "projectId", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_projectId_severity_id_idx" ON "Issue"("workspaceId", "projectId", "severity", "id");

-- CreateIndex
CREATE INDEX "Scan_workspaceId_projectId_id_idx" ON "Scan"("workspaceId", "projectId", "id");

-- A row takes its asset's project whenever it is written (the application never sets it). The key-share lock makes
-- a writer and a move of the asset to another project (below) take turns: a row written while the asset moves
-- either waits for the move and reads the new project, or is committed before the move updates the asset's rows.
CREATE FUNCTION "project_of_asset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "projectId" INTO NEW."projectId" FROM "Asset" WHERE id = NEW."assetId" FOR KEY SHARE;
  RETURN NEW;
END $$;

CREATE TRIGGER "project_of_asset" BEFORE INSERT OR UPDATE OF "assetId", "projectId" ON "Finding"
  FOR EACH ROW EXECUTE FUNCTION "project_of_asset"();
CREATE TRIGGER "project_of_asset" BEFORE INSERT OR UPDATE OF "assetId", "projectId" ON "Issue"
  FOR EACH ROW EXECUTE FUNCTION "project_of_asset"();
CREATE TRIGGER "project_of_asset" BEFORE INSERT OR UPDATE OF "assetId", "projectId" ON "Scan"
  FOR EACH ROW EXECUTE FUNCTION "project_of_asset"();

-- An asset moved to another project takes its scans, issues and findings along (and their tallies, through the
-- tally triggers of those updates). The exclusive row lock first waits for writers in flight (they hold key-share
-- locks), so the updates below see their rows; updateAsset takes it before changing the asset, so a writer that
-- also updates the asset cannot deadlock with the move.
CREATE FUNCTION "asset_project_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "Asset" WHERE id = NEW.id FOR UPDATE;
  UPDATE "Scan" SET "projectId" = NEW."projectId" WHERE "assetId" = NEW.id;
  UPDATE "Issue" SET "projectId" = NEW."projectId" WHERE "assetId" = NEW.id;
  UPDATE "Finding" SET "projectId" = NEW."projectId" WHERE "assetId" = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER "asset_project_moved" AFTER UPDATE OF "projectId" ON "Asset"
  FOR EACH ROW WHEN (OLD."projectId" IS DISTINCT FROM NEW."projectId") EXECUTE FUNCTION "asset_project_moved"();

-- Tally keys by project for the three lists, and per port and severity of the open-port issues (GET /app/ports).
CREATE OR REPLACE FUNCTION "tally_keys_finding"(f "Finding") RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY['findings', 'findings.severity.' || f.severity, 'findings.scanner.' || f.scanner,
    'findings.projectId.' || f."projectId"], NULL)
$$;
CREATE OR REPLACE FUNCTION "tally_keys_issue"(i "Issue") RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY['issues', 'issues.severity.' || i.severity, 'issues.status.' || i.status,
    'issues.projectId.' || i."projectId",
    CASE WHEN i.status IN ('open', 'in-progress') AND i.kind LIKE 'port.open.%'
      THEN 'openPorts.' || i.port || '.' || i.severity END], NULL)
$$;
CREATE OR REPLACE FUNCTION "tally_keys_scan"(s "Scan") RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY['scans', 'scans.status.' || s.status, 'scans.projectId.' || s."projectId"], NULL)
$$;

-- A statement's delta now touches only its own keys (every project and port has keys, so a shard's row can hold
-- thousands): the rest of the row is copied as it is, and keys that come to zero are dropped.
CREATE OR REPLACE FUNCTION "tally_add"(ws integer, delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "WorkspaceTally" AS t ("workspaceId", shard, counts)
  SELECT ws, pg_backend_pid() % 64, delta WHERE EXISTS (SELECT 1 FROM "Workspace" WHERE id = ws)
  ON CONFLICT ("workspaceId", shard) DO UPDATE SET counts = jsonb_strip_nulls(t.counts || (
    SELECT jsonb_object_agg(k, nullif(coalesce((t.counts ->> k)::bigint, 0) + n::bigint, 0))
    FROM jsonb_each_text(excluded.counts) d (k, n)))
$$;

-- The new keys of what is there already.
SELECT "tally_add"(ws, delta) FROM (
  SELECT ws, jsonb_object_agg(k, n) AS delta FROM (
    SELECT "workspaceId" AS ws, k, count(*) AS n FROM (
      SELECT r."workspaceId", k FROM "Finding" r, unnest("tally_keys_finding"(r)) k WHERE k LIKE 'findings.projectId.%'
      UNION ALL SELECT r."workspaceId", k FROM "Issue" r, unnest("tally_keys_issue"(r)) k
        WHERE k LIKE 'issues.projectId.%' OR k LIKE 'openPorts.%'
      UNION ALL SELECT r."workspaceId", k FROM "Scan" r, unnest("tally_keys_scan"(r)) k WHERE k LIKE 'scans.projectId.%') c
    GROUP BY 1, 2) s
  GROUP BY ws) d;
