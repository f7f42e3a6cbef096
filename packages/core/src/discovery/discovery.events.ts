// What other parts of the product hear when discovery finds a new host.
//
// SEAM for `discovery.host_found`: the webhooks branch adds the emit function;
// when it lands, call it here for each new host (inside this transaction, so an
// event exists if and only if the host does). Until then a new host is only
// counted on its run (DiscoveryRun.newHosts) and listed with status new.
import type { Services } from "../context.ts";
import type { ScopedTx } from "../db/scoped.ts";

export async function announceNewHosts(
  _services: Services,
  _tx: ScopedTx,
  _workspaceId: number,
  _hosts: { id: number; host: string }[],
): Promise<void> {}
