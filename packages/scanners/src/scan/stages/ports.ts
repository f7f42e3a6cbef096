// Ports: TCP connect scan of the target's first address (the mode's ports plus
// the configured HTTP(S) ports), banners, one `port.open.<port>` finding each.
import { hostForUrl } from "../../http.ts";
import { scanPortsDetailed, type OpenPortDetail } from "../port-scan.ts";
import { portsForMode } from "../ports.ts";
import { HTTPS_PORTS, HTTP_PORTS, portRisk, WELL_KNOWN_PORTS } from "../services.ts";
import type { HostTarget } from "../target.ts";
import type { ScanFinding, ScanProfile } from "../types.ts";
import type { Stage } from "./stage.ts";

const PORT_WEIGHT: Record<ScanProfile["portScanMode"], number> = { off: 0, web: 4, top100: 6, top1000: 10, full: 40 };

function portFinding(p: OpenPortDetail, target: HostTarget): ScanFinding {
  const risk = portRisk(p.port, p.service);
  const named = p.product ? `${p.service}: ${p.product}` : p.service;
  const service = named ? ` (${named})` : "";
  return {
    scanner: "port-scan",
    kind: `port.open.${p.port}`,
    title: `Open port ${p.port}/tcp${service}`,
    severity: risk.severity,
    description: `Port ${p.port}/tcp is open on ${target.host}${service}: ${risk.what}. ${risk.why} ${risk.fix}`,
    port: p.port,
    evidence: {
      url: `tcp://${hostForUrl(target.host)}:${p.port}`,
      address: target.address,
      service: p.service,
      ...(p.product ? { product: p.product } : {}),
      banner: p.banner,
      ...(p.banner ? { matched: p.banner } : {}),
      ...(p.tls ? { tls: true } : {}),
    },
  };
}

export const portsStage: Stage = {
  id: "ports",
  scanner: "port-scan",
  enabled: (s) => !s.disabled("port-scan") && s.target.kind === "host" && s.profile.portScanMode !== "off",
  produces: (kind) => kind.startsWith("port.open."),
  weight: (s) => PORT_WEIGHT[s.profile.portScanMode],
  async run({ target, profile, net, engine, shared, signal, progress, focus }) {
    if (target.kind !== "host") return;
    // A focused scan probes only its ports (the runner runs this stage only when it has some).
    const list = focus
      ? [...focus.ports]
      : [...new Set([...portsForMode(profile.portScanMode), net.httpPort, net.httpsPort])];
    const partial = new Map<number, OpenPortDetail>();
    shared.openPorts = [];
    // Open ports as they are seen, so that a stage cut by its time limit still leaves them (without banners).
    const onOpen = (port: number) => {
      if (signal.aborted) return; // the stage is over; later stages read shared.openPorts
      const http = HTTP_PORTS.has(port) || HTTPS_PORTS.has(port);
      partial.set(port, {
        port,
        protocol: "tcp",
        service: WELL_KNOWN_PORTS[port] ?? null,
        banner: null,
        tls: false,
        http,
      });
      shared.openPorts = [...partial.values()].sort((a, b) => a.port - b.port);
    };
    const found = await scanPortsDetailed(target.address, list, {
      concurrency: engine.portConcurrency,
      timeoutMs: engine.portTimeoutMs,
      bannerTimeoutMs: engine.bannerTimeoutMs,
      signal,
      hostname: target.host,
      userAgent: net.userAgent,
      onOpen,
      onProgress: (done, total) => progress(done / total),
    });
    if (signal.aborted) return;
    shared.openPorts = found;
    shared.portsComplete = true;
  },
  findingsAfter: (scope, shared) => {
    const target = scope.target;
    return target.kind === "host" ? (shared.openPorts ?? []).map((p) => portFinding(p, target)) : [];
  },
};
