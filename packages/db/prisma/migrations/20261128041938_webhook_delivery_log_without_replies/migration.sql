-- The webhook delivery log keeps status, timing and a failure in our own words (issue 26): a class, and a message
-- that never holds the receiver's reply (up to 200 characters of a non-2xx body were kept: with private ranges allowed
-- for scanning, that made webhooks a tool to read pages there), the endpoint's URL (a secret) or the address a
-- refused host resolved to.
ALTER TABLE "WebhookDelivery" ADD COLUMN "lastErrorClass" VARCHAR(32);

-- The class and safe message of an error the delivery log kept before, from its text (the formats of the code
-- before this migration); anything not recognised keeps no detail.
CREATE FUNCTION pg_temp.delivery_failure(e text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN e IS NULL THEN ARRAY[NULL, NULL]
    WHEN e ~ '^the endpoint answered [0-9]{3}' THEN ARRAY['http-status', substring(e from '^the endpoint answered [0-9]{3}')
      || CASE WHEN e ~ '^the endpoint answered 3' THEN ' (redirects are not followed)' ELSE '' END]
    WHEN e = 'not sent: the endpoint is disabled' THEN ARRAY['endpoint-disabled', e]
    WHEN e ~ '^refused to connect' THEN
      ARRAY['address-refused', 'the host resolves to a private address, which this server may not contact']
    WHEN e ~ 'no complete answer within [0-9]+ ms$' THEN
      ARRAY['timeout', substring(e from 'no complete answer within [0-9]+ ms$')]
    WHEN e ~ ': connection refused$' THEN ARRAY['connection', 'the connection was refused']
    WHEN e ~ ': connection reset$' THEN ARRAY['connection', 'the connection was reset']
    WHEN e ~ ': host unreachable$' THEN ARRAY['connection', 'the host is unreachable']
    WHEN e ~ ': invalid HTTP response \(HPE_[A-Z_]+\)$' THEN
      ARRAY['connection', 'the answer was not valid HTTP (' || substring(e from '\((HPE_[A-Z_]+)\)$') || ')']
    WHEN e ~ 'TLS handshake failed' THEN ARRAY['tls', 'the TLS handshake or certificate check failed']
    WHEN e ~ '^DNS lookup of .* failed|has no A/AAAA record$' THEN
      ARRAY['dns', 'the host name does not resolve to an address']
    WHEN e ~ 'is not a URL$|URLs are not fetched' THEN
      ARRAY['invalid-url', 'the URL is not an http(s) URL this server can send to']
    ELSE ARRAY['other', 'the attempt failed (details are no longer kept)']
  END
$$;

UPDATE "WebhookDelivery"
SET "lastErrorClass" = (pg_temp.delivery_failure("lastError"))[1], "lastError" = (pg_temp.delivery_failure("lastError"))[2]
WHERE "lastError" IS NOT NULL;

-- An endpoint disabled automatically said why with the last error: "… (last: <error>)".
CREATE FUNCTION pg_temp.safe_disabled_reason(r text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    -- The reason was cut at 500 characters, so its closing parenthesis may be missing.
    WHEN r LIKE 'Disabled automatically:%' AND strpos(r, ' (last: ') > 0 THEN
      left(r, strpos(r, ' (last: ') - 1) || ' (last: '
        || (pg_temp.delivery_failure(regexp_replace(substr(r, strpos(r, ' (last: ') + 8), '\)$', '')))[2] || ')'
    ELSE r
  END
$$;

UPDATE "WebhookEndpoint" SET "disabledReason" = pg_temp.safe_disabled_reason("disabledReason")
WHERE "disabledReason" LIKE 'Disabled automatically:%';

-- The audit entries of those disablings (webhook.disable) copied the reason.
UPDATE "AuditEntry"
SET changes = jsonb_set(
  changes,
  '{disabledReason,after}',
  to_jsonb(pg_temp.safe_disabled_reason(changes -> 'disabledReason' ->> 'after'))
)
WHERE "resourceType" = 'webhook' AND jsonb_typeof(changes -> 'disabledReason' -> 'after') = 'string'
  AND changes -> 'disabledReason' ->> 'after' LIKE 'Disabled automatically:%';
