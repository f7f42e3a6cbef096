// runScan: one scan of one asset, stage by stage (ports, tls, http,
// technologies, templates, nuclei), each under its own time limit, with
// progress, cancellation and findings deduplicated by kind.
import type { NetConfig } from "../config.ts";
import { DnsError, resolveHost } from "../dns.ts";
import { hostForUrl } from "../http.ts";
import { bucketUrl } from "../reachability.ts";
import { isAllowedAddress, parseIp } from "../safety.ts";
import type { ParsedTarget } from "../targets.ts";
import { detectTechnologies, mergeTechnologies, type Technology } from "../technologies.ts";
import type { ScanEngineConfig } from "./config.ts";
import { mapLimit } from "./evidence.ts";
import { checkBucketHttp, checkHttp, fetchRoots, type RootResponse, type WebEndpoint } from "./http-scan.ts";
import { runNuclei } from "./nuclei.ts";
import { scanPortsDetailed, type OpenPortDetail } from "./port-scan.ts";
import { portsForMode } from "./ports.ts";
import { HTTPS_PORTS, HTTP_PORTS, portRisk, WELL_KNOWN_PORTS } from "./services.ts";
import { BUILTIN_TEMPLATES_DIR, loadTemplates } from "./templates/parse.ts";
import { runTemplate, templateFinding } from "./templates/run.ts";
import { checkTls } from "./tls-scan.ts";
import { atLeast, ScanAbortedError, severityRank, toSeverity, type OpenPort, type ScanFinding, type ScanHooks, type ScanProfile, type ScanStage } from "./types.ts";

export interface ScanInput {
  target: ParsedTarget;
  profile: ScanProfile;
  /** Hosts the ownership proof covers; redirects elsewhere are not followed. */
  covers: (host: string) => boolean;
}

export interface StageReport {
  stage: ScanStage;
  ms: number;
  timedOut: boolean;
  error?: string;
  /** Things worth knowing that are not errors (templates that could not be loaded…). */
  notes?: string[];
}

export interface ScanResult {
  findings: ScanFinding[];
  openPorts: OpenPort[];
  stages: StageReport[];
}

export const STAGE_ORDER: readonly ScanStage[] = ["ports", "tls", "http", "technologies", "templates", "nuclei"];

const STAGE_SCANNER: Record<ScanStage, ScanFinding["scanner"]> = {
  ports: "port-scan",
  tls: "tls",
  http: "http",
  technologies: "technologies",
  templates: "templates",
  nuclei: "nuclei",
};

/** disabledScannerTypes items that turn a stage off ("templates" covers the nuclei binary too). */
const STAGE_SWITCHES: Record<ScanStage, string[]> = {
  ports: ["port-scan"],
  tls: ["tls"],
  http: ["http"],
  technologies: ["technologies"],
  templates: ["templates"],
  nuclei: ["templates", "nuclei"],
};

const PORT_WEIGHT: Record<ScanProfile["portScanMode"], number> = { off: 0, web: 4, top100: 6, top1000: 10, full: 40 };
const WEIGHT: Record<Exclude<ScanStage, "ports">, number> = { tls: 10, http: 20, technologies: 2, templates: 15, nuclei: 30 };
const MAX_WEB_ENDPOINTS = 10;

type Target =
  | { kind: "host"; host: string; isIp: boolean; address: string; addresses: string[] }
  | { kind: "bucket"; url: string };

