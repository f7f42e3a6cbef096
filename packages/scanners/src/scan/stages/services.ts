// Services: asks the data stores and file servers the port scan found, in
// their own protocol, whether they serve without credentials (Redis, memcached,
// FTP anonymous, MongoDB, Elasticsearch); names what answered and its version
// on the open port (like nmap -sV). Runs after the HTTP stage so that
// Elasticsearch is judged from the root answers it fetched.
import { mapLimit } from "../evidence.ts";
import { probeElasticsearch } from "../services/elasticsearch.ts";
import { unauthenticatedFinding } from "../services/findings.ts";
import {
  probeFtpAnonymous,
  probeMemcached,
  probeMongo,
  probeRedis,
  type Probe,
  type ServiceAnswer,
} from "../services/probes.ts";
import type { OpenPortDetail } from "../port-scan.ts";
import type { Stage } from "./stage.ts";
import { webEndpoints } from "./web.ts";

const PROBES: Record<string, { probe: Probe; ports: number[] }> = {
  redis: { probe: probeRedis, ports: [6379] },
  memcached: { probe: probeMemcached, ports: [11211] },
  ftp: { probe: probeFtpAnonymous, ports: [21] },
  mongodb: { probe: probeMongo, ports: [27017, 27018] },
};
/** Ports probed at most (hosts that answer on every port). */
const MAX_PROBED = 32;

/**
 * Which protocols to try on an open port: the one its banner or number names; for a port that said nothing we could
 * read (Redis hangs up on the banner probe's HTTP request, MongoDB on its bytes; memcached answers ERROR), each
 * of theirs in turn.
 */
function probesFor(p: OpenPortDetail): Probe[] {
  const byName = p.service ? PROBES[p.service] : undefined;
  if (byName) return [byName.probe];
  const byPort = Object.values(PROBES).find((x) => x.ports.includes(p.port));
  if (byPort) return [byPort.probe];
  const silent = p.banner === null || /^(CLIENT_)?ERROR\b/.test(p.banner);
  return silent && !p.http && !p.tls ? [probeRedis, probeMemcached, probeMongo] : [];
}

export const servicesStage: Stage = {
  id: "services",
  scanner: "port-scan",
  enabled: (s) => !s.disabled("port-scan") && s.target.kind === "host" && s.profile.portScanMode !== "off",
  weight: () => 3,
  async run(ctx) {
    const { target, net, engine, shared, signal, emit, progress } = ctx;
    if (target.kind !== "host" || !shared.openPorts) return;
    const where = (port: number) => ({ host: target.host, address: target.address, port });
    const identify = (port: number, service: string, product: string) => {
      shared.openPorts = (shared.openPorts ?? []).map((p) =>
        p.port === port ? { ...p, service, product, banner: p.banner ?? product } : p,
      );
    };
    const tcp = shared.openPorts
      .map((p) => ({ port: p.port, probes: probesFor(p) }))
      .filter((x) => x.probes.length)
      .slice(0, MAX_PROBED);
    const roots = new Map((shared.roots ?? []).map((r) => [r.endpoint.base, r.result]));
    const web = webEndpoints(ctx, shared).filter((e) => !roots.size || roots.get(e.base));
    const total = tcp.length + web.length;
    let done = 0;
    const timeoutMs = Math.max(3000, engine.bannerTimeoutMs);
    await mapLimit(tcp, 8, async ({ port, probes }) => {
      let a: ServiceAnswer | null = null;
      for (const probe of probes) {
        a ??= await probe({ address: target.address, port, net, timeoutMs, signal });
      }
      if (a && !signal.aborted) {
        identify(port, a.service, a.product);
        if (a.unauthenticated) emit(unauthenticatedFinding(a, where(port)));
      }
      progress(++done / total);
    });
    await mapLimit(web, 4, async (e) => {
      const a = await probeElasticsearch(e.base, roots.get(e.base) ?? null, net, signal);
      if (a && !signal.aborted) {
        identify(e.port, a.service, a.product);
        if (a.unauthenticated) emit(unauthenticatedFinding(a, where(e.port), a.response));
      }
      progress(++done / total);
    });
  },
};
