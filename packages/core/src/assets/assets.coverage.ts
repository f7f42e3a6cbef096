// Which hosts an ownership proof covers: a proven domain or subdomain covers
// itself and every name under it.
import { writeAudits } from "../audit/write.ts";
import { type Actor } from "../actors.ts";
import type { ScopedClient, ScopedTx } from "../db/scoped.ts";

type Reader = Pick<ScopedClient | ScopedTx, "asset">;

const under = (host: string, parent: string) => host === parent || host.endsWith(`.${parent}`);

/** The proven asset that covers this subdomain (nearest first), if any. */
export async function ownershipCoverage(
  db: Reader,
  target: { type: string; value: string },
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

/**
 * Proves, in the caller's transaction, the workspace's unproven subdomains under a host that was just proven (the
 * other order, a subdomain added under a proven domain, is proven when added: insertAsset). One audit entry each.
 */
export async function proveCoveredSubdomains(tx: ScopedTx, actor: Actor, proven: { id: number; value: string }) {
  const covered = await tx.asset.findMany({
    where: { type: "subdomain", ownershipVerifiedAt: null, value: { endsWith: `.${proven.value}` } },
    select: { id: true },
  });
  if (!covered.length) return 0;
  await tx.asset.updateMany({
    where: { id: { in: covered.map((c) => c.id) } },
    data: { ownershipVerifiedAt: new Date(), ownershipMethod: "parent" },
  });
  await writeAudits(
    tx,
    actor,
    covered.map((c) => ({
      action: "asset.ownership-verified",
      resourceType: "asset",
      resourceId: c.id,
      changes: {
        ownership: { before: "pending", after: "proven" },
        methods: { before: null, after: ["parent-domain: ok"] },
        provenBy: { before: null, after: proven.id },
      },
    })),
  );
  return covered.length;
}

/** How many subdomain assets are proven through this one (by a parent-domain proof under it). */
export const countCovered = (db: Reader, asset: { type: string; value: string }) =>
  asset.type === "domain" || asset.type === "subdomain"
    ? db.asset.count({ where: { ownershipMethod: "parent", value: { endsWith: `.${asset.value}` } } })
    : Promise.resolve(0);
