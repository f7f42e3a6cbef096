-- API processes keep the keys they authenticated for up to a minute (core's auth/key-cache.ts). Whatever changes or
-- removes a key (a revocation, a deleted workspace's cascade, a hand-made UPDATE) tells them at commit, with the
-- key's hash, so that the change takes effect in every process within milliseconds. lastUsedAt alone is not news.
CREATE FUNCTION "api_key_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_key_changed', OLD."tokenHash");
  RETURN NULL;
END $$;

CREATE TRIGGER "api_key_changed_update" AFTER UPDATE ON "ApiKey" FOR EACH ROW
  WHEN ((OLD."tokenHash", OLD."workspaceId", OLD.name, OLD.scopes, OLD."expiresAt", OLD."revokedAt")
    IS DISTINCT FROM (NEW."tokenHash", NEW."workspaceId", NEW.name, NEW.scopes, NEW."expiresAt", NEW."revokedAt"))
  EXECUTE FUNCTION "api_key_changed"();
CREATE TRIGGER "api_key_changed_delete" AFTER DELETE ON "ApiKey" FOR EACH ROW EXECUTE FUNCTION "api_key_changed"();
