// runScan: one scan of one asset. It walks the stage table (stages/index.ts)
// and does, the same way for every stage, what stages must not each do
// themselves: the progress share (weights), the time limit, cancellation, the
// stage's report, and the findings deduplicated by kind at the end.
import type { NetConfig } from "../config.ts";
import { settleOnce } from "../settle.ts";
import type { ParsedTarget } from "../targets.ts";
import type { ScanEngineConfig } from "./config.ts";
import { portsForMode } from "./ports.ts";
import { progressReporter } from "./progress.ts";
import { STAGES } from "./stages/index.ts";
import type { ScanScope, Shared, Stage, StageContext } from "./stages/stage.ts";
import { prepareTarget } from "./target.ts";
import {
  ScanAbortedError,
  severityRank,
  toSeverity,
  type OpenPort,
  type ScanFinding,
  type ScanHooks,
  type ScanProfile,
  type ScanStage,
} from "./types.ts";

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
  /**
   * The address every stage connected to (a host's first vetted address); null for a bucket. Core links the issues of
   * one kind on names that reach the same address and port (docs/api.md, Problems).
   */
  address: string | null;
  findings: ScanFinding[];
  openPorts: OpenPort[];
  stages: StageReport[];
}

export const STAGE_ORDER: readonly ScanStage[] = STAGES.map((s) => s.id);

