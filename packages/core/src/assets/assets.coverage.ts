// Which hosts an ownership proof covers: a proven domain or subdomain covers
// itself and every name under it.
import type { ParsedTarget } from "@ems/scanners";
import type { ScopedClient, ScopedTx } from "../db/scoped.ts";

type Reader = Pick<ScopedClient | ScopedTx, "asset">;

const under = (host: string, parent: string) => host === parent || host.endsWith(`.${parent}`);

/** The proven asset that covers this subdomain (nearest first), if any. */
export async function ownershipCoverage(
  db: Reader,
  target: ParsedTarget,
): Promise<{ assetId: number; value: string } | null> {
  if (target.type !== "subdomain") return null;
  const labels = target.value.split(".");
  const ancestors = labels.slice(1).map((_, i) => labels.slice(i + 1).join("."));
  const proven = await db.asset.findMany({
    where: { type: { in: ["domain", "subdomain"] }, value: { in: ancestors }, ownershipVerifiedAt: { not: null } },
    select: { id: true, value: true },
  });
  proven.sort((a, b) => b.value.length - a.value.length);
  return proven[0] ? { assetId: proven[0].id, value: proven[0].value } : null;
}

/** A predicate for the hosts that the workspace's proofs (and the asset itself) cover. */
export async function coveredHosts(
  db: Reader,
  asset: { value: string; type: string },
): Promise<(host: string) => boolean> {
  const proven = await db.asset.findMany({
    where: { type: { in: ["domain", "subdomain"] }, ownershipVerifiedAt: { not: null } },
    select: { value: true },
  });
  const roots = [
    ...proven.map((p) => p.value),
    ...(asset.type === "domain" || asset.type === "subdomain" ? [asset.value] : []),
  ];
  return (host: string) => {
    const h = host.toLowerCase().replace(/\.$/, "");
    return h === asset.value || roots.some((r) => under(h, r));
  };
}
