// Services: the catalogue's `service.` checks. Each open port is asked in its
// own protocol (the conversations of checks/catalogue/, by the service its
// banner or number names, else the checks that try silent ports: Redis,
// memcached, MongoDB…), the UDP checks ask their services' usual ports (SNMP,
// NTP…: the port scan sees TCP only), and every web endpoint gets the checks
// of services that speak HTTP (Elasticsearch…). What answered names the open port's
// service and product (like nmap -sV). Runs after the HTTP stage so that the
// HTTP services are judged from the home pages it fetched. Every open port is
// asked: the stage's time limit grows with their number (scaledStageLimit),
// ports are taken as many at once as the host's limiter allows, those the last
// scan left out first, each under its own time limit; a port or endpoint cut
// by its limit, or left when the stage's ran out, is recorded as a cap.
import { catalogue } from "../../checks/catalogue.ts";
import { runHttpChecks } from "../../checks/engine/http-run.ts";
import { DEFAULT_CHECKS } from "../../checks/engine/settings.ts";
import { runTcpChecks, runUdpChecks, tcpJobs } from "../../checks/engine/tcp.ts";
import { pickedUpFirst, portTimeCap } from "../caps.ts";
import { scaledStageLimit } from "../config.ts";
import { catalogueKinds } from "../focus.ts";
import { fetchRoots } from "../http-scan.ts";
import { scanChecks } from "./checks.ts";
import type { ScanScope, Shared, Stage } from "./stage.ts";
import { endpointPort, webEndpoints } from "./web.ts";

/** The stage's time limit and each port's: every open port adds to it, the limiter's concurrency at a time. */
const limits = (scope: ScanScope, shared: Shared) =>
  scaledStageLimit(
    scope.engine,
    shared.openPorts?.length ?? 0,
    scope.engine.checks?.concurrency ?? DEFAULT_CHECKS.concurrency,
  );

export const servicesStage: Stage = {
  id: "services",
  scanner: "port-scan",
  enabled: (s) => !s.disabled("port-scan") && s.target.kind === "host" && s.profile.portScanMode !== "off",
  produces: (kind) => catalogueKinds().services.has(kind),
  reads: ["ports", "http"],
  weight: () => 3,
  timeLimit: (scope, shared) => limits(scope, shared).stageMs,
  async run(ctx) {
    const { target, net, covers, shared, signal, emit, progress, note, wants, pickUp } = ctx;
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
    // In webEndpoints' order: those the last scan left out first.
    const web = roots
      .filter((r) => r.result)
      .map((r) => ({ base: r.endpoint.base, port: r.endpoint.port, root: r.result }));
    const tcp = catalogue().tcp.filter((c) => wants(c.kind));
    const udp = catalogue().udp.filter((c) => wants(c.kind));
    const picked = new Set(pickUp.ports ?? []);
    const ports = pickedUpFirst(shared.openPorts, (p) => picked.has(p.port));
    const tcpWork = ctx.work(
      "open ports",
      tcpJobs(ports, tcp).map((j) => j.port),
    );
    const webWork = ctx.work(
      "web endpoints",
      web.map((w) => w.base),
      (base) => endpointPort(String(base)),
    );
    const { perUnitMs: perPortMs } = limits(ctx, shared);
    const cutPorts: number[] = [];
    const cutWeb: Array<{ base: string; port: number }> = [];
    let tcpDone = 0;
    let udpDone = 0;
    let httpDone = 0;
    const report = () => progress((tcpDone + udpDone + httpDone) / 3);
    const common = {
      signal,
      settings,
      limiter,
      loginAttempts,
      emit,
      identify,
      note,
      ...(perPortMs ? { perPortMs } : {}),
    };
    const onHost = { ...common, host: target.host, address: target.address, net };
    await Promise.all([
      runTcpChecks(ports, tcp, {
        ...onHost,
        onProgress: (f) => ((tcpDone = f), report()),
        onPortDone: (port) => tcpWork.done(port),
        onPortCut: (port) => (tcpWork.done(port), cutPorts.push(port)),
      }),
      runUdpChecks(udp, { ...onHost, onProgress: (f) => ((udpDone = f), report()) }),
      runHttpChecks(web, httpChecks, {
        ...common,
        net,
        covers,
        httpsAvailable: web.some((w) => w.base.startsWith("https:")),
        ...(resolved ? { resolved } : {}),
        onProgress: (f) => ((httpDone = f), report()),
        ...(perPortMs ? { perEndpointMs: perPortMs } : {}),
        onEndpointDone: (t) => webWork.done(t.base),
        onEndpointCut: (t) => (webWork.done(t.base), cutWeb.push(t)),
      }),
    ]);
    if (!perPortMs) return;
    if (cutPorts.length) ctx.cap(portTimeCap("services", perPortMs, "open ports", cutPorts));
    if (cutWeb.length) {
      const urls = cutWeb.map((w) => w.base);
      ctx.cap(
        portTimeCap(
          "services",
          perPortMs,
          "web endpoints",
          cutWeb.map((w) => w.port),
          urls,
        ),
      );
    }
  },
};