class StageTimeout extends Error {
  override name = "StageTimeout";
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
 * Every finding says how sure it is: the checks declare it; ports seen open and the scan's own notes are confirmed;
 * templates and nuclei (whose matchers we did not write) and technologies named from a page are firm; a known
 * vulnerability inferred from a version (distributions backport fixes) is tentative.
 */
function withConfidence(f: ScanFinding): ScanFinding {
  if (f.confidence) return f;
  const confidence =
    f.scanner === "templates" || f.scanner === "nuclei" || f.kind.endsWith(".end-of-life")
      ? "firm"
      : f.kind.endsWith(".vulnerable")
        ? "tentative"
        : f.scanner === "technologies"
          ? "firm"
          : "confirmed";
  return { ...f, confidence };
}

function stageTimeoutFinding(cut: Stage[], timeoutMs: number): ScanFinding {
  const names = cut.map((s) => s.id);
  const many = names.length > 1;
  const list = names.join(", ");
  return {
    scanner: cut[0]!.scanner,
    kind: "scan.stage-timeout",
    title: `Scan incomplete: ${list} stage${many ? "s" : ""} stopped at the time limit`,
    severity: "info",
    description:
      `The ${list} stage${many ? "s" : ""} did not finish within ${Math.round(timeoutMs / 1000)} s and ` +
      `${many ? "were" : "was"} stopped; what ${many ? "they" : "it"} found until then is kept, the rest of the scan ` +
      "ran normally. Problems may be missing from this scan. Slow or filtered targets cause this; the operator can " +
      "raise EMS_SCAN_STAGE_TIMEOUT_MS.",
    evidence: { stages: names, timeoutMs, matched: list },
  };
}

interface StageRun {
  outer: AbortSignal | undefined;
  abortError(): Error;
  emit(f: ScanFinding): void;
  /** The stage's fraction done, 0..1. */
  progress(fraction: number): void;
}

/** Runs one stage under the time limit and the scan's signal; rejects only when the scan is cancelled. */
async function runStage(stage: Stage, scope: ScanScope, shared: Shared, io: StageRun): Promise<StageReport> {
  const ctl = new AbortController();
  const signal = io.outer ? AbortSignal.any([io.outer, ctl.signal]) : ctl.signal;
  let open = true; // a stage cut short may still call back; nothing it says counts then
  const notes: string[] = [];
  const ctx: StageContext = {
    ...scope,
    shared,
    signal,
    emit: (f) => {
      if (open) io.emit(f);
    },
    progress: (fraction) => {
      if (open) io.progress(Math.min(1, Math.max(0, fraction)));
    },
    note: (text) => void notes.push(text),
  };
  const report: StageReport = { stage: stage.id, ms: 0, timedOut: false };
  const timeoutMs = scope.engine.stageTimeoutMs;
  const t0 = performance.now();
  try {
    await settleOnce<void>(
      {
        timeoutMs,
        ...(io.outer ? { signal: io.outer } : {}),
        onTimeout: (s) => {
          const err = new StageTimeout(`the ${stage.id} stage took longer than ${timeoutMs} ms`);
          ctl.abort(err);
          s.reject(err);
        },
        onAbort: (s) => s.reject(io.abortError()),
      },
      (s) => void stage.run(ctx).then(() => s.resolve(), s.reject),
    );
  } catch (err) {
    if (io.outer?.aborted) throw io.abortError();
    if (err instanceof StageTimeout || ctl.signal.aborted) report.timedOut = true;
    else report.error = err instanceof Error ? err.message : String(err);
  } finally {
    open = false;
  }
  report.ms = Math.round(performance.now() - t0);
  if (notes.length) report.notes = notes;
  return report;
}

/**
 * Scans one asset. Throws (before any stage) when the target cannot be
 * resolved or resolves to an address we may not contact; rejects with a
 * ScanAbortedError when hooks.signal is aborted. A stage that fails records
 * its error and the scan goes on; a stage past engine.stageTimeoutMs is
 * stopped (what it found so far is kept) and reported by a
 * "scan.stage-timeout" finding.
 */
export async function runScan(
  input: ScanInput,
  net: NetConfig,
  engine: ScanEngineConfig,
  hooks: ScanHooks = {},
): Promise<ScanResult> {
  const outer = hooks.signal;
  const abortError = () => new ScanAbortedError(undefined, { cause: outer?.reason });
  if (outer?.aborted) throw abortError();
  const profile = input.profile;
  portsForMode(profile.portScanMode); // throws on an unknown mode, before any network work
  const disabled = new Set((profile.disabledScannerTypes ?? []).map((s) => String(s).trim().toLowerCase()));

  const target = await prepareTarget(input.target, net);
  if (outer?.aborted) throw abortError();
  const scope: ScanScope = {
    target,
    profile,
    net,
    engine,
    covers: input.covers,
    minSeverity: toSeverity(profile.nucleiMinSeverity),
    disabled: (item) => disabled.has(item),
  };
  const shared: Shared = { openPorts: null, portsComplete: false, roots: null };
  const plan = STAGES.filter((s) => s.enabled(scope)).map((stage) => ({ stage, weight: stage.weight(scope) }));
  const totalWeight = plan.reduce((sum, p) => sum + p.weight, 0) || 1;
  const progress = progressReporter(hooks.onProgress);

  const findings: ScanFinding[] = [];
  const reports: StageReport[] = [];
  const cut: Stage[] = [];
  let before = 0;
  for (const { stage, weight } of plan) {
    const start = (before / totalWeight) * 100;
    const span = (weight / totalWeight) * 100;
    before += weight;
    if (outer?.aborted) throw abortError();
    progress.report(stage.id, start, true);
    await progress.settle();
    const report = await runStage(stage, scope, shared, {
      outer,
      abortError,
      emit: (f) => void findings.push(f),
      progress: (fraction) => progress.report(stage.id, start + span * fraction, false),
    });
    reports.push(report);
    if (report.timedOut) cut.push(stage);
  }
  if (outer?.aborted) throw abortError();
  // After every stage: later stages refine what earlier ones left (the services stage names the open ports' services).
  for (const { stage } of plan) findings.push(...(stage.findingsAfter?.(scope, shared) ?? []));

  if (cut.length) findings.push(stageTimeoutFinding(cut, engine.stageTimeoutMs));
  if (plan.length) progress.report(plan[plan.length - 1]!.stage.id, 100, false);
  await progress.settle();

  const openPorts = (shared.openPorts ?? []).map(({ port, protocol, service, banner }) => ({
    port,
    protocol,
    service,
    banner,
  }));
  const address = target.kind === "host" ? target.address : null;
  return { address, findings: dedupeFindings(findings.map(withConfidence)), openPorts, stages: reports };
}
