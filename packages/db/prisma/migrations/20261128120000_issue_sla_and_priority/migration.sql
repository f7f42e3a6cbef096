-- Issue 29, items 3 and 4 (docs/api.md, Priority and SLA): asset and project criticality; on every issue its SLA
-- deadline (and the instant 80 % of its time has gone), its CVEs' KEV and EPSS figures and its priority, all kept by
-- the database so that no write path can leave them stale, and lists filter and sort on them through indexes.

-- CreateEnum
CREATE TYPE "Criticality" AS ENUM ('low', 'medium', 'high', 'critical');

-- AlterTable
ALTER TABLE "Asset" ADD COLUMN     "criticality" "Criticality";

-- AlterTable
ALTER TABLE "Issue" ADD COLUMN     "atRiskAt" TIMESTAMPTZ(3),
ADD COLUMN     "dueAt" TIMESTAMPTZ(3),
ADD COLUMN     "epssPercentile" REAL,
ADD COLUMN     "epssScore" REAL,
ADD COLUMN     "kev" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "priority" SMALLINT NOT NULL DEFAULT 0,
ADD COLUMN     "slaBreachNotifiedAt" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "criticality" "Criticality" NOT NULL DEFAULT 'medium';

-- CreateIndex
CREATE INDEX "Issue_workspaceId_priority_id_idx" ON "Issue"("workspaceId", "priority", "id");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_dueAt_id_idx" ON "Issue"("workspaceId", "dueAt", "id");

-- CreateIndex
CREATE INDEX "Issue_sla_unnotified_idx" ON "Issue"("dueAt") WHERE ((status = ANY (ARRAY['open'::"IssueStatus", 'in-progress'::"IssueStatus"])) AND ("slaBreachNotifiedAt" IS NULL));

-- The days the SLA policy gives an issue: its project's override, else the workspace's policy, else the defaults
-- (DEFAULT_SLA_DAYS in packages/core/src/sla-policy/sla-policy.schemas.ts; a test holds them equal). Info: none.
CREATE FUNCTION "issue_sla_days"(ws integer, project integer, sev "Severity") RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN sev = 'info' THEN NULL ELSE coalesce(
    (SELECT CASE sev WHEN 'critical' THEN p."criticalDays" WHEN 'high' THEN p."highDays"
       WHEN 'medium' THEN p."mediumDays" ELSE p."lowDays" END FROM "ProjectSlaPolicy" p WHERE p."projectId" = project),
    (SELECT CASE sev WHEN 'critical' THEN w."criticalDays" WHEN 'high' THEN w."highDays"
       WHEN 'medium' THEN w."mediumDays" ELSE w."lowDays" END FROM "SlaPolicy" w WHERE w."workspaceId" = ws),
    CASE sev WHEN 'critical' THEN 15 WHEN 'high' THEN 30 WHEN 'medium' THEN 90 ELSE 180 END) END
$$;

-- An issue's deadline (first seen + its days) and the instant it becomes at risk (80 % of those days gone): the one
-- definition, used by the trigger below and by the SLA policy's changes (sla-policy.service.ts).
CREATE FUNCTION "issue_sla_deadlines"(ws integer, project integer, sev "Severity", "firstSeenAt" timestamptz,
  OUT "dueAt" timestamptz, OUT "atRiskAt" timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT "firstSeenAt" + d * interval '1 day', "firstSeenAt" + d * 0.8 * interval '1 day'
  FROM (SELECT "issue_sla_days"(ws, project, sev) AS d) x
$$;

-- Whether any of the CVEs is known exploited, and their highest EPSS score and percentile.
CREATE FUNCTION "issue_exploit_figures"(cves varchar[], OUT kev boolean, OUT "epssScore" real,
  OUT "epssPercentile" real)
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "KnownExploited" k WHERE k."cveId" = ANY (cves)),
    (SELECT max(e.score) FROM "EpssScore" e WHERE e."cveId" = ANY (cves)),
    (SELECT max(e.percentile) FROM "EpssScore" e WHERE e."cveId" = ANY (cves))
$$;

