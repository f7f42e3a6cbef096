// Runs TCP and UDP checks: each check's conversation on one connection to an
// open port of the already vetted address (UDP: a connected socket to each
// port the check declares, since the port scan sees TCP only; converse
// re-checks the guard), under the conversation time limit, the host's limiter
// and the stage's signal. A reply that does not match ends the conversation at
// once, unproven; a reply matching a step's `identify` names the service on
// the port even so. Sends may use {{host}} (the target's name), {{username}}
// and {{password}} (default logins) and the values earlier steps extracted.
import { mapLimit } from "../../scan/evidence.ts";
import { printableBanner } from "../../scan/services.ts";
import { converse, type Conversation } from "../../scan/services/conversation.ts";
import type { NetConfig } from "../../config.ts";
import type { OpenPortDetail } from "../../scan/port-scan.ts";
import type { ScanFinding } from "../../scan/types.ts";
import type { ReadStep, Sendable, Step, TcpCheck, UdpCheck } from "../format/index.ts";
import { decode, encode } from "./codecs.ts";
import { checkFinding, productLabel } from "./finding.ts";
import { extractJson, matchShape, parseJson } from "./json.ts";
import type { ChecksSettings, HostLimiter } from "./settings.ts";
import { loginAccepted } from "../../secrets.ts";

const MAX_TRANSCRIPT = 2048;
const LINES_PER_REPLY = 12;

const latin1 = (b: Buffer) => b.toString("latin1");

/** When a reply is complete, per frame. */
function framer(read: ReadStep["read"]): (b: Buffer) => boolean {
  if (typeof read === "object") return (b) => ((read.until.lastIndex = 0), read.until.test(latin1(b)));
  switch (read) {
    case "line":
      return (b) => b.includes(0x0a);
    case "reply":
      return (b) => /(^|\n)\d{3} [^\n]*\n$/.test(latin1(b).replace(/\r/g, ""));
    case "resp":
      return (b) => {
        const head = /^\$(-?\d+)\r\n/.exec(latin1(b));
        if (head) return Number(head[1]) < 0 || b.length >= head[0].length + Number(head[1]) + 2;
        return b.includes(0x0a);
      };
    case "chunk":
      return (b) => b.length > 0;
    case "close":
      return () => false;
    case "le32":
      return (b) => b.length >= 4 && b.length >= b.readInt32LE(0);
    case "be32+1":
      return (b) => b.length >= 5 && b.length >= 1 + b.readInt32BE(1);
    case "be16":
      return (b) => b.length >= 2 && b.length >= 2 + b.readUInt16BE(0);
  }
}

type Vars = Record<string, string>;
/** `{{name}}` replaced by a known value (unknown names stay as written, visible in the transcript). */
const render = (s: string, vars: Vars) =>
  s.replace(/\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}/g, (whole, k: string) => vars[k] ?? whole);

/** The send with the variables filled in: text, and the text fields of a named encoder's document. */
function fill(send: Sendable, vars: Vars): Sendable {
  if (typeof send === "string") return render(send, vars);
  if (Buffer.isBuffer(send) || !("encode" in send)) return send;
  const doc = (v: unknown): unknown =>
    typeof v === "string"
      ? render(v, vars)
      : Array.isArray(v)
        ? v.map(doc)
        : v && typeof v === "object"
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, doc(x)]))
          : v;
  return { ...send, doc: doc(send.doc) as Record<string, unknown> };
}

export interface ConversationOutcome {
  proven: boolean;
  identified: boolean;
  transcript: string;
  /** The reply lines that proved it. */
  matched: string[];
  extracted: Record<string, unknown>;
  /** Every reply as text (product rules read them). */
  replies: string[];
}

