-- A page deep in a million-row list walked every row before it: /audit-log?page=5000 passes 500,000 index entries
-- (~25-30 ms; reading from the end, as deferredPage does, helps only the back half). "ListMark" counts the rows of
-- the three big lists per range of ids (and per severity for the issues, which order by it first) at two sizes, so a
-- page sums the coarse ranges before it, then the fine ones inside its coarse range, and walks at most one fine range
-- (core's db/marks.ts). One size would not do: ranges of 16,384 ids leave a workspace whose million rows are spread
-- over a billion ids (a thousand such tenants) with 61,000 ranges to sum, 68 ms.

-- CreateTable
CREATE TABLE "ListMark" (
    "workspaceId" INTEGER NOT NULL,
    "list" VARCHAR(20) NOT NULL,
    "span" SMALLINT NOT NULL,
    "lead" VARCHAR(20) NOT NULL,
    "bucket" INTEGER NOT NULL,
    "shard" INTEGER NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "ListMark_pkey" PRIMARY KEY ("workspaceId","list","span","lead","bucket","shard")
);

-- AddForeignKey
ALTER TABLE "ListMark" ADD CONSTRAINT "ListMark_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The two range sizes, as shifts of the id (core's db/marks.ts reads them as COARSE and FINE).
CREATE VIEW "list_mark_spans" AS VALUES (22), (14);
ALTER VIEW "list_mark_spans" RENAME COLUMN column1 TO span;

-- Adds what a statement did to the marks of list TG_ARGV[0] (+1 for rows that arrived, -1 for rows that left), in the
-- backend's shard (as "WorkspaceTally"), keys in order, for workspaces that still exist. The triggers are named
-- "tally_with_*" to fire after "tally_*" (same event, names in order): a writer holds its tally shard row first, so
-- two writers that meet on a mark row wait instead of deadlocking (as in audit_counts). Static statements, not
-- audit_counts' EXECUTE, which plans its statement on every call: with one range size, 10,000 single-row audit
-- inserts took 6.4 s without marks, 6.8 s with a static statement and 7.6 s through EXECUTE; with both sizes, 8.1 s
-- against 6.6 s (docs/benchmarks.md). Audit entries and findings never change their id, so their updates leave the
-- marks alone.
CREATE FUNCTION "list_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ListMark" AS m ("workspaceId", list, span, lead, bucket, shard, n)
    SELECT "workspaceId", TG_ARGV[0], span, '', id >> span, pg_backend_pid() % 64, count(*)
    FROM new_rows r, list_mark_spans
    WHERE EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = r."workspaceId") GROUP BY 1, 3, 5 ORDER BY 1, 3, 5
    ON CONFLICT ("workspaceId", list, span, lead, bucket, shard) DO UPDATE SET n = m.n + excluded.n;
  ELSE
    INSERT INTO "ListMark" AS m ("workspaceId", list, span, lead, bucket, shard, n)
    SELECT "workspaceId", TG_ARGV[0], span, '', id >> span, pg_backend_pid() % 64, -count(*)
    FROM old_rows r, list_mark_spans
    WHERE EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = r."workspaceId") GROUP BY 1, 3, 5 ORDER BY 1, 3, 5
    ON CONFLICT ("workspaceId", list, span, lead, bucket, shard) DO UPDATE SET n = m.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

-- The issues' marks, by severity. A branch is planned when it first runs, so each names only the transition tables
-- its trigger has; an update counts as its old rows leaving and its new rows arriving (only a changed severity ends
-- up non-zero). One update can change marks without its tally: a statement that swaps severities between issues of
-- different ranges, so that every tally key nets zero. Only if another writer's backend then shares its shard and
-- takes the same two mark rows the other way round can they deadlock, and PostgreSQL aborts one of them.
CREATE FUNCTION "issue_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ListMark" AS m ("workspaceId", list, span, lead, bucket, shard, n)
    SELECT "workspaceId", 'issues', span, severity::text, id >> span, pg_backend_pid() % 64, count(*)
    FROM new_rows r, list_mark_spans WHERE EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = r."workspaceId")
    GROUP BY 1, 3, 4, 5 ORDER BY 1, 3, 4, 5
    ON CONFLICT ("workspaceId", list, span, lead, bucket, shard) DO UPDATE SET n = m.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "ListMark" AS m ("workspaceId", list, span, lead, bucket, shard, n)
    SELECT "workspaceId", 'issues', span, severity::text, id >> span, pg_backend_pid() % 64, -count(*)
    FROM old_rows r, list_mark_spans WHERE EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = r."workspaceId")
    GROUP BY 1, 3, 4, 5 ORDER BY 1, 3, 4, 5
    ON CONFLICT ("workspaceId", list, span, lead, bucket, shard) DO UPDATE SET n = m.n + excluded.n;
  ELSE
    INSERT INTO "ListMark" AS m ("workspaceId", list, span, lead, bucket, shard, n)
    SELECT "workspaceId", 'issues', span, severity::text, id >> span, pg_backend_pid() % 64, sum(n) FROM (
      SELECT "workspaceId", severity, id, 1 AS n FROM new_rows
      UNION ALL SELECT "workspaceId", severity, id, -1 FROM old_rows
    ) r, list_mark_spans
    WHERE EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = r."workspaceId")
    GROUP BY 1, 3, 4, 5 HAVING sum(n) <> 0 ORDER BY 1, 3, 4, 5
    ON CONFLICT ("workspaceId", list, span, lead, bucket, shard) DO UPDATE SET n = m.n + excluded.n;
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
INSERT INTO "ListMark" ("workspaceId", list, span, lead, bucket, shard, n)
SELECT "workspaceId", 'audit', span, '', id >> span, 0, count(*) FROM "AuditEntry", list_mark_spans GROUP BY 1, 3, 5
UNION ALL SELECT "workspaceId", 'findings', span, '', id >> span, 0, count(*) FROM "Finding", list_mark_spans
  GROUP BY 1, 3, 5
UNION ALL SELECT "workspaceId", 'issues', span, severity::text, id >> span, 0, count(*) FROM "Issue", list_mark_spans
  GROUP BY 1, 3, 4, 5;
