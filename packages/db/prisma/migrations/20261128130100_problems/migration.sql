-- Issue 29, problems (docs/api.md, Problems): the address a scan reached, kept on its issues (with the port: the
-- exposure that links issues of one kind across names); open issues per kind kept by trigger (ProblemCount, sharded
-- like WorkspaceTally) and per exposure (ExposureLink), so that the problems list and the headline counts never group
-- a million issues.
ALTER TABLE "Issue" ADD COLUMN     "address" VARCHAR(64);

-- CreateTable
CREATE TABLE "ProblemCount" (
    "workspaceId" INTEGER NOT NULL,
    "projectId" INTEGER NOT NULL,
    "kind" VARCHAR(200) NOT NULL,
    "severity" "Severity" NOT NULL,
    "shard" INTEGER NOT NULL,
    "issues" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProblemCount_pkey" PRIMARY KEY ("workspaceId","projectId","kind","severity","shard")
);

-- CreateTable
CREATE TABLE "ExposureLink" (
    "workspaceId" INTEGER NOT NULL,
    "kind" VARCHAR(200) NOT NULL,
    "severity" "Severity" NOT NULL,
    "address" VARCHAR(64) NOT NULL,
    "port" INTEGER NOT NULL,
    "open" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ExposureLink_pkey" PRIMARY KEY ("workspaceId","kind","severity","address","port")
);

-- CreateIndex
CREATE INDEX "ExposureLink_linked_idx" ON "ExposureLink"("workspaceId", "kind") WHERE (open > 1);

-- CreateIndex
CREATE INDEX "Issue_workspaceId_kind_status_firstSeenAt_idx" ON "Issue"("workspaceId", "kind", "status", "firstSeenAt");

-- CreateIndex
CREATE INDEX "Issue_workspaceId_kind_address_port_idx" ON "Issue"("workspaceId", "kind", "address", "port");

-- AddForeignKey
ALTER TABLE "ProblemCount" ADD CONSTRAINT "ProblemCount_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExposureLink" ADD CONSTRAINT "ExposureLink_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An issue counts while it is open or in progress; a change that moves none of the keys writes nothing (a rescan
-- updates lastSeenAt on every issue it sees).
CREATE FUNCTION problem_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.status IN ('open', 'in-progress');
  now_open boolean := TG_OP <> 'DELETE' AND NEW.status IN ('open', 'in-progress');
  own_shard int := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'UPDATE' AND was = now_open AND OLD."projectId" IS NOT DISTINCT FROM NEW."projectId"
     AND OLD.kind = NEW.kind AND OLD.severity = NEW.severity AND OLD.address IS NOT DISTINCT FROM NEW.address
     AND OLD.port IS NOT DISTINCT FROM NEW.port THEN
    RETURN NULL;
  END IF;
  IF was THEN
    -- A cascade from a deleted workspace has nothing left to count.
    INSERT INTO "ProblemCount" ("workspaceId", "projectId", kind, severity, shard, issues)
    SELECT OLD."workspaceId", coalesce(OLD."projectId", 0), OLD.kind, OLD.severity, own_shard, -1
     WHERE EXISTS (SELECT 1 FROM "Workspace" WHERE id = OLD."workspaceId")
    ON CONFLICT ("workspaceId", "projectId", kind, severity, shard)
      DO UPDATE SET issues = "ProblemCount".issues - 1;
    IF OLD.address IS NOT NULL AND OLD.port IS NOT NULL THEN
      UPDATE "ExposureLink" SET open = open - 1
       WHERE "workspaceId" = OLD."workspaceId" AND kind = OLD.kind AND severity = OLD.severity
         AND address = OLD.address AND port = OLD.port;
    END IF;
  END IF;
  IF now_open THEN
    INSERT INTO "ProblemCount" ("workspaceId", "projectId", kind, severity, shard, issues)
    VALUES (NEW."workspaceId", coalesce(NEW."projectId", 0), NEW.kind, NEW.severity, own_shard, 1)
    ON CONFLICT ("workspaceId", "projectId", kind, severity, shard)
      DO UPDATE SET issues = "ProblemCount".issues + 1;
    IF NEW.address IS NOT NULL AND NEW.port IS NOT NULL THEN
      INSERT INTO "ExposureLink" ("workspaceId", kind, severity, address, port, open)
      VALUES (NEW."workspaceId", NEW.kind, NEW.severity, NEW.address, NEW.port, 1)
      ON CONFLICT ("workspaceId", kind, severity, address, port) DO UPDATE SET open = "ExposureLink".open + 1;
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER problem_counts AFTER INSERT OR UPDATE OR DELETE ON "Issue"
  FOR EACH ROW EXECUTE FUNCTION problem_counts();

-- The open issues there are now.
INSERT INTO "ProblemCount" ("workspaceId", "projectId", kind, severity, shard, issues)
SELECT "workspaceId", coalesce("projectId", 0), kind, severity, 0, count(*)
  FROM "Issue" WHERE status IN ('open', 'in-progress')
 GROUP BY "workspaceId", coalesce("projectId", 0), kind, severity;