/** Plays the steps over a conversation. */
async function play(c: Conversation, steps: readonly Step[], given: Vars) {
  const vars: Vars = { ...given };
  const lines: string[] = [];
  const note = (prefix: string, text: string, max = LINES_PER_REPLY) => {
    for (const l of text.replace(/\r/g, "").split("\n").filter(Boolean).slice(0, max)) lines.push(`${prefix} ${l}`);
  };
  const out: ConversationOutcome = {
    proven: false,
    identified: false,
    transcript: "",
    matched: [],
    extracted: {},
    replies: [],
  };
  let last: string | null = null;
  let proofs = 0;
  let failed = false;
  for (const step of steps) {
    if (step.when && (last === null || ((step.when.lastIndex = 0), !step.when.test(last)))) continue;
    if ("send" in step) {
      const payload = fill(step.send, vars);
      const bytes = encode(payload);
      c.send(bytes);
      note(">", step.show ?? (typeof payload === "string" ? payload : (printableBanner(bytes) ?? "")));
      continue;
    }
    const raw = await c.take(framer(step.read), step.read === "close");
    const text = step.decode ? decode(step.decode, raw) : latin1(raw);
    if (text === null) {
      failed = true;
      break;
    }
    out.replies.push(text);
    last = text;
    if (!step.quiet) note("<", step.decode ? text : (printableBanner(raw) ?? ""));
    if (step.identify && ((step.identify.lastIndex = 0), step.identify.test(text))) out.identified = true;
    const patterns = step.match === undefined ? [] : Array.isArray(step.match) ? step.match : [step.match];
    const seen: string[] = [];
    for (const re of patterns) {
      re.lastIndex = 0;
      const m = re.exec(text);
      if (!m) {
        failed = true;
        break;
      }
      // The whole line the match is on reads better than the match alone ("230 Login successful.").
      const start = text.lastIndexOf("\n", m.index) + 1;
      const end = text.indexOf("\n", m.index + m[0].length);
      seen.push(
        text
          .slice(start, end === -1 ? undefined : end)
          .replace(/\r$/, "")
          .slice(0, 200),
      );
    }
    if (failed) break;
    if (step.notMatch && ((step.notMatch.lastIndex = 0), step.notMatch.test(text))) {
      failed = true;
      break;
    }
    if (step.json) {
      const shown = matchShape(parseJson(text), step.json);
      if (!shown) {
        failed = true;
        break;
      }
      seen.push(...shown);
    }
    if (patterns.length || step.json) {
      proofs++;
      if (!step.quiet) out.matched = seen; // a quiet reply stays out of "matched" as out of the transcript
    }
    for (const [name, spec] of Object.entries(step.extract ?? {})) {
      if (spec instanceof RegExp) {
        spec.lastIndex = 0;
        const m = spec.exec(text);
        if (m) out.extracted[name] = m[1] ?? m[0];
      } else {
        const v = extractJson(parseJson(text), spec.json);
        if (v !== null && !(Array.isArray(v) && !v.length)) out.extracted[name] = v;
      }
      if (typeof out.extracted[name] === "string") vars[name] = out.extracted[name] as string;
    }
  }
  const extractedLines = Object.entries(out.extracted).map(([k, v]) => `< (${k}: ${JSON.stringify(v)})`);
  out.transcript = [...lines, ...extractedLines].join("\n").slice(0, MAX_TRANSCRIPT);
  out.proven = !failed && proofs > 0;
  if (out.proven) out.identified = true;
  return out;
}

export interface TcpRunContext {
  host: string;
  address: string;
  net: Pick<NetConfig, "allowPrivate" | "allowedRanges">;
  signal?: AbortSignal;
  settings: ChecksSettings;
  limiter: HostLimiter;
  loginAttempts: Map<string, number>;
  emit(f: ScanFinding): void;
  /** What answered on a port, as the conversation showed (a clean twin is named too). */
  identify?(port: number, service: string, product: string): void;
  onProgress?(fraction: number): void;
  note?(text: string): void;
  /**
   * Each port's time limit, from its first conversation: past it the port's conversations still going are stopped
   * and the port is reported to `onPortCut` (a slow port never holds the others back). None: the stage's alone.
   */
  perPortMs?: number;
  /** A port whose checks all ran. */
  onPortDone?(port: number): void;
  /** A port whose checks were stopped by perPortMs. */
  onPortCut?(port: number): void;
  /** A conversation's turn in the limiter came (a port's time limit starts at its first). */
  onTurn?(): void;
}

type ConversationCheck = TcpCheck | UdpCheck;

/** One conversation (or one per credential pair for default logins, within the budget). */
async function converseCheck(
  check: ConversationCheck,
  port: number,
  ctx: TcpRunContext,
): Promise<ConversationOutcome | null> {
  const udp = check.protocol === "udp";
  const once = (vars: Vars) =>
    ctx.limiter.run(() => {
      ctx.onTurn?.();
      return converse(
        {
          address: ctx.address,
          port,
          net: ctx.net,
          timeoutMs: ctx.settings.conversationTimeoutMs,
          ...(ctx.signal ? { signal: ctx.signal } : {}),
          ...(udp ? { udp } : {}),
          ...(!udp && check.tls ? { tls: /^[\d.:]+$/.test(ctx.host) ? {} : { servername: ctx.host } } : {}),
        },
        (c) => play(c, check.conversation, { host: ctx.host, ...vars }),
      );
    }, ctx.signal);
  if (!check.credentials) return once({});
  let best: ConversationOutcome | null = null;
  const key = `${udp ? "udp/" : ""}${port}|${check.service.name}`;
  for (const cred of check.credentials) {
    const used = ctx.loginAttempts.get(key) ?? 0;
    if (used >= ctx.settings.loginAttempts) break;
    ctx.loginAttempts.set(key, used + 1);
    const o = await once({ username: cred.username, password: cred.password });
    // Over UDP a wrong password (an SNMP community) is silence: try the next pair; over TCP silence ends the tries.
    if (!o && udp) continue;
    if (!o) break;
    best = o;
    if (o.proven) {
      o.matched = [loginAccepted(cred.username, cred.password), ...o.matched];
      break;
    }
  }
  return best;
}