-- Whether an address is reachable from the internet: not private, loopback, link-local, shared (CGNAT), unique-local
-- or unspecified. No address known (never checked, a bucket): counted as internet-facing, what this product watches.
CREATE FUNCTION "is_internet_facing"(address text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE a inet;
BEGIN
  IF address IS NULL OR address = '' THEN RETURN true; END IF;
  BEGIN a := address::inet; EXCEPTION WHEN others THEN RETURN true; END;
  RETURN NOT (a << ANY (ARRAY['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '127.0.0.0/8', '169.254.0.0/16',
    '100.64.0.0/10', '0.0.0.0/8', '::1/128', 'fc00::/7', 'fe80::/10', '::/128']::inet[]));
END $$;

-- The priority score, 0-100 (docs/api.md, Priority): severity 0/15/30/50/70; known exploited +25, and a high or
-- critical one at least 75 (P1); EPSS percentile +0..20; asset criticality low -10, high +5, critical +10; not
-- internet-facing -10; info never above 24 (P4).
CREATE FUNCTION "issue_priority"(sev "Severity", kev boolean, "epssPercentile" real, criticality "Criticality",
  "internetFacing" boolean) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN sev = 'info' THEN least(s, 24) WHEN kev AND sev IN ('high', 'critical') THEN greatest(s, 75)
    ELSE s END::smallint
  FROM (SELECT greatest(0, least(100,
    CASE sev WHEN 'critical' THEN 70 WHEN 'high' THEN 50 WHEN 'medium' THEN 30 WHEN 'low' THEN 15 ELSE 0 END
    + CASE WHEN kev THEN 25 ELSE 0 END
    + round(20 * coalesce("epssPercentile", 0))::int
    + CASE criticality WHEN 'low' THEN -10 WHEN 'high' THEN 5 WHEN 'critical' THEN 10 ELSE 0 END
    + CASE WHEN "internetFacing" THEN 0 ELSE -10 END)) AS s) x
$$;

-- An issue's priority from its own fields and its asset's (its own criticality, else its project's).
CREATE FUNCTION "issue_priority_of"(asset integer, sev "Severity", kev boolean, "epssPercentile" real)
RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT "issue_priority"(sev, kev, "epssPercentile", coalesce(a.criticality, p.criticality),
    "is_internet_facing"(a."resolvedIp"))
  FROM "Asset" a JOIN "Project" p ON p.id = a."projectId" WHERE a.id = asset
$$;

-- Named to run after "project_of_asset" (triggers of one event run by name), so the project is the asset's.
CREATE FUNCTION "issue_derived"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.cves IS DISTINCT FROM OLD.cves THEN
    SELECT f.kev, f."epssScore", f."epssPercentile" INTO NEW.kev, NEW."epssScore", NEW."epssPercentile"
      FROM "issue_exploit_figures"(NEW.cves) f;
  END IF;
  -- A resolved issue keeps the deadline it was resolved against (met or missed).
  IF NEW.status <> 'resolved' THEN
    SELECT d."dueAt", d."atRiskAt" INTO NEW."dueAt", NEW."atRiskAt"
      FROM "issue_sla_deadlines"(NEW."workspaceId", NEW."projectId", NEW.severity, NEW."firstSeenAt") d;
  END IF;
  -- A reopened issue can breach again.
  IF TG_OP = 'UPDATE' AND OLD.status IN ('resolved', 'dismissed') AND NEW.status IN ('open', 'in-progress') THEN
    NEW."slaBreachNotifiedAt" := NULL;
  END IF;
  NEW.priority := "issue_priority_of"(NEW."assetId", NEW.severity, NEW.kev, NEW."epssPercentile");
  RETURN NEW;
END $$;

CREATE TRIGGER "sla_and_priority" BEFORE INSERT OR UPDATE OF "assetId", "projectId", severity, status, "firstSeenAt",
  cves, kev, "epssPercentile" ON "Issue" FOR EACH ROW EXECUTE FUNCTION "issue_derived"();

-- A change of an asset's criticality or address, or of a project's criticality, re-scores their issues (one
-- statement, in the change's transaction).
CREATE FUNCTION "asset_issue_priorities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Issue" i SET priority = "issue_priority_of"(i."assetId", i.severity, i.kev, i."epssPercentile")
    WHERE i."assetId" = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER "asset_issue_priorities" AFTER UPDATE OF criticality, "resolvedIp" ON "Asset" FOR EACH ROW
  WHEN (OLD.criticality IS DISTINCT FROM NEW.criticality OR OLD."resolvedIp" IS DISTINCT FROM NEW."resolvedIp")
  EXECUTE FUNCTION "asset_issue_priorities"();

CREATE FUNCTION "project_issue_priorities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Issue" i SET priority = "issue_priority_of"(i."assetId", i.severity, i.kev, i."epssPercentile")
    WHERE i."workspaceId" = NEW."workspaceId" AND i."projectId" = NEW.id
      AND i."assetId" IN (SELECT a.id FROM "Asset" a WHERE a."projectId" = NEW.id AND a.criticality IS NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER "project_issue_priorities" AFTER UPDATE OF criticality ON "Project" FOR EACH ROW
  WHEN (OLD.criticality IS DISTINCT FROM NEW.criticality) EXECUTE FUNCTION "project_issue_priorities"();

-- Every issue there is, once (the tally and ledger triggers read none of these columns: off while it runs).
ALTER TABLE "Issue" DISABLE TRIGGER USER;
UPDATE "Issue" i SET kev = f.kev, "epssScore" = f."epssScore", "epssPercentile" = f."epssPercentile"
  FROM "Issue" j CROSS JOIN LATERAL "issue_exploit_figures"(j.cves) f WHERE j.id = i.id AND j.cves <> '{}';
UPDATE "Issue" i SET "dueAt" = d."dueAt", "atRiskAt" = d."atRiskAt",
    priority = "issue_priority_of"(i."assetId", i.severity, i.kev, i."epssPercentile")
  FROM "Issue" j CROSS JOIN LATERAL "issue_sla_deadlines"(j."workspaceId", j."projectId", j.severity, j."firstSeenAt") d
  WHERE j.id = i.id;
ALTER TABLE "Issue" ENABLE TRIGGER USER;
