-- Discoveries that stay watched (issue 30, item 4): a proven domain may add the hosts its runs find by itself, and a
-- discovered host that is an asset (however the asset was made) is linked to it.
ALTER TABLE "Asset" ADD COLUMN "discoveryAutoAdd" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "DiscoveryRun" ADD COLUMN "autoAdd" JSONB;

-- A domain or subdomain asset links the discovered host of its name, in the asset's own transaction, whatever made
-- it (POST /app/assets, a CSV import, discovery's add). A renamed asset leaves the old name's host.
CREATE FUNCTION asset_links_discovered_host() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.value IS DISTINCT FROM NEW.value OR OLD.type IS DISTINCT FROM NEW.type) THEN
    UPDATE "DiscoveredHostname" SET "assetId" = NULL, status = 'new' WHERE "assetId" = NEW.id;
  END IF;
  IF NEW.type IN ('domain', 'subdomain') THEN
    UPDATE "DiscoveredHostname" SET "assetId" = NEW.id, status = 'added'
    WHERE "workspaceId" = NEW."workspaceId" AND host = NEW.value AND "assetId" IS NULL;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER asset_links_discovered_host AFTER INSERT OR UPDATE OF value, type ON "Asset"
  FOR EACH ROW EXECUTE FUNCTION asset_links_discovered_host();

-- Hosts found before this that are assets already.
UPDATE "DiscoveredHostname" h SET "assetId" = a.id, status = 'added'
FROM "Asset" a
WHERE h."assetId" IS NULL AND a."workspaceId" = h."workspaceId" AND a.value = h.host
  AND a.type IN ('domain', 'subdomain');
