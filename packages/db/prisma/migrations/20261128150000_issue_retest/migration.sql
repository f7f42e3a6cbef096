-- Retest an issue (issue 30, item 1): a retest's focus (its issues, kinds and ports); a resolution verified by a scan or not.
ALTER TABLE "Scan" ADD COLUMN "focus" JSONB;

ALTER TABLE "Issue" ADD COLUMN "verified" BOOLEAN;

-- Resolved issues: verified when their latest resolution was a scan's (issue.resolve), else resolved by hand.
UPDATE "Issue" i SET "verified" = (last.action = 'issue.resolve')
FROM (
  SELECT DISTINCT ON ("workspaceId", "resourceId") "workspaceId", "resourceId", action
  FROM "AuditEntry"
  WHERE "resourceType" = 'issue'
    AND (action = 'issue.resolve' OR (action = 'issue.status' AND changes -> 'status' ->> 'after' = 'resolved'))
  ORDER BY "workspaceId", "resourceId", id DESC
) last
WHERE i.status = 'resolved' AND last."workspaceId" = i."workspaceId" AND last."resourceId" = i.id::text;

UPDATE "Issue" SET "verified" = false WHERE status = 'resolved' AND "verified" IS NULL;
