// Runs a nuclei binary, when the operator configured one, and imports its
// JSON lines. Note: nuclei makes its own connections (its own DNS and
// redirects), outside safeFetch's vetting. We hand it only the asset's
// vetted web URLs, turn off its interactsh callbacks and update checks, and
// keep what it reports at or above the profile's minimum severity.
import { spawn, type ChildProcess } from "node:child_process";
import { settleOnce, type Settle } from "../settle.ts";
import { capBytes } from "./evidence.ts";
import { atLeast, SEVERITIES, toSeverity, type ScanFinding, type Severity } from "./types.ts";

export interface NucleiRun {
  binary: string;
  targets: string[];
  minSeverity: Severity;
  signal?: AbortSignal;
  /** Extra arguments (tests, operators). */
  extraArgs?: string[];
  /** Each finding as soon as its line arrives. */
  onFinding?(f: ScanFinding): void;
}

export function nucleiArgs(targets: string[], minSeverity: Severity, extra: string[] = []): string[] {
  const severities = SEVERITIES.filter((s) => atLeast(s, minSeverity));
  return [
    "-jsonl",
    "-silent",
    "-no-color",
    "-disable-update-check",
    "-no-interactsh",
    "-severity",
    severities.join(","),
    ...targets.flatMap((t) => ["-u", t]),
    ...extra,
  ];
}

type Line = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" && v ? v : undefined);

/** One nuclei JSON result as a finding; null for lines that are not results or fall below the minimum. */
export function nucleiFinding(line: Line, minSeverity: Severity): ScanFinding | null {
  const id = str(line["template-id"]) ?? str(line.templateID);
  if (!id || !/^[\w.-]+$/.test(id)) return null;
  const info = (typeof line.info === "object" && line.info ? line.info : {}) as Line;
  const severity = toSeverity(info.severity);
  if (!atLeast(severity, minSeverity)) return null;
  const url = str(line["matched-at"]) ?? str(line.matched) ?? str(line.host);
  let port: number | undefined;
  try {
    if (url) {
      const u = new URL(url);
      port = Number(u.port) || (u.protocol === "https:" ? 443 : u.protocol === "http:" ? 80 : undefined);
    }
  } catch {
    port = Number(str(line.port)) || undefined;
  }
  const extracted = Array.isArray(line["extracted-results"])
    ? (line["extracted-results"] as unknown[]).map(String)
    : [];
  const matcher = str(line["matcher-name"]);
  const matched = [matcher, ...extracted].filter(Boolean).join("\n");
  const remediation = str(info.remediation);
  return {
    scanner: "nuclei",
    kind: `nuclei.${id}`,
    title: str(info.name) ?? id,
    severity,
    description: [str(info.description) ?? str(info.name) ?? id, remediation ? `Fix: ${remediation}` : ""]
      .filter(Boolean)
      .join("\n\n"),
    ...(port ? { port } : {}),
    evidence: {
      ...(url ? { url } : {}),
      ...(str(line.request) ? { request: capBytes(str(line.request)!) } : {}),
      ...(str(line.response) ? { response: capBytes(str(line.response)!) } : {}),
      ...(matched ? { matched: capBytes(matched, 512) } : {}),
      template: {
        id,
        tags: info.tags ?? [],
        ...(str(line["template-path"]) ? { path: str(line["template-path"]) } : {}),
        // What the template says it is (read by sourceClassification, which keeps only well-formed values).
        ...(info.reference ? { reference: info.reference } : {}),
        ...(typeof info.classification === "object" && info.classification
          ? { classification: info.classification }
          : {}),
      },
      ...(matcher ? { matcherName: matcher } : {}),
      ...(extracted.length ? { extracted: extracted.slice(0, 20) } : {}),
      ...(str(line["curl-command"]) ? { curl: capBytes(str(line["curl-command"])!, 1024) } : {}),
      ...(str(line.type) ? { protocol: str(line.type) } : {}),
    },
  };
}

/** Runs nuclei to the end (or until aborted: the process group is killed) and returns its findings. */
export function runNuclei(run: NucleiRun): Promise<ScanFinding[]> {
  let child: ChildProcess | undefined;
  /** The whole process group: nuclei starts helpers of its own. */
  const kill = () => {
    if (child?.pid === undefined || child.exitCode !== null) return;
    const pid = child.pid;
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
    setTimeout(() => {
      try {
        if (child?.exitCode === null) process.kill(-pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }, 2000).unref();
  };
  const onAbort = (settle: Settle<ScanFinding[]>) => {
    kill();
    settle.reject(run.signal!.reason);
  };
  return settleOnce<ScanFinding[]>({ ...(run.signal ? { signal: run.signal } : {}), onAbort }, (settle) => {
    const findings: ScanFinding[] = [];
    const proc = spawn(run.binary, nucleiArgs(run.targets, run.minSeverity, run.extraArgs), {
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child = proc;
    let stderr = "";
    let buffer = "";
    const take = (line: string) => {
      const t = line.trim();
      if (!t.startsWith("{")) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(t);
      } catch {
        return;
      }
      if (typeof parsed !== "object" || !parsed) return;
      const f = nucleiFinding(parsed as Line, run.minSeverity);
      if (f) {
        findings.push(f);
        run.onFinding?.(f);
      }
    };
    proc.stdout.setEncoding("utf8");
    proc.stdout.on("data", (chunk: string) => {
      buffer += chunk;
      let i: number;
      while ((i = buffer.indexOf("\n")) >= 0) {
        take(buffer.slice(0, i));
        buffer = buffer.slice(i + 1);
      }
    });
    proc.stderr.setEncoding("utf8");
    proc.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    proc.on("error", (err) => settle.reject(new Error(`cannot run nuclei (${run.binary}): ${err.message}`)));
    proc.on("close", (code, sig) => {
      if (buffer) take(buffer);
      if (code !== 0 && !findings.length) {
        const tail = stderr.trim().split("\n").slice(-3).join(" | ");
        return settle.reject(new Error(`nuclei exited with ${code ?? sig}${tail ? `: ${tail}` : ""}`));
      }
      settle.resolve(findings);
    });
  });
}
