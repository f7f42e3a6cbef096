// TLS: the catalogue's TLS checks on the open ports that completed a TLS
// handshake, plus 443/8443 when open (the configured HTTPS port when no port
// scan completed).
import { catalogue } from "../../checks/catalogue.ts";
import { mapLimit } from "../evidence.ts";
import { catalogueKinds } from "../focus.ts";
import { checkTls } from "../tls-checks.ts";
import { scanChecks } from "./checks.ts";
import type { Stage } from "./stage.ts";

export const tlsStage: Stage = {
  id: "tls",
  scanner: "tls",
  enabled: (s) => !s.disabled("tls") && s.target.kind === "host",
  produces: (kind) => catalogueKinds().tls.has(kind),
  reads: ["ports"],
  weight: () => 10,
  async run(ctx) {
    const { target, net, engine, shared, signal, emit, progress, wants } = ctx;
    if (target.kind !== "host") return;
    const { settings, limiter } = scanChecks(ctx);
    const candidates = new Set<number>();
    for (const p of shared.openPorts ?? []) if (p.tls || p.port === 443 || p.port === 8443) candidates.add(p.port);
    if (!shared.portsComplete) candidates.add(net.httpsPort);
    const ports = [...candidates].sort((a, b) => a - b);
    const options = {
      timeoutMs: Math.min(net.httpTimeoutMs, 10_000),
      signal,
      limiter,
      expiryWarningDays: settings.expiryWarningDays,
      checks: catalogue().tls.filter((c) => wants(c.kind)),
      ...(engine.extraCaCerts ? { extraCaCerts: engine.extraCaCerts } : {}),
    };
    let done = 0;
    await mapLimit(ports, 2, async (port) => {
      const found = await checkTls(
        { address: target.address, port, hostname: target.isIp ? null : target.host },
        options,
      );
      found.forEach(emit);
      progress(++done / ports.length);
    });
  },
};
