-- A page deep in a million-row list walked every row before it: /audit-log?page=5000 passes 500,000 index entries
-- (~25-30 ms; reading from the end, as deferredPage does, helps only the back half). "ListMark" counts the rows of
-- the three big lists per range of 16,384 ids (and per severity for the issues, which order by it first), so a page
-- sums the ranges before it and walks at most one range (core's db/marks.ts).

-- CreateTable
CREATE TABLE "ListMark" (
    "workspaceId" INTEGER NOT NULL,
    "list" VARCHAR(20) NOT NULL,
    "lead" VARCHAR(20) NOT NULL,
    "bucket" INTEGER NOT NULL,
    "shard" INTEGER NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "ListMark_pkey" PRIMARY KEY ("workspaceId","list","lead","bucket","shard")
);

-- AddForeignKey
ALTER TABLE "ListMark" ADD CONSTRAINT "ListMark_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Adds what a statement did to the marks of list TG_ARGV[0] (+1 for rows that arrived, -1 for rows that left), in the
-- backend's shard (as "WorkspaceTally"), keys in order, for workspaces that still exist. The triggers are named
-- "tally_with_*" to fire after "tally_*" (same event, names in order): a writer holds its tally shard row first, so
-- two writers that meet on a mark row wait instead of deadlocking (as in audit_counts). Static statements, not
-- audit_counts' EXECUTE, which plans its statement on every call: 10,000 single-row audit inserts took 6.4 s
-- without marks, 6.8 s with these and 7.6 s with an EXECUTE of the same statement. Audit entries and findings never
-- change their id, so their updates leave the marks alone.
CREATE FUNCTION "list_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ListMark" AS m ("workspaceId", list, lead, bucket, shard, n)
    SELECT "workspaceId", TG_ARGV[0], '', id >> 14, pg_backend_pid() % 64, count(*) FROM new_rows r
    WHERE EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = r."workspaceId") GROUP BY 1, 4 ORDER BY 1, 4
    ON CONFLICT ("workspaceId", list, lead, bucket, shard) DO UPDATE SET n = m.n + excluded.n;
  ELSE
    INSERT INTO "ListMark" AS m ("workspaceId", list, lead, bucket, shard, n)
    SELECT "workspaceId", TG_ARGV[0], '', id >> 14, pg_backend_pid() % 64, -count(*) FROM old_rows r
    WHERE EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = r."workspaceId") GROUP BY 1, 4 ORDER BY 1, 4
    ON CONFLICT ("workspaceId", list, lead, bucket, shard) DO UPDATE SET n = m.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

-- The issues' marks, by severity. A branch is planned when it first runs, so each names only the transition tables
-- its trigger has; an update counts as its old rows leaving and its new rows arriving (only a changed severity ends
-- up non-zero).
CREATE FUNCTION "issue_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ListMark" AS m ("workspaceId", list, lead, bucket, shard, n)
    SELECT "workspaceId", 'issues', severity::text, id >> 14, pg_backend_pid() % 64, count(*) FROM new_rows r
    WHERE EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = r."workspaceId") GROUP BY 1, 3, 4 ORDER BY 1, 3, 4
    ON CONFLICT ("workspaceId", list, lead, bucket, shard) DO UPDATE SET n = m.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "ListMark" AS m ("workspaceId", list, lead, bucket, shard, n)
    SELECT "workspaceId", 'issues', severity::text, id >> 14, pg_backend_pid() % 64, -count(*) FROM old_rows r
    WHERE EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = r."workspaceId") GROUP BY 1, 3, 4 ORDER BY 1, 3, 4
    ON CONFLICT ("workspaceId", list, lead, bucket, shard) DO UPDATE SET n = m.n + excluded.n;
  ELSE
    INSERT INTO "ListMark" AS m ("workspaceId", list, lead, bucket, shard, n)
    SELECT "workspaceId", 'issues', severity::text, id >> 14, pg_backend_pid() % 64, sum(n) FROM (
      SELECT "workspaceId", severity, id, 1 AS n FROM new_rows
      UNION ALL SELECT "workspaceId", severity, id, -1 FROM old_rows
    ) r
    WHERE EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = r."workspaceId")
    GROUP BY 1, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 3, 4
    ON CONFLICT ("workspaceId", list, lead, bucket, shard) DO UPDATE SET n = m.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "tally_with_marks_insert" AFTER INSERT ON "AuditEntry" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_marks"('audit');
CREATE TRIGGER "tally_with_marks_delete" AFTER DELETE ON "AuditEntry" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_marks"('audit');
CREATE TRIGGER "tally_with_marks_insert" AFTER INSERT ON "Finding" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_marks"('findings');
CREATE TRIGGER "tally_with_marks_delete" AFTER DELETE ON "Finding" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "list_marks"('findings');
CREATE TRIGGER "tally_with_marks_insert" AFTER INSERT ON "Issue" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "issue_marks"();
CREATE TRIGGER "tally_with_marks_update" AFTER UPDATE ON "Issue" REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "issue_marks"();
CREATE TRIGGER "tally_with_marks_delete" AFTER DELETE ON "Issue" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "issue_marks"();

-- What is there already, in shard 0.
INSERT INTO "ListMark" ("workspaceId", list, lead, bucket, shard, n)
SELECT "workspaceId", 'audit', '', id >> 14, 0, count(*) FROM "AuditEntry" GROUP BY 1, 4
UNION ALL SELECT "workspaceId", 'findings', '', id >> 14, 0, count(*) FROM "Finding" GROUP BY 1, 4
UNION ALL SELECT "workspaceId", 'issues', severity::text, id >> 14, 0, count(*) FROM "Issue" GROUP BY 1, 3, 4;
