-- Webhook URLs are secrets (a Slack incoming-webhook URL is a credential; issue 26): the audit entries of
-- webhook.create, webhook.update and webhook.delete kept them in clear in `changes.url`, readable with audit:read
-- and in exports. Mask them as the service now writes them: scheme://host/… (userinfo, path and query dropped).
CREATE FUNCTION pg_temp.masked_webhook_url(url jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN url IS NULL OR jsonb_typeof(url) <> 'string' THEN url
    ELSE to_jsonb(coalesce(
      lower(regexp_replace(substring(url #>> '{}' from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#\\]*'), '://.*@', '://')),
      ''
    ) || '/…')
  END
$$;

UPDATE "AuditEntry"
SET changes = jsonb_set(
  changes,
  '{url}',
  jsonb_build_object(
    'before', pg_temp.masked_webhook_url(changes -> 'url' -> 'before'),
    'after', pg_temp.masked_webhook_url(changes -> 'url' -> 'after')
  )
)
WHERE "resourceType" = 'webhook' AND changes ? 'url';
