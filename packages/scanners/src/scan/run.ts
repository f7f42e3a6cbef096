// runScan: one scan of one asset. It walks the stage table (stages/index.ts)
// and does, the same way for every stage, what stages must not each do
// themselves: the progress share (weights), the time limit, cancellation, the
// stage's report, and the findings deduplicated by kind at the end.
import type { NetConfig } from "../config.ts";
import { settleOnce } from "../settle.ts";
import type { ParsedTarget } from "../targets.ts";
import { stageTimeCap, StageWork, type ScanCap, type ScanPickUp } from "./caps.ts";
import type { ScanEngineConfig } from "./config.ts";
import { toFocus, type Focus, type ScanFocus } from "./focus.ts";
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
  /** Look only for these kinds (on these ports): a retest. See ./focus.ts. */
  focus?: ScanFocus;
  /** What the asset's last scan left out (its caps' ports and URLs): looked at first. See ./caps.ts. */
  pickUp?: ScanPickUp;
}

export interface StageReport {
  stage: ScanStage;
  ms: number;
  timedOut: boolean;
  error?: string;
  /** Things worth knowing that are not errors (templates that could not be loaded…). */
  notes?: string[];
  /** The stage's time limit (it grows with the open ports for the services and HTTP stages: config.ts). */
  timeLimitMs: number;
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
  /**
   * A focused scan's kinds that were looked at to the end: every stage that can report the kind, and every stage
   * whose results it reads, ran and finished within its time limit without error. A kind listed here and not among
   * the findings is gone; a kind of the focus missing here was not looked at. Absent for a whole scan.
   */
  lookedAt?: string[];
  /** "partial" when a cap left something out (`caps` says what); "complete" otherwise. */
  completeness: "complete" | "partial";
  /** The caps that bit: which stage, which limit, what was left out and why (./caps.ts). Empty when complete. */
  caps: ScanCap[];
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
  cap(c: ScanCap): void;
}

/** Runs one stage under the time limit and the scan's signal; rejects only when the scan is cancelled. */
async function runStage(stage: Stage, scope: ScanScope, shared: Shared, io: StageRun): Promise<StageReport> {
  const ctl = new AbortController();
  const timeoutMs = stage.timeLimit?.(scope, shared) ?? scope.engine.stageTimeoutMs;
  const works: StageWork[] = [];
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
    timeLimitMs: timeoutMs,
    work: (what, items, portOf) => {
      const w = new StageWork(what, items, portOf);
      works.push(w);
      return w;
    },
    cap: (c) => {
      if (open) io.cap(c);
    },
  };
  const report: StageReport = { stage: stage.id, ms: 0, timedOut: false, timeLimitMs: timeoutMs };
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
    if (err instanceof StageTimeout || ctl.signal.aborted) {
      report.timedOut = true;
      open = false;
      const cut = works.filter((w) => w.leftOut());
      for (const w of cut.length ? cut : [null]) io.cap(stageTimeCap(stage.id, timeoutMs, w));
    } else report.error = err instanceof Error ? err.message : String(err);
  } finally {
    open = false;
  }
  report.ms = Math.round(performance.now() - t0);
  if (notes.length) report.notes = notes;
  return report;
}

/** Whether some stage can look for this kind on its own: what a focused scan (a retest) can confirm gone. */
export const focusableKind = (kind: string): boolean => STAGES.some((s) => s.produces(kind));

/** The focus's kinds looked at to the end (see ScanResult.lookedAt): a stage with a cap that bit did not. */
function kindsLookedAt(
  focus: Focus,
  plan: readonly Stage[],
  reports: readonly StageReport[],
  caps: readonly ScanCap[],
): string[] {
  const ran = new Set(plan.map((s) => s.id));
  const capped = new Set(caps.map((c) => c.stage));
  const finished = new Set(reports.filter((r) => !r.timedOut && !r.error && !capped.has(r.stage)).map((r) => r.stage));
  const needs = (s: Stage) => [s.id, ...(s.reads ?? []).filter((id) => ran.has(id))];
  return [...focus.kinds].filter((kind) => {
    const producers = plan.filter((s) => s.produces(kind));
    return producers.length > 0 && producers.every((s) => needs(s).every((id) => finished.has(id)));
  });
}

/** The stages a scan runs: the enabled ones; of a focused scan, those that can report its kinds (ports: its ports). */
function planStages(scope: ScanScope): Stage[] {
  const { focus } = scope;
  return STAGES.filter(
    (s) =>
      s.enabled(scope) &&
      (!focus || (s.id === "ports" ? focus.ports.length > 0 : [...focus.kinds].some((k) => s.produces(k)))),
  );
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
  const focus = input.focus ? toFocus(input.focus) : null;
  const scope: ScanScope = {
    target,
    profile,
    net,
    engine,
    covers: input.covers,
    minSeverity: toSeverity(profile.nucleiMinSeverity),
    disabled: (item) => disabled.has(item),
    focus,
    wants: (kind) => !focus || focus.kinds.has(kind),
    pickUp: input.pickUp ?? {},
  };
  const shared: Shared = { openPorts: null, portsComplete: false, roots: null };
  const plan = planStages(scope).map((stage) => ({ stage, weight: stage.weight(scope) }));
  const totalWeight = plan.reduce((sum, p) => sum + p.weight, 0) || 1;
  const progress = progressReporter(hooks.onProgress);

  const findings: ScanFinding[] = [];
  const caps: ScanCap[] = [];
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
      emit: (f) => void (scope.wants(f.kind) && findings.push(f)),
      progress: (fraction) => progress.report(stage.id, start + span * fraction, false),
      cap: (c) => void caps.push(c),
    });
    reports.push(report);
    if (report.timedOut) cut.push(stage);
  }
  if (outer?.aborted) throw abortError();
  // After every stage: later stages refine what earlier ones left (the services stage names the open ports' services).
  for (const { stage } of plan) {
    findings.push(...(stage.findingsAfter?.(scope, shared) ?? []).filter((f) => scope.wants(f.kind)));
  }

  if (cut.length) {
    const limits = reports.filter((r) => r.timedOut).map((r) => r.timeLimitMs);
    findings.push(stageTimeoutFinding(cut, Math.max(...limits)));
  }
  if (plan.length) progress.report(plan[plan.length - 1]!.stage.id, 100, false);
  await progress.settle();

  const openPorts = (shared.openPorts ?? []).map(({ port, protocol, service, banner }) => ({
    port,
    protocol,
    service,
    banner,
  }));
  const address = target.kind === "host" ? target.address : null;
  return {
    address,
    findings: dedupeFindings(findings.map(withConfidence)),
    openPorts,
    stages: reports,
    completeness: caps.length ? "partial" : "complete",
    caps,
    ...(focus
      ? {
          lookedAt: kindsLookedAt(
            focus,
            plan.map((p) => p.stage),
            reports,
            caps,
          ),
        }
      : {}),
  };
}
