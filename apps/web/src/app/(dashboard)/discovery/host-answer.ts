// How a discovered host is shown wherever hosts are listed (the discovery page, an asset's discovered hosts): kept
// apart from the discovery page so the asset page does not load that whole page.
import type { RouterOutputs } from "@ems/core";

type Host = RouterOutputs["discovery"]["hosts"]["items"][number];

export const HOST_TONE = { new: "info", ignored: "neutral", added: "success" } as const;

/** Where a host points: its address, CNAME target, or why not. */
export function hostAnswer(h: Host) {
  if (h.wildcard) return `wildcard ${h.wildcard.zone} (${h.wildcard.addresses.join(", ")})`;
  const ip = h.resolvedIp?.address ?? "does not resolve";
  return h.cname ? `${ip} via ${h.cname.target}` : ip;
}
