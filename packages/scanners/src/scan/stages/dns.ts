// DNS: the catalogue's DNS checks (mail: SPF and DMARC; zone transfers, CAA…)
// on the asset's name, over the records our resolvers return
// (EMS_DNS_SERVERS). IP assets and buckets have no name of their own to judge.
import { catalogue } from "../../checks/catalogue.ts";
import { runDnsChecks } from "../../checks/engine/facts-run.ts";
import { catalogueKinds } from "../focus.ts";
import { scanChecks } from "./checks.ts";
import type { Stage } from "./stage.ts";

export const dnsStage: Stage = {
  id: "dns",
  scanner: "dns",
  enabled: (s) => !s.disabled("dns") && s.target.kind === "host" && !s.target.isIp,
  produces: (kind) => catalogueKinds().dns.has(kind),
  weight: () => 2,
  async run(ctx) {
    const { target, net, signal, emit, progress, wants } = ctx;
    if (target.kind !== "host" || target.isIp) return;
    const { settings } = scanChecks(ctx);
    const found = await runDnsChecks(
      target.host,
      catalogue().dns.filter((c) => wants(c.kind)),
      {
        net,
        dnsPort: settings.dnsPort,
        timeoutMs: Math.max(net.dnsTimeoutMs, 3000),
        signal,
      },
    );
    if (!signal.aborted) found.forEach(emit);
    progress(1);
  },
};
