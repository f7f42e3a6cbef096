-- Discovery (issue 26): one run stores at most EMS_DISCOVERY_MAX_HOSTS hosts, and says when that cap bit.
ALTER TABLE "DiscoveryRun" ADD COLUMN "hostLimit" INTEGER,
ADD COLUMN "hostsDropped" INTEGER NOT NULL DEFAULT 0;

-- A run now sends one discovery.hosts_found message (counts and the first names) instead of one
-- discovery.host_found per host: endpoints that subscribed to the old event get the new one.
UPDATE "WebhookEndpoint"
SET events = array_replace(events, 'discovery.host_found', 'discovery.hosts_found')
WHERE 'discovery.host_found' = ANY (events);
