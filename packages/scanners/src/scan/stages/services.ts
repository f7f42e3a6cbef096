// Services: the catalogue's `service.` checks. Each open port is asked in its
// own protocol (the conversations of checks/catalogue/, by the service its
// banner or number names, else the checks that try silent ports: Redis,
// memcached, MongoDB…), the UDP checks ask their services' usual ports (SNMP,
// NTP…: the port scan sees TCP only), and every web endpoint gets the checks
// of services that speak HTTP (Elasticsearch…). What answered names the open port's
// service and product (like nmap -sV). Runs after the HTTP stage so that the
// HTTP services are judged from the home pages it fetched.
import { catalogue } from "../../checks/catalogue.ts";
import { runHttpChecks } from "../../checks/engine/http-run.ts";
import { runTcpChecks, runUdpChecks } from "../../checks/engine/tcp.ts";
import { catalogueKinds } from "../focus.ts";
import { fetchRoots } from "../http-scan.ts";
import { scanChecks } from "./checks.ts";
import type { Stage } from "./stage.ts";
import { webEndpoints } from "./web.ts";

export const servicesStage: Stage = {
  id: "services",
  scanner: "port-scan",
  enabled: (s) => !s.disabled("port-scan") && s.target.kind === "host" && s.profile.portScanMode !== "off",
  produces: (kind) => catalogueKinds().services.has(kind),
  reads: ["ports", "http"],
  weight: () => 3,
  async run(ctx) {
    const { target, net, covers, shared, signal, emit, progress, note, wants } = ctx;
    if (target.kind !== "host" || !shared.openPorts) return;
    const { settings, limiter, loginAttempts, resolved } = scanChecks(ctx);
    const identify = (port: number, service: string, product: string) => {
      shared.openPorts = (shared.openPorts ?? []).map((p) =>
        p.port === port ? { ...p, service, product, banner: p.banner ?? product } : p,
      );
    };
    const httpChecks = catalogue().http.filter((c) => c.kind.startsWith("service.") && wants(c.kind));
    const roots = !httpChecks.length
      ? []
      : (shared.roots ?? (await fetchRoots(webEndpoints(ctx, shared), net, covers, signal)));
    const web = roots
      .filter((r) => r.result)
      .map((r) => ({ base: r.endpoint.base, port: r.endpoint.port, root: r.result }));
    let tcpDone = 0;
    let udpDone = 0;
    let httpDone = 0;
    const report = () => progress((tcpDone + udpDone + httpDone) / 3);
    const common = { signal, settings, limiter, loginAttempts, emit, identify, note };
    const onHost = { ...common, host: target.host, address: target.address, net };
    const tcp = catalogue().tcp.filter((c) => wants(c.kind));
    const udp = catalogue().udp.filter((c) => wants(c.kind));
    await Promise.all([
      runTcpChecks(shared.openPorts, tcp, { ...onHost, onProgress: (f) => ((tcpDone = f), report()) }),
      runUdpChecks(udp, { ...onHost, onProgress: (f) => ((udpDone = f), report()) }),
      runHttpChecks(web, httpChecks, {
        ...common,
        net,
        covers,
        httpsAvailable: web.some((w) => w.base.startsWith("https:")),
        ...(resolved ? { resolved } : {}),
        onProgress: (f) => ((httpDone = f), report()),
      }),
    ]);
  },
};