/** Resolves and vets the target the way reachability does; throws a plain Error people can read. */
async function prepare(t: ParsedTarget, net: NetConfig): Promise<Target> {
  if (t.type === "bucket") return { kind: "bucket", url: bucketUrl(t, net) };
  const host = t.value;
  const isIp = t.type === "ipv4" || t.type === "ipv6";
  let addresses: string[];
  if (isIp) {
    const ip = parseIp(host);
    if (!ip) throw new Error(`cannot scan ${host}: not an IP address`);
    addresses = [ip.toString()];
  } else {
    try {
      const r = await resolveHost(host, net);
      addresses = [...r.a, ...r.aaaa];
    } catch (err) {
      if (err instanceof DnsError) throw new Error(`cannot scan ${host}: ${err.message}`);
      throw err;
    }
    if (!addresses.length) throw new Error(`cannot scan ${host}: it has no A/AAAA record`);
  }
  for (const ip of addresses) {
    const verdict = isAllowedAddress(ip, net);
    if (!verdict.allowed) throw new Error(`refusing to scan ${host}: ${verdict.reason}`);
  }
  return { kind: "host", host, isIp, address: addresses[0]!, addresses };
}

class StageTimeout extends Error {
  override name = "StageTimeout";
}

interface StageApi {
  signal: AbortSignal;
  emit(f: ScanFinding): void;
  /** Fraction of this stage done, 0..1. */
  progress(fraction: number): void;
  note(text: string): void;
}

interface Shared {
  target: Target;
  /** Open ports once the port stage ran (partial when it timed out); null when it did not run. */
  openPorts: OpenPortDetail[] | null;
  portsComplete: boolean;
  /** Root responses from the HTTP stage, reused for technologies and templates. */
  roots: RootResponse[] | null;
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "unknown";
}

function portFinding(p: OpenPortDetail, target: Extract<Target, { kind: "host" }>): ScanFinding {
  const risk = portRisk(p.port, p.service);
  const service = p.service ? ` (${p.service})` : "";
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
      banner: p.banner,
      ...(p.banner ? { matched: p.banner } : {}),
      ...(p.tls ? { tls: true } : {}),
    },
  };
}

/** The web endpoints to check: open ports that speak HTTP(S), or the configured ports when no port scan completed. */
function webEndpoints(shared: Shared, net: NetConfig): WebEndpoint[] {
  if (shared.target.kind !== "host") return [];
  const host = hostForUrl(shared.target.host);
  const base = (scheme: "http" | "https", port: number) => {
    const implicit = scheme === "http" ? port === 80 && net.httpPort === 80 : port === 443 && net.httpsPort === 443;
    return `${scheme}://${host}${implicit ? "" : `:${port}`}`;
  };
  const list: WebEndpoint[] = [];
  const add = (scheme: "http" | "https", port: number) => {
    if (!list.some((e) => e.port === port)) list.push({ scheme, port, base: base(scheme, port) });
  };
  for (const p of shared.openPorts ?? []) {
    if (p.tls && (p.http || HTTPS_PORTS.has(p.port))) add("https", p.port);
    else if (!p.tls && (p.http || HTTP_PORTS.has(p.port))) add("http", p.port);
  }
  if (!shared.portsComplete) {
    add("https", net.httpsPort);
    add("http", net.httpPort);
  }
  return list.sort((a, b) => (a.scheme === b.scheme ? a.port - b.port : a.scheme === "https" ? -1 : 1)).slice(0, MAX_WEB_ENDPOINTS);
}

const isHtml = (r: { headers: Record<string, string>; body: string }) => /html|xml/i.test(r.headers["content-type"] ?? "") || /^\s*</.test(r.body);

function techFinding(t: Technology, url: string, port: number): ScanFinding {
  const label = `${t.name}${t.version ? ` ${t.version}` : ""}`;
  return {
    scanner: "technologies",
    kind: `tech.${slug(t.name)}`,
    title: `Technology: ${label}`,
    severity: "info",
    description: `${label} (${t.category.replace(/-/g, " ")}) runs on this asset, seen from ${t.evidence}. Knowing it lets you match security advisories to the asset: keep it updated${t.version ? ", and check whether this version has known vulnerabilities" : ""}.`,
    port,
    evidence: { url, matched: t.evidence, technology: { name: t.name, version: t.version, category: t.category } },
  };
}

