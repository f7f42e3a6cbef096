// What other parts of the product hear when discovery finds a new host: a
// `discovery.host_found` webhook message per host, queued in the merge's
// transaction (an event exists if and only if the host does).
import type { ScopedTx } from "../db/scoped.ts";
import { assetInfo } from "../scans/scans.alerts.ts";
import type { ServiceContext } from "../service-context.ts";
import { emitWebhookEvents } from "../webhooks/webhooks.events.ts";

export async function announceNewHosts(
  sc: ServiceContext,
  tx: ScopedTx,
  domain: { id: number; value: string; name: string | null },
  hosts: { id: number; host: string }[],
): Promise<void> {
  if (!hosts.length) return;
  const asset = assetInfo(domain);
  await emitWebhookEvents(
    sc,
    tx,
    hosts.map((h) => ({ type: "discovery.host_found" as const, asset, hostname: h.host })),
  );
}