/** The checks to run on an open port: those of its service or number, else (a silent port) the silent-capable. */
export function checksForPort(p: OpenPortDetail, checks: readonly TcpCheck[]): TcpCheck[] {
  const mine = checks.filter((c) => c.service.name === p.service || c.service.ports.includes(p.port));
  if (mine.length) return mine;
  const silent = p.banner === null || /^(CLIENT_)?ERROR\b/.test(p.banner);
  return silent && !p.http && !p.tls ? checks.filter((c) => c.service.silent) : [];
}

export interface Job {
  port: number;
  checks: readonly ConversationCheck[];
}

/**
 * Every job's conversations; findings emitted, and (TCP) the port named by what answered. Ports are taken in the
 * given order, as many at once as the host's limiter runs requests, each under its own time limit (perPortMs).
 */
async function runJobs(jobs: readonly Job[], ctx: TcpRunContext, udp: boolean): Promise<void> {
  const total = jobs.reduce((n, j) => n + j.checks.length, 0);
  let done = 0;
  await mapLimit(jobs, ctx.settings.concurrency, async (job) => {
    if (ctx.signal?.aborted) return;
    const own = new AbortController();
    // Without a time limit of its own, a port's conversations take the caller's signal as they are.
    const signal = !ctx.perPortMs ? ctx.signal : ctx.signal ? AbortSignal.any([ctx.signal, own.signal]) : own.signal;
    // The port's time runs from its first conversation's turn: waiting behind other ports' turns does not count.
    let timer: ReturnType<typeof setTimeout> | null = null;
    const limit = ctx.perPortMs;
    const onTurn = () =>
      void (limit && !timer && (timer = setTimeout(() => own.abort(new Error("port time limit")), limit)));
    const portCtx = { ...ctx, ...(signal ? { signal } : {}), onTurn };
    const named: Array<{ proven: boolean; service: string; product: string }> = [];
    try {
      await Promise.all(
        job.checks.map(async (check) => {
          let o: ConversationOutcome | null = null;
          try {
            o = await converseCheck(check, job.port, portCtx);
          } catch (err) {
            if (signal?.aborted) return;
            ctx.note?.(`check ${check.kind} failed on port ${job.port}: ${(err as Error).message}`);
          }
          ctx.onProgress?.(++done / total);
          if (!o || signal?.aborted) return;
          const product = productLabel(check.product, o.replies, o.extracted.version);
          if (o.identified) named.push({ proven: o.proven, service: check.service.name, product: product ?? "" });
          if (!o.proven) return;
          const at = `${ctx.host.includes(":") ? `[${ctx.host}]` : ctx.host}:${job.port}`;
          ctx.emit(
            checkFinding(check, {
              where: product ? `${product} on ${at}${udp ? "/udp" : ""}` : `${at}${udp ? "/udp" : ""}`,
              port: job.port,
              verdict: { matched: o.matched.join("\n") || "(matched)", details: o.extracted },
              product,
              evidence: { url: `${udp ? "udp" : "tcp"}://${at}`, address: ctx.address, transcript: o.transcript },
            }),
          );
        }),
      );
    } finally {
      if (timer) clearTimeout(timer);
    }
    if (ctx.signal?.aborted) throw ctx.signal.reason;
    if (own.signal.aborted) ctx.onPortCut?.(job.port);
    else ctx.onPortDone?.(job.port);
    // Open ports are TCP ports: a UDP answer does not name them.
    const best = named.find((n) => n.proven) ?? named[0];
    if (best && !udp) ctx.identify?.(job.port, best.service, best.product || best.service);
  });
}

/** The open ports some TCP check asks, in the given order (every one of them: no port is dropped). */
export function tcpJobs(ports: readonly OpenPortDetail[], checks: readonly TcpCheck[]): Job[] {
  return ports.map((p) => ({ port: p.port, checks: checksForPort(p, checks) })).filter((j) => j.checks.length);
}

/** The TCP checks on the open ports, taken in the given order. */
export function runTcpChecks(
  ports: readonly OpenPortDetail[],
  checks: readonly TcpCheck[],
  ctx: TcpRunContext,
): Promise<void> {
  return runJobs(tcpJobs(ports, checks), ctx, false);
}

/**
 * UDP checks, each on the ports its service declares (or on `ports`, for fixtures): one datagram exchange per check
 * and port. A port that sends nothing back costs the conversation's time limit; a closed one answers "port
 * unreachable", which ends it at once.
 */
export function runUdpChecks(
  checks: readonly UdpCheck[],
  ctx: TcpRunContext,
  ports?: readonly number[],
): Promise<void> {
  const byPort = new Map<number, UdpCheck[]>();
  for (const c of checks) {
    for (const port of ports ?? c.service.ports) byPort.set(port, [...(byPort.get(port) ?? []), c]);
  }
  const jobs = [...byPort].map(([port, list]) => ({ port, checks: list }));
  return runJobs(jobs, ctx, true);
}
