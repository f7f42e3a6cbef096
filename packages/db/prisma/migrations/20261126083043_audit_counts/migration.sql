-- Two audit log totals counted every matching entry for X-Total-Count: a date range alone (half a million entries
-- since a date: ~45 ms) and a text search alone (a third of a million matches: ~330 ms). The entries per workspace
-- and UTC day, and per action and actor name (what the search reads), are kept here by the writers' transactions:
-- a date range sums its whole days and counts only the partial days at its ends; a search sums the pairs it matches.

-- CreateTable
CREATE TABLE "AuditDayCount" (
    "workspaceId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "shard" INTEGER NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "AuditDayCount_pkey" PRIMARY KEY ("workspaceId","day","shard")
);

-- CreateTable
CREATE TABLE "AuditSearchCount" (
    "workspaceId" INTEGER NOT NULL,
    "action" VARCHAR(100) NOT NULL,
    "actorName" VARCHAR(320) NOT NULL,
    "shard" INTEGER NOT NULL,
    "n" BIGINT NOT NULL,

    CONSTRAINT "AuditSearchCount_pkey" PRIMARY KEY ("workspaceId","action","actorName","shard")
);

-- AddForeignKey
ALTER TABLE "AuditDayCount" ADD CONSTRAINT "AuditDayCount_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditSearchCount" ADD CONSTRAINT "AuditSearchCount_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Adds what a statement did (+1 for entries that arrived, -1 for those that left) to the counts table TG_ARGV[0],
-- keyed by the key columns TG_ARGV[2] computed by the select list TG_ARGV[1] over the entries, in the backend's
-- shard (pg_backend_pid() % 64, the shard of "WorkspaceTally"), keys in order, for workspaces that still exist.
-- The triggers are named to fire after "tally_*" (same event, names in order): a transaction has its tally shard row
-- before these, so two writers that meet on a row here met there first and wait instead of deadlocking.
CREATE FUNCTION "audit_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entries text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS n, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS n, * FROM old_rows'
    ELSE 'SELECT 1 AS n, * FROM new_rows UNION ALL SELECT -1, * FROM old_rows' END;
BEGIN
  EXECUTE format($f$
    INSERT INTO %1$I AS c ("workspaceId", %3$s, shard, n)
    SELECT "workspaceId", %2$s, pg_backend_pid() %% 64, sum(n)
    FROM (%4$s) r WHERE EXISTS (SELECT 1 FROM "Workspace" w WHERE w.id = r."workspaceId")
    GROUP BY "workspaceId", %3$s HAVING sum(n) <> 0 ORDER BY "workspaceId", %3$s
    ON CONFLICT ("workspaceId", %3$s, shard) DO UPDATE SET n = c.n + excluded.n$f$,
    TG_ARGV[0], TG_ARGV[1], TG_ARGV[2], entries);
  RETURN NULL;
END $$;

DO $$
DECLARE
  counted text[];
  op text;
BEGIN
  FOREACH counted SLICE 1 IN ARRAY ARRAY[
    ARRAY['audit_days', 'AuditDayCount', '("createdAt" AT TIME ZONE ''UTC'')::date AS day', 'day'],
    ARRAY['audit_search', 'AuditSearchCount', 'action, "actorName"', 'action, "actorName"']] LOOP
    FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON "AuditEntry" REFERENCING %s FOR EACH STATEMENT
        EXECUTE FUNCTION "audit_counts"(%L, %L, %L)', 'tally_with_' || counted[1] || '_' || op, op,
        CASE op WHEN 'insert' THEN 'NEW TABLE AS new_rows' WHEN 'delete' THEN 'OLD TABLE AS old_rows'
          ELSE 'OLD TABLE AS old_rows NEW TABLE AS new_rows' END, counted[2], counted[3], counted[4]);
    END LOOP;
  END LOOP;
END $$;

-- What is there already, in shard 0.
INSERT INTO "AuditDayCount" ("workspaceId", day, shard, n)
SELECT "workspaceId", ("createdAt" AT TIME ZONE 'UTC')::date, 0, count(*) FROM "AuditEntry" GROUP BY 1, 2;
INSERT INTO "AuditSearchCount" ("workspaceId", action, "actorName", shard, n)
SELECT "workspaceId", action, "actorName", 0, count(*) FROM "AuditEntry" GROUP BY 1, 2, 3;