/** Keeps one finding per kind: the most severe (the first among equals), with every URL where the kind was seen. */
export function dedupeFindings(findings: ScanFinding[]): ScanFinding[] {
  const byKind = new Map<string, { f: ScanFinding; urls: string[] }>();
  for (const f of findings) {
    const url = f.evidence.url;
    const seen = byKind.get(f.kind);
    if (!seen) {
      byKind.set(f.kind, { f, urls: url ? [url] : [] });
      continue;
    }
    if (url && !seen.urls.includes(url)) seen.urls.push(url);
    for (const u of f.evidence.urls ?? []) if (!seen.urls.includes(u)) seen.urls.push(u);
    if (severityRank(f.severity) > severityRank(seen.f.severity)) seen.f = f;
  }
  return [...byKind.values()].map(({ f, urls }) => (urls.length > 1 ? { ...f, evidence: { ...f.evidence, urls } } : f));
}

/**
 * Scans one asset. Throws (before any stage) when the target cannot be
 * resolved or resolves to an address we may not contact; rejects with a
 * ScanAbortedError when hooks.signal is aborted. A stage that fails records
 * its error and the scan goes on; a stage past engine.stageTimeoutMs is
 * stopped (what it found so far is kept) and reported by a
 * "scan.stage-timeout" finding.
 */
