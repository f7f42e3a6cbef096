// `pnpm bench:scan`: our TCP connect scan (scanPorts from @ems/scanners)
// against Debian's `nmap -sT` on 127.0.0.1, ports 1–65535 and nmap's top
// 1000, in the same run, alternating which goes first. About 20 listeners
// (some with banners) are opened first at spread-out ports. Both scanners
// must find the same open ports, and exactly the ports that `ss` shows
// listening before and after each run (ports another process opened or
// closed meanwhile are reported, not held against either scanner).
// Writes the "Scan: TCP connect scan against nmap" section of
// docs/benchmarks.md and prints it.
import { execFile, spawn } from "node:child_process";
import { createServer as createHttpServer } from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { portsForMode, scanEngineConfigFromEnv, scanPorts } from "@ems/scanners";
import { writeBenchmarkSection } from "./benchmarks-doc.ts";

const TARGET = "127.0.0.1";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const NMAP = process.env.BENCH_NMAP ?? "nmap";
const SECTION = "## Scan: TCP connect scan against nmap";
const run = promisify(execFile);

// Spread over the range: well-known, registered, ephemeral, top-1000 and not.
const CANDIDATES = [
  21, 22, 25, 80, 443, 1433, 1723, 2049, 3306, 3389, 5900, 8080, 8443, 8888, 9200, 10000, 11211, 15672, 20000, 27017,
  31337, 40000, 47001, 55555, 60001, 64999, 65535, 1025, 4444, 12345, 23456, 34567, 45678, 56789,
];
const WANTED = 20;

type Kind = "ssh" | "smtp" | "http" | "silent";
interface Listener {
  port: number;
  kind: Kind;
  close(): Promise<void>;
}

