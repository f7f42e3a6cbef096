-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "auditEntryCount" INTEGER NOT NULL DEFAULT 0;

-- Keep "Workspace"."auditEntryCount" exact, as "projectCount" is kept (statement-level triggers).
CREATE FUNCTION "audit_count_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Workspace" w SET "auditEntryCount" = w."auditEntryCount" + n.c
  FROM (SELECT "workspaceId", count(*) AS c FROM inserted GROUP BY 1) n
  WHERE w.id = n."workspaceId";
  RETURN NULL;
END $$;

CREATE FUNCTION "audit_count_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Workspace" w SET "auditEntryCount" = w."auditEntryCount" - d.c
  FROM (SELECT "workspaceId", count(*) AS c FROM deleted GROUP BY 1) d
  WHERE w.id = d."workspaceId";
  RETURN NULL;
END $$;

CREATE TRIGGER "audit_count_insert" AFTER INSERT ON "AuditEntry"
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "audit_count_insert"();
CREATE TRIGGER "audit_count_delete" AFTER DELETE ON "AuditEntry"
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "audit_count_delete"();

UPDATE "Workspace" w SET "auditEntryCount" = (SELECT count(*) FROM "AuditEntry" a WHERE a."workspaceId" = w.id);
