// Subdomain takeover: a name whose CNAME leads to a cloud/SaaS target that
// no longer exists. Either the target is NXDOMAIN (for services where a
// deleted app's name can be registered again), or the service answers the
// name with its "no such app/bucket" page, fetched through safeFetch.
import type { NetConfig } from "../config.ts";
import { safeFetch } from "../http.ts";
import type { NameAnswer } from "./resolver.ts";
import { serviceOf, TAKEOVER_SERVICES, type TakeoverService } from "./takeover-services.ts";
import type { DiscoveredHost } from "./types.ts";

type Takeover = NonNullable<DiscoveredHost["takeover"]>;

/** Looks for a takeover on one name; never throws (a failed fetch is "not proven"). */
export async function checkTakeover(
  host: string,
  answer: NameAnswer,
  net: NetConfig,
  signal?: AbortSignal,
  services: readonly TakeoverService[] = TAKEOVER_SERVICES,
): Promise<Takeover | null> {
  const target = answer.cname.find((name) => serviceOf(name, services));
  const service = target && serviceOf(target, services);
  if (!target || !service) return null;
  const chain = [host, ...answer.cname].join(" → ");
  const resolves = answer.a.length + answer.aaaa.length > 0;
  if (!resolves) {
    if (!service.nxdomain || !answer.nxdomain) return null;
    return {
      service: service.service,
      target,
      evidence: `CNAME ${chain}: ${answer.cname.at(-1)} does not exist (NXDOMAIN)`,
    };
  }
  for (const scheme of ["http", "https"]) {
    if (!service.fingerprints.length || signal?.aborted) break;
    const url = `${scheme}://${host}/`;
    try {
      const res = await safeFetch(url, net, { signal, followRedirects: false });
      const seen = service.fingerprints.find((f) => res.body.includes(f));
      if (seen)
        return {
          service: service.service,
          target,
          evidence: `CNAME ${chain}; ${url} answered ${res.status}: "${seen}"`,
        };
    } catch {
      // Unreachable over this scheme: try the next, else nothing is proven.
    }
  }
  return null;
}
