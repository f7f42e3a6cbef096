-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "projectCount" INTEGER NOT NULL DEFAULT 0;

-- Keep "Workspace"."projectCount" exact: statement-level triggers add up the
-- rows each statement inserted or deleted (one update per workspace per
-- statement, also for cascades from a deleted workspace).
CREATE FUNCTION "project_count_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Workspace" w SET "projectCount" = w."projectCount" + n.c
  FROM (SELECT "workspaceId", count(*) AS c FROM inserted GROUP BY 1) n
  WHERE w.id = n."workspaceId";
  RETURN NULL;
END $$;

CREATE FUNCTION "project_count_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Workspace" w SET "projectCount" = w."projectCount" - d.c
  FROM (SELECT "workspaceId", count(*) AS c FROM deleted GROUP BY 1) d
  WHERE w.id = d."workspaceId";
  RETURN NULL;
END $$;

CREATE TRIGGER "project_count_insert" AFTER INSERT ON "Project"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "project_count_insert"();
CREATE TRIGGER "project_count_delete" AFTER DELETE ON "Project"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "project_count_delete"();

UPDATE "Workspace" w SET "projectCount" = (SELECT count(*) FROM "Project" p WHERE p."workspaceId" = w.id);

-- Request budgets are ephemeral: losing them in a crash is harmless, and an
-- unlogged table spares every request a WAL flush.
ALTER TABLE "ratelimit"."budgets" SET UNLOGGED;
