-- CreateTable
CREATE TABLE "IssueEvent" (
    "id" SERIAL NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "issueId" INTEGER NOT NULL,
    "assetId" INTEGER NOT NULL,
    "severity" "Severity" NOT NULL,
    "firstSeenAt" TIMESTAMPTZ(3) NOT NULL,
    "fromStatus" "IssueStatus",
    "toStatus" "IssueStatus" NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "IssueEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SlaPolicy" (
    "workspaceId" INTEGER NOT NULL,
    "criticalDays" INTEGER NOT NULL,
    "highDays" INTEGER NOT NULL,
    "mediumDays" INTEGER NOT NULL,
    "lowDays" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SlaPolicy_pkey" PRIMARY KEY ("workspaceId")
);

-- CreateTable
CREATE TABLE "ProjectSlaPolicy" (
    "projectId" INTEGER NOT NULL,
    "workspaceId" INTEGER NOT NULL,
    "criticalDays" INTEGER NOT NULL,
    "highDays" INTEGER NOT NULL,
    "mediumDays" INTEGER NOT NULL,
    "lowDays" INTEGER NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ProjectSlaPolicy_pkey" PRIMARY KEY ("projectId")
);

-- CreateIndex
CREATE INDEX "IssueEvent_workspaceId_at_toStatus_fromStatus_severity_issu_idx" ON "IssueEvent"("workspaceId", "at", "toStatus", "fromStatus", "severity", "issueId", "assetId", "firstSeenAt");

-- CreateIndex
CREATE INDEX "IssueEvent_issueId_idx" ON "IssueEvent"("issueId");

-- CreateIndex
CREATE INDEX "ProjectSlaPolicy_workspaceId_idx" ON "ProjectSlaPolicy"("workspaceId");

-- CreateIndex
CREATE INDEX "Asset_workspaceId_createdAt_idx" ON "Asset"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_firstSeenAt_idx" ON "Issue"("workspaceId", "firstSeenAt");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_status_assetId_severity_firstSeenAt_idx" ON "Issue"("workspaceId", "status", "assetId", "severity", "firstSeenAt");

-- CreateIndex
CREATE INDEX "Scan_workspaceId_createdAt_idx" ON "Scan"("workspaceId", "createdAt");

-- AddForeignKey
ALTER TABLE "IssueEvent" ADD CONSTRAINT "IssueEvent_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IssueEvent" ADD CONSTRAINT "IssueEvent_issueId_fkey" FOREIGN KEY ("issueId") REFERENCES "Issue"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SlaPolicy" ADD CONSTRAINT "SlaPolicy_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectSlaPolicy" ADD CONSTRAINT "ProjectSlaPolicy_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectSlaPolicy" ADD CONSTRAINT "ProjectSlaPolicy_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill "IssueEvent" from what exists: each issue opened at "firstSeenAt", then every status change its audit
-- entries record, then its current status if the chain does not end there. "fromStatus" is the previous link of
-- the chain (not the audit's "before"), so the chain is consistent even where the log has gaps.
WITH links AS (
  SELECT i.id AS "issueId", 'open'::"IssueStatus" AS status, i."firstSeenAt" AS at, 0::bigint AS ord
  FROM "Issue" i
  UNION ALL
  SELECT i.id, (a.changes -> 'status' ->> 'after')::"IssueStatus", a."createdAt", a.id::bigint
  FROM "AuditEntry" a
  JOIN "Issue" i ON a."workspaceId" = i."workspaceId" AND a."resourceType" = 'issue' AND a."resourceId" = i.id::text
  WHERE a.changes -> 'status' ->> 'after' IN ('open', 'in-progress', 'resolved', 'dismissed')
  UNION ALL
  SELECT i.id, i.status,
    CASE i.status WHEN 'resolved' THEN i."resolvedAt" WHEN 'dismissed' THEN i."dismissedAt" END, 9223372036854775807
  FROM "Issue" i
), chain AS (
  SELECT *, lag(status) OVER (PARTITION BY "issueId" ORDER BY ord) AS previous,
    max(at) OVER (PARTITION BY "issueId" ORDER BY ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS "previousAt"
  FROM links
)
INSERT INTO "IssueEvent"
  ("workspaceId", "issueId", "assetId", severity, "firstSeenAt", "fromStatus", "toStatus", "at")
SELECT i."workspaceId", i.id, i."assetId", i.severity, i."firstSeenAt", c.previous, c.status,
  coalesce(c.at, c."previousAt")
FROM chain c JOIN "Issue" i ON i.id = c."issueId"
WHERE c.ord = 0 OR c.previous IS DISTINCT FROM c.status
ORDER BY c."issueId", c.ord;

-- From now on every insert and status change of an issue writes its event in the same transaction, whatever the
-- write path (scanner sync, the issues service, SQL). The time is the one the row itself records: "firstSeenAt",
-- "resolvedAt", "dismissedAt", else "updatedAt" when the update set it (Prisma does), else now(). A change of
-- severity is copied to the issue's events, so that reports group by the current severity.
CREATE FUNCTION "issue_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_at timestamptz := CASE NEW.status
    WHEN 'resolved' THEN NEW."resolvedAt"
    WHEN 'dismissed' THEN NEW."dismissedAt"
  END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "IssueEvent"
      ("workspaceId", "issueId", "assetId", severity, "firstSeenAt", "fromStatus", "toStatus", "at")
    VALUES (NEW."workspaceId", NEW.id, NEW."assetId", NEW.severity, NEW."firstSeenAt", NULL, 'open', NEW."firstSeenAt");
    IF NEW.status <> 'open' THEN
      INSERT INTO "IssueEvent"
        ("workspaceId", "issueId", "assetId", severity, "firstSeenAt", "fromStatus", "toStatus", "at")
      VALUES (NEW."workspaceId", NEW.id, NEW."assetId", NEW.severity, NEW."firstSeenAt", 'open', NEW.status,
        coalesce(changed_at, NEW."updatedAt"));
    END IF;
    RETURN NULL;
  END IF;
  IF NEW.severity IS DISTINCT FROM OLD.severity THEN
    UPDATE "IssueEvent" SET severity = NEW.severity WHERE "issueId" = NEW.id;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    IF changed_at IS NULL AND NEW."updatedAt" IS DISTINCT FROM OLD."updatedAt" THEN
      changed_at := NEW."updatedAt";
    END IF;
    INSERT INTO "IssueEvent"
      ("workspaceId", "issueId", "assetId", severity, "firstSeenAt", "fromStatus", "toStatus", "at")
    VALUES (NEW."workspaceId", NEW.id, NEW."assetId", NEW.severity, NEW."firstSeenAt", OLD.status, NEW.status,
      coalesce(changed_at, now()));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "issue_events" AFTER INSERT OR UPDATE OF status, severity ON "Issue"
  FOR EACH ROW EXECUTE FUNCTION "issue_events"();