async function open(port: number, kind: Kind): Promise<Listener | null> {
  // Tracked so that close() can end them: banner services never hang up by themselves.
  const sockets = new Set<net.Socket>();
  const server =
    kind === "http"
      ? createHttpServer((_req, res) => res.writeHead(200, { server: "bench/1.0" }).end("ok"))
      : net.createServer((s) => {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => undefined);
          if (kind === "ssh") s.write("SSH-2.0-OpenSSH_9.6\r\n");
          if (kind === "smtp") s.write("220 bench.example ESMTP\r\n");
        });
  const ok = await new Promise<boolean>((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, TARGET, () => resolve(true));
  });
  if (!ok) return null;
  return {
    port,
    kind,
    close: () =>
      new Promise<void>((resolve) => {
        if ("closeAllConnections" in server) server.closeAllConnections();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Ports listening for 127.0.0.1 according to the kernel (ss), or null without ss. */
async function listening(): Promise<Set<number> | null> {
  try {
    const { stdout } = await run("ss", ["-ltnH"]);
    const ports = new Set<number>();
    for (const line of stdout.split("\n")) {
      const local = line.trim().split(/\s+/)[3];
      const m = local && /^(.*):(\d+)$/.exec(local);
      if (!m) continue;
      const addr = m[1]!.replace(/%.*$/, "");
      if (["127.0.0.1", "0.0.0.0", "*", "[::]", "[::ffff:127.0.0.1]"].includes(addr)) ports.add(Number(m[2]));
    }
    return ports;
  } catch {
    return null;
  }
}

async function nmap(args: string[]): Promise<{ ms: number; open: number[] }> {
  const started = performance.now();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(NMAP, [...args, "-oG", "-"], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${NMAP} exited with ${code}: ${stderr.trim()}`)),
    );
  });
  const ms = performance.now() - started;
  const open = [...out.matchAll(/(\d+)\/open\/tcp/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
  return { ms, open };
}

async function ours(ports: number[], bannerTimeoutMs: number): Promise<{ ms: number; open: number[] }> {
  const cfg = scanEngineConfigFromEnv();
  const started = performance.now();
  const found = await scanPorts(TARGET, ports, {
    concurrency: cfg.portConcurrency,
    timeoutMs: cfg.portTimeoutMs,
    bannerTimeoutMs,
  });
  return { ms: performance.now() - started, open: found.map((p) => p.port) };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

interface Case {
  name: string;
  ports: number[];
  nmapArgs: string[];
}

const CASES: Case[] = [
  {
    name: "full (1–65535)",
    ports: portsForMode("full"),
    nmapArgs: ["-sT", "-p1-65535", "-T4", "--open", "-n", "-Pn", TARGET],
  },
  {
    name: "top 1000",
    ports: portsForMode("top1000"),
    nmapArgs: ["-sT", "--top-ports", "1000", "-T4", "--open", "-n", "-Pn", TARGET],
  },
];

const listeners: Listener[] = [];
let failed = false;
try {
  const { stdout: nmapVersion } = await run(NMAP, ["--version"]);
  // What usually speaks there; the rest alternate between a banner and silence.
  const kindFor = (port: number, i: number): Kind =>
    [22, 2222].includes(port)
      ? "ssh"
      : [25, 587].includes(port)
        ? "smtp"
        : [80, 443, 8080, 8443, 8888, 9200, 10000, 15672].includes(port)
          ? "http"
          : (["ssh", "smtp", "silent"] as const)[i % 3]!;
  for (const port of CANDIDATES) {
    if (listeners.length >= WANTED) break;
    const l = await open(port, kindFor(port, listeners.length));
    if (l) listeners.push(l);
  }
  if (listeners.length < WANTED) throw new Error(`could open only ${listeners.length} listeners on ${TARGET}`);
  const ourPorts = listeners.map((l) => l.port).sort((a, b) => a - b);
  console.log(`listeners on ${TARGET}: ${ourPorts.join(", ")}`);

  const cfg = scanEngineConfigFromEnv();
  // One warm-up of each (page cache, JIT, nmap's data files), not measured.
  await ours(CASES[1]!.ports, 0);
  await nmap(CASES[1]!.nmapArgs);

  interface Result {
    c: Case;
    oursMs: number[];
    nmapMs: number[];
    open: number[];
    foreign: Set<number>;
    problems: string[];
  }
  const results: Result[] = [];
  for (const c of CASES) {
    const r: Result = { c, oursMs: [], nmapMs: [], open: [], foreign: new Set(), problems: [] };
    const inScope = new Set(c.ports);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? (["ours", "nmap"] as const) : (["nmap", "ours"] as const);
      for (const who of order) {
        const before = await listening();
        const res = who === "ours" ? await ours(c.ports, 0) : await nmap(c.nmapArgs);
        const after = await listening();
        (who === "ours" ? r.oursMs : r.nmapMs).push(res.ms);
        console.log(
          `${c.name} round ${round + 1} ${who === "ours" ? "scanPorts" : "nmap -sT"}: ${fmt(res.ms)}, ` +
            `${res.open.length} open`,
        );
        const missing = ourPorts.filter((p) => inScope.has(p) && !res.open.includes(p));
        if (missing.length) r.problems.push(`${who} missed our listeners ${missing.join(", ")}`);
        if (before && after) {
          // Ground truth: what the kernel says listens, stable over the run.
          const changed = [...before].filter((p) => !after.has(p)).concat([...after].filter((p) => !before.has(p)));
          changed.forEach((p) => r.foreign.add(p));
          const truth = [...before].filter((p) => after.has(p) && inScope.has(p)).sort((a, b) => a - b);
          const seen = res.open.filter((p) => !changed.includes(p));
          if (!same(seen, truth)) r.problems.push(`${who}: found ${seen.join(",")} but ss shows ${truth.join(",")}`);
          if (!r.open.length) r.open = truth;
        } else if (!r.open.length) r.open = res.open;
      }
    }
    // Both scanners, every round: the same ports (modulo the ones that changed meanwhile).
    results.push(r);
    if (r.problems.length) failed = true;
  }

  // With banners (the product's default), for information: no nmap equivalent without -sV.
  const banners = await ours(CASES[1]!.ports, cfg.bannerTimeoutMs);

  const rows = results.map((r) => {
    const o = median(r.oursMs);
    const n = median(r.nmapMs);
    return (
      `| ${r.c.name} | ${r.c.ports.length} | ${fmt(o)} (${r.oursMs.map(fmt).join(", ")}) | ${fmt(n)} ` +
      `(${r.nmapMs.map(fmt).join(", ")}) | ${((o / n) * 100).toFixed(0)} % | ${r.open.length} | ` +
      `${r.problems.length ? "**no**" : "yes"} | ${o <= n ? "yes" : "no"} |`
    );
  });
  const table = [
    "| ports | count | scanPorts, median (runs) | nmap -sT, median (runs) | time ratio | open ports | same open " +
      "ports | aim met |",
    "|---|---:|---:|---:|---:|---:|:---:|:---:|",
    ...rows,
  ].join("\n");
  const cpus = os.cpus();
  const machine =
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
    `${os.platform()} ${os.release()}; Node ${process.version}; ${nmapVersion.split("\n")[0]!.trim()}`;
  const foreign = [...new Set(results.flatMap((r) => [...r.foreign]))].sort((a, b) => a - b);
  const others = results[0]!.open.filter((p) => !ourPorts.includes(p));
  const options = `{ concurrency: ${cfg.portConcurrency}, timeoutMs: ${cfg.portTimeoutMs}, bannerTimeoutMs: 0 }`;
  const nmapCommands = CASES.map((c) => `${NMAP} ${c.nmapArgs.join(" ")}`);
  const problems = results.flatMap((r) => r.problems);
  const section = `${SECTION}

${table}

- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC
- Machine: ${machine}
- Target ${TARGET}, ${ROUNDS} rounds per list, the two scanners alternating which goes first; times are wall clock
  (nmap's include its process start, ours are measured in-process and include starting the worker threads).
- scanPorts: \`scanPorts("${TARGET}", ports, ${options})\`
  (EMS_PORT_CONCURRENCY / EMS_PORT_TIMEOUT_MS); the comparison is connect-scan to connect-scan, so no banners,
  as \`nmap -sT\` reads none. Lists of 4096 ports or more are spread over worker threads (one per core, up to 4).
- nmap: \`${nmapCommands[0]}\` and \`${nmapCommands[1]}\` (plus \`-oG -\` to read the result).
- Open ports: ${results[0]!.open.join(", ")}: our ${listeners.length} listeners (${ourPorts.join(", ")};
  ${listeners.map((l) => `${l.port} ${l.kind}`).join(", ")})${
    others.length ? ` and ${others.join(", ")} already open on the machine` : ""
  }.
  The top 1000 found ${results[1]!.open.join(", ")}.
- Check: in every run each scanner found exactly what \`ss -ltn\` showed listening for ${TARGET} before and after
  that run${
    foreign.length
      ? `; ports that another process opened or closed during a run were left out: ${foreign.join(", ")}`
      : ""
  }.${problems.length ? `\n- **Mismatches:** ${problems.join("; ")}` : ""}
- With banners (the product's default, bannerTimeoutMs ${cfg.bannerTimeoutMs}), the top 1000 took ${fmt(banners.ms)}:
  banners are read while the scan goes on, so a silent service costs up to that wait at the end (nmap has no
  counterpart short of \`-sV\`).
- Aim: scanPorts at most nmap's time.

Reproduce: \`pnpm bench:scan\` (needs \`nmap\` on the PATH, or \`BENCH_NMAP=/path/to/nmap\`; \`BENCH_ROUNDS=n\`,
default 3; about 15 s). The code is in \`apps/api/bench/scan-bench.ts\`.
`;

  const file = await writeBenchmarkSection(SECTION, section);
  console.log(`\n${section}\nWritten to ${path.relative(process.cwd(), file)}`);
  if (failed) {
    console.error("FAILED: the scanners did not find the same open ports (see Mismatches)");
    process.exitCode = 1;
  }
} finally {
  await Promise.all(listeners.map((l) => l.close()));
}