export async function runScan(input: ScanInput, net: NetConfig, engine: ScanEngineConfig, hooks: ScanHooks = {}): Promise<ScanResult> {
  const outer = hooks.signal;
  const abortError = () => new ScanAbortedError(undefined, { cause: outer?.reason });
  if (outer?.aborted) throw abortError();
  const profile = input.profile;
  const minSeverity = toSeverity(profile.nucleiMinSeverity);
  const disabled = new Set((profile.disabledScannerTypes ?? []).map((s) => String(s).trim().toLowerCase()));
  const mode = profile.portScanMode;
  portsForMode(mode); // throws on an unknown mode, before any network work

  const target = await prepare(input.target, net);
  if (outer?.aborted) throw abortError();
  const shared: Shared = { target, openPorts: null, portsComplete: false, roots: null };

  const host = target.kind === "host" ? target : null;
  const enabled = (stage: ScanStage): boolean => {
    if (STAGE_SWITCHES[stage].some((s) => disabled.has(s))) return false;
    if (target.kind === "bucket") return stage === "http" || stage === "templates";
    if (stage === "ports") return mode !== "off";
    if (stage === "nuclei") return !!engine.nucleiBinary;
    return true;
  };
  const stages = STAGE_ORDER.filter(enabled);
  const weights = stages.map((s) => (s === "ports" ? PORT_WEIGHT[mode] : WEIGHT[s]));
  const totalWeight = weights.reduce((a, b) => a + b, 0) || 1;

  // Progress: never decreasing; hook calls are serialized and awaited at every stage boundary.
  let lastPercent = -1;
  let chain: Promise<void> = Promise.resolve();
  let hookError: unknown = null;
  const report = (stage: ScanStage, percent: number, force: boolean) => {
    if (!hooks.onProgress) return;
    const p = Math.max(lastPercent, Math.min(100, Math.floor(percent)));
    if (p === lastPercent && !force) return;
    lastPercent = p;
    chain = chain
      .then(() => hooks.onProgress!(stage, p))
      .catch((err: unknown) => {
        hookError ??= err;
      });
  };
  const settleHooks = async () => {
    await chain;
    if (hookError) throw hookError;
  };

  const findings: ScanFinding[] = [];
  const reports: StageReport[] = [];
  const timedOut: StageReport[] = [];

  const run: Record<ScanStage, (api: StageApi) => Promise<void>> = {
    async ports(api) {
      const t = host!;
      const list = [...new Set([...portsForMode(mode), net.httpPort, net.httpsPort])];
      const partial = new Map<number, OpenPortDetail>();
      shared.openPorts = [];
      const onOpen = (port: number) => {
        if (api.signal.aborted) return; // the stage is over; later stages read shared.openPorts
        partial.set(port, { port, protocol: "tcp", service: WELL_KNOWN_PORTS[port] ?? null, banner: null, tls: false, http: HTTP_PORTS.has(port) || HTTPS_PORTS.has(port) });
        shared.openPorts = [...partial.values()].sort((a, b) => a.port - b.port);
      };
      const found = await scanPortsDetailed(t.address, list, {
        concurrency: engine.portConcurrency,
        timeoutMs: engine.portTimeoutMs,
        bannerTimeoutMs: engine.bannerTimeoutMs,
        signal: api.signal,
        hostname: t.host,
        userAgent: net.userAgent,
        onOpen,
        onProgress: (done, total) => api.progress(done / total),
      });
      if (api.signal.aborted) return;
      shared.openPorts = found;
      shared.portsComplete = true;
    },
    async tls(api) {
      const t = host!;
      const candidates = new Set<number>();
      for (const p of shared.openPorts ?? []) if (p.tls || p.port === 443 || p.port === 8443) candidates.add(p.port);
      if (!shared.portsComplete) candidates.add(net.httpsPort);
      const ports = [...candidates].sort((a, b) => a - b);
      let done = 0;
      await mapLimit(ports, 2, async (port) => {
        const found = await checkTls(
          { address: t.address, port, hostname: t.isIp ? null : t.host },
          { timeoutMs: Math.min(net.httpTimeoutMs, 10_000), signal: api.signal, ...(engine.extraCaCerts ? { extraCaCerts: engine.extraCaCerts } : {}) },
        );
        found.forEach(api.emit);
        api.progress(++done / ports.length);
      });
    },
    async http(api) {
      const ctx = { net, covers: input.covers, signal: api.signal, emit: api.emit, onProgress: api.progress };
      if (target.kind === "bucket") return checkBucketHttp(target.url, ctx);
      const roots = await checkHttp(webEndpoints(shared, net), ctx);
      if (!api.signal.aborted) shared.roots = roots;
    },
    async technologies(api) {
      const roots = shared.roots ?? (await fetchRoots(webEndpoints(shared, net), net, input.covers, api.signal));
      if (!api.signal.aborted) shared.roots ??= roots;
      const perUrl = roots
        .filter((r) => r.result)
        .map((r) => ({ r: r.result!, port: r.endpoint.port, techs: detectTechnologies({ headers: r.result!.headers, html: isHtml(r.result!) ? r.result!.body : null }) }));
      const merged = mergeTechnologies(...perUrl.map((x) => x.techs));
      for (const t of merged) {
        const where = perUrl.find((x) => x.techs.some((y) => y.name === t.name && y.evidence === t.evidence)) ?? perUrl[0]!;
        api.emit(techFinding(t, where.r.url, where.port));
      }
      api.progress(1);
    },
    async templates(api) {
      const dirs = [BUILTIN_TEMPLATES_DIR, ...(engine.templatesDir ? [engine.templatesDir] : [])];
      const loaded = await loadTemplates(dirs);
      for (const e of loaded.errors) api.note(`template skipped: ${e.message}`);
      const templates = loaded.templates.filter((t) => atLeast(t.info.severity, minSeverity));
      let bases: string[];
      if (target.kind === "bucket") bases = [target.url.split("?")[0]!];
      else {
        const endpoints = webEndpoints(shared, net);
        const answering = shared.roots ? new Set(shared.roots.filter((r) => r.result).map((r) => r.endpoint.base)) : null;
        bases = endpoints.map((e) => e.base).filter((b) => !answering || answering.has(b));
      }
      const jobs = bases.flatMap((b) => templates.map((t) => ({ b, t })));
      let done = 0;
      await mapLimit(jobs, 4, async ({ b, t }) => {
        const hit = await runTemplate(t, b, net, { covers: input.covers, signal: api.signal });
        if (hit) api.emit(templateFinding(hit));
        api.progress(++done / jobs.length);
      });
    },
    async nuclei(api) {
      const endpoints = webEndpoints(shared, net);
      const answering = shared.roots ? new Set(shared.roots.filter((r) => r.result).map((r) => r.endpoint.base)) : null;
      const targets = endpoints.map((e) => e.base).filter((b) => !answering || answering.has(b));
      if (!targets.length) return api.note("no web endpoint answered; nuclei not run");
      await runNuclei({ binary: engine.nucleiBinary!, targets, minSeverity, signal: api.signal, onFinding: api.emit });
    },
  };

  let before = 0;
  for (let i = 0; i < stages.length; i++) {
    const stage = stages[i]!;
    const weight = weights[i]!;
    const start = (before / totalWeight) * 100;
    const span = (weight / totalWeight) * 100;
    before += weight;
    if (outer?.aborted) throw abortError();
    report(stage, start, true);
    await settleHooks();

    const ctl = new AbortController();
    const signal = outer ? AbortSignal.any([outer, ctl.signal]) : ctl.signal;
    let open = true;
    const notes: string[] = [];
    const api: StageApi = {
      signal,
      emit: (f) => {
        if (open) findings.push(f);
      },
      progress: (fraction) => {
        if (open) report(stage, start + span * Math.min(1, Math.max(0, fraction)), false);
      },
      note: (text) => void notes.push(text),
    };
    const t0 = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const entry: StageReport = { stage, ms: 0, timedOut: false };
    try {
      const work = run[stage](api);
      work.catch(() => undefined); // it may settle after a timeout or an abort; nobody listens then
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const err = new StageTimeout(`the ${stage} stage took longer than ${engine.stageTimeoutMs} ms`);
          ctl.abort(err);
          reject(err);
        }, engine.stageTimeoutMs);
        onAbort = () => reject(abortError());
        outer?.addEventListener("abort", onAbort, { once: true });
      });
      limit.catch(() => undefined);
      await Promise.race([work, limit]);
    } catch (err) {
      if (outer?.aborted) throw abortError();
      if (err instanceof StageTimeout || ctl.signal.aborted) {
        entry.timedOut = true;
        timedOut.push(entry);
      } else {
        entry.error = err instanceof Error ? err.message : String(err);
      }
    } finally {
      open = false;
      clearTimeout(timer);
      if (onAbort) outer?.removeEventListener("abort", onAbort);
    }
    entry.ms = Math.round(performance.now() - t0);
    if (notes.length) entry.notes = notes;
    reports.push(entry);
    // Ports: findings from what was found, also when the stage was cut short.
    if (stage === "ports" && host) for (const p of shared.openPorts ?? []) findings.push(portFinding(p, host));
  }
  if (outer?.aborted) throw abortError();

  if (timedOut.length) {
    const names = timedOut.map((s) => s.stage);
    findings.push({
      scanner: STAGE_SCANNER[names[0]!],
      kind: "scan.stage-timeout",
      title: `Scan incomplete: ${names.join(", ")} stage${names.length > 1 ? "s" : ""} stopped at the time limit`,
      severity: "info",
      description: `The ${names.join(", ")} stage${names.length > 1 ? "s" : ""} did not finish within ${Math.round(engine.stageTimeoutMs / 1000)} s and ${names.length > 1 ? "were" : "was"} stopped; what ${names.length > 1 ? "they" : "it"} found until then is kept, the rest of the scan ran normally. Problems may be missing from this scan. Slow or filtered targets cause this; the operator can raise EMS_SCAN_STAGE_TIMEOUT_MS.`,
      evidence: { stages: names, timeoutMs: engine.stageTimeoutMs, matched: names.join(", ") },
    });
  }
  if (stages.length) report(stages[stages.length - 1]!, 100, false);
  await settleHooks();

  const openPorts = (shared.openPorts ?? []).map(({ port, protocol, service, banner }) => ({ port, protocol, service, banner }));
  return { findings: dedupeFindings(findings), openPorts, stages: reports };
}

