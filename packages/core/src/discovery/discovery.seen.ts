// The names the product already saw under a domain, for the engine's `seen`:
// certificate SANs (the outside view of checks, and the TLS scanner's
// findings), CNAME chains and redirect hosts recorded by checks.
import type { ScopedClient } from "../db/scoped.ts";

type Seen = { host: string; source: "certificate" | "cname" | "redirect" };

/** Findings read for certificate names: the newest, enough to cover every port of every asset once or twice. */
const TLS_FINDINGS_READ = 2_000;

const hostOf = (url: string, base: string) => {
  try {
    return new URL(url, base).hostname;
  } catch {
    return null;
  }
};

interface OutsideView {
  dns?: { cname?: string[] } | null;
  tls?: { altNames?: string[] } | null;
  http?: { hops?: { url: string; location?: string }[] } | null;
  https?: { hops?: { url: string; location?: string }[] } | null;
}

export async function gatherSeen(db: ScopedClient, domain: string): Promise<Seen[]> {
  const under = [{ value: domain }, { value: { endsWith: `.${domain}` } }];
  const where = { type: { in: ["domain" as const, "subdomain" as const] }, OR: under };
  const [assets, findings] = await Promise.all([
    db.asset.findMany({ where, select: { outsideView: true, skippedRedirectHost: true } }),
    db.finding.findMany({
      where: { scanner: "tls", asset: where },
      select: { evidence: true },
      orderBy: { id: "desc" },
      take: TLS_FINDINGS_READ,
    }),
  ]);
  const seen = new Map<string, Seen>();
  const add = (host: string | null | undefined, source: Seen["source"]) => {
    const h = host?.trim().toLowerCase().replace(/\.$/, "").replace(/^\*\./, "");
    if (!h || !(h === domain || h.endsWith(`.${domain}`))) return;
    if (!seen.has(`${source}:${h}`)) seen.set(`${source}:${h}`, { host: h, source });
  };
  for (const a of assets) {
    const view = (a.outsideView ?? {}) as OutsideView;
    for (const n of view.tls?.altNames ?? []) add(n, "certificate");
    for (const n of view.dns?.cname ?? []) add(n, "cname");
    for (const hop of [...(view.http?.hops ?? []), ...(view.https?.hops ?? [])]) {
      if (hop.location) add(hostOf(hop.location, hop.url), "redirect");
    }
    add(a.skippedRedirectHost, "redirect");
  }
  for (const f of findings) {
    const names = (f.evidence as { altNames?: unknown }).altNames;
    if (typeof names !== "string") continue;
    for (const n of names.split(",")) add(n.trim().replace(/^DNS:/, ""), "certificate");
  }
  return [...seen.values()];
}
