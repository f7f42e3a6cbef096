-- The vulnerable-assets ranking read and hashed every asset's ledger rows and exposed ports per request. "AssetRisk"
-- keeps each asset's score as parts that are linear in time (refreshed by the workers, packages/core/src/reports/
-- asset-risk.ts); a request reads those rows and computes from the issues only the assets that are not exact there:
-- loose "AssetIssueCount" rows, a row in "AssetRiskDirty", or a row outside its validity.

-- CreateTable
CREATE TABLE "AssetRisk" (
    "workspaceId" INTEGER NOT NULL,
    "assetId" INTEGER NOT NULL,
    "open" BIGINT NOT NULL,
    "dismissed" BIGINT NOT NULL,
    "validFrom" BIGINT NOT NULL,
    "validUntil" BIGINT NOT NULL,
    "openPerMs" INTEGER NOT NULL,
    "dismissedPerMs" INTEGER NOT NULL,
    "exposedPorts" SMALLINT NOT NULL,

    CONSTRAINT "AssetRisk_pkey" PRIMARY KEY ("workspaceId","assetId")
);

-- CreateTable
CREATE TABLE "AssetRiskDirty" (
    "id" BIGSERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "assetId" INTEGER NOT NULL,

    CONSTRAINT "AssetRiskDirty_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "AssetRisk_workspaceId_validUntil_idx" ON "AssetRisk"("workspaceId", "validUntil");

-- CreateIndex
CREATE INDEX "AssetRisk_workspaceId_validFrom_idx" ON "AssetRisk"("workspaceId", "validFrom");

-- CreateIndex
CREATE INDEX "AssetRisk_validUntil_idx" ON "AssetRisk"("validUntil");

-- CreateIndex
CREATE INDEX "AssetRiskDirty_workspaceId_assetId_idx" ON "AssetRiskDirty"("workspaceId", "assetId");

-- An open port that opens, closes, moves or goes away marks its asset (inserts only: writers never wait on a shared
-- row). A port scan's updates of lastSeenAt, service or banner change nothing the score reads and mark nothing.
CREATE FUNCTION "asset_risk_port_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "AssetRiskDirty" ("workspaceId", "assetId")
    SELECT DISTINCT "workspaceId", "assetId" FROM new_rows WHERE "closedAt" IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "AssetRiskDirty" ("workspaceId", "assetId")
    SELECT DISTINCT "workspaceId", "assetId" FROM old_rows WHERE "closedAt" IS NULL;
  ELSE
    INSERT INTO "AssetRiskDirty" ("workspaceId", "assetId")
    SELECT DISTINCT x.w, x.a FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (VALUES (o."workspaceId", o."assetId"), (n."workspaceId", n."assetId")) x (w, a)
    WHERE (o."workspaceId", o."assetId", o.port, o."closedAt" IS NULL)
      IS DISTINCT FROM (n."workspaceId", n."assetId", n.port, n."closedAt" IS NULL);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "asset_risk_port_insert" AFTER INSERT ON "OpenPort"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "asset_risk_port_changed"();
CREATE TRIGGER "asset_risk_port_update" AFTER UPDATE ON "OpenPort"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "asset_risk_port_changed"();
CREATE TRIGGER "asset_risk_port_delete" AFTER DELETE ON "OpenPort"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "asset_risk_port_changed"();

-- As before (migration 20261126044212_asset_issue_counts), and the assets whose loose rows it folds are marked in
-- the same statement: a reader sees either their loose rows or their marks, so those assets are never taken as exact
-- in "AssetRisk" before a refresh has recomputed them.
CREATE OR REPLACE FUNCTION "compact_asset_issue_counts"(max_keys int, old_before date) RETURNS int LANGUAGE sql AS $$
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
  ), marked AS (
    INSERT INTO "AssetRiskDirty" ("workspaceId", "assetId")
    SELECT DISTINCT "workspaceId", "assetId" FROM folded WHERE NOT compacted
  )
  SELECT count(*)::int FROM keys
$$;

-- Backfill: every asset is marked, and the workers' first refresh computes its row (until then a report computes
-- every asset from its issues, as before, only slower).
INSERT INTO "AssetRiskDirty" ("workspaceId", "assetId") SELECT "workspaceId", id FROM "Asset";
