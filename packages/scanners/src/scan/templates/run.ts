// Runs a parsed template (parse.ts) against one target with the runner of its
// protocol, and turns what matched into a finding. One finding per template
// and target: the first match is its evidence, every matching URL is listed.
import { capBytes } from "../evidence.ts";
import type { ScanFinding } from "../types.ts";
import { runDns } from "./dns-run.ts";
import { runHttp } from "./http-run.ts";
import type { Template } from "./model.ts";
import { runNetwork, type HostTarget } from "./network-run.ts";
import type { Hit, RunContext } from "./run-types.ts";
import { runSsl } from "./ssl-run.ts";
import { hostVariables, httpVariables, runVariables } from "./variables.ts";

export type { Hit, RunContext } from "./run-types.ts";
export type { HostTarget } from "./network-run.ts";
export { RequestCache } from "./request-cache.ts";

/** What a template runs against: a web endpoint (http) or a host with its TLS ports (network, ssl, dns). */
export type TemplateTarget = { baseUrl: string } | { host: HostTarget; tlsPorts: number[] };

export interface TemplateHit {
  template: Template;
  hits: Hit[];
}

/** Whether a template has anything to do on this target. */
export function appliesTo(t: Template, target: TemplateTarget): boolean {
  if ("baseUrl" in target) return t.protocol === "http";
  if (t.protocol === "dns") return !target.host.isIp;
  if (t.protocol === "ssl") return target.tlsPorts.length > 0;
  return t.protocol === "network";
}

/** Runs the template; null when nothing matched (or it does not apply). */
export async function runTemplate(t: Template, target: TemplateTarget, ctx: RunContext): Promise<TemplateHit | null> {
  if (!appliesTo(t, target)) return null;
  let hits: Hit[];
  if ("baseUrl" in target) hits = await runHttp(t, runVariables(t, httpVariables(target.baseUrl)), ctx);
  else {
    const vars = runVariables(t, hostVariables(target.host.host));
    if (t.protocol === "dns") hits = await runDns(t, target.host.host, vars, ctx);
    else if (t.protocol === "ssl") hits = await runSsl(t, target.host, target.tlsPorts, vars, ctx);
    else hits = await runNetwork(t, target.host, vars, ctx);
  }
  return hits.length ? { template: t, hits } : null;
}

export function templateFinding(hit: TemplateHit): ScanFinding {
  const t = hit.template;
  const first = hit.hits[0]!;
  const extracted = [...new Set(hit.hits.flatMap((h) => h.extracted))];
  const named: Record<string, string[]> = {};
  for (const h of hit.hits)
    for (const [k, v] of Object.entries(h.named)) named[k] = [...new Set([...(named[k] ?? []), ...v])];
  const matcherNames = [...new Set(hit.hits.flatMap((h) => h.names))];
  const matched = [...first.matched, ...extracted].join("\n");
  const urls = [...new Set(hit.hits.map((h) => h.url))];
  const description = [t.info.description || t.info.name, t.info.remediation ? `Fix: ${t.info.remediation}` : ""]
    .filter(Boolean)
    .join("\n\n");
  return {
    scanner: "templates",
    kind: t.kind,
    title: t.info.name,
    severity: t.info.severity,
    description,
    ...(first.port !== undefined ? { port: first.port } : {}),
    evidence: {
      ...first.evidence,
      ...(matched ? { matched: capBytes(matched, 512) } : {}),
      template: {
        id: t.id,
        protocol: t.protocol,
        tags: t.info.tags,
        ...(t.info.reference ? { reference: t.info.reference } : {}),
        ...(t.info.classification ? { classification: t.info.classification } : {}),
      },
      ...(urls.length > 1 ? { matchedUrls: urls.slice(0, 20) } : {}),
      ...(extracted.length ? { extracted: extracted.slice(0, 20) } : {}),
      ...(Object.keys(named).length ? { extractedByName: named } : {}),
      ...(matcherNames.length ? { matcherNames } : {}),
    },
  };
}
