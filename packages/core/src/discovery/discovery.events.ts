// What other parts of the product hear when discovery finds new hosts: one
// `discovery.hosts_found` webhook message per run (counts and the first
// names), queued in the transaction that ends the run, so that a run of
// thousands of names queues one message per endpoint, not thousands.
import type { ScopedTx } from "../db/scoped.ts";
import { assetInfo } from "../scans/scans.alerts.ts";
import type { ServiceContext } from "../service-context.ts";
import { emitWebhookEvents } from "../webhooks/webhooks.events.ts";

export async function announceNewHosts(
  sc: ServiceContext<"jobs" | "webhooks">,
  tx: ScopedTx,
  domain: { id: number; value: string; name: string | null },
  run: {
    id: number;
    trigger: string;
    status: "done" | "failed";
    found: number;
    /** The run's host limit, when it stopped there (the message says how many it left out). */
    capped?: { limit: number; dropped: number } | null;
  },
  newHosts: string[],
): Promise<void> {
  if (!newHosts.length) return; // nothing new, nothing sent
  await emitWebhookEvents(sc, tx, [
    {
      type: "discovery.hosts_found",
      asset: assetInfo(domain),
      run: {
        id: run.id,
        trigger: run.trigger === "schedule" ? "schedule" : "manual",
        status: run.status,
        finishedAt: new Date(),
      },
      found: run.found,
      capped: run.capped ?? null,
      newHosts,
    },
  ]);
}
