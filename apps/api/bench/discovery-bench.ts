// `pnpm bench:discovery`: how fast discovery resolves names. A DNS server on
// 127.0.0.1 (dns-packet, answers from a Map, in a child process so that its
// CPU and memory are not ours) serves h<i>.bench.test: even i answer A (and
// AAAA for every fourth), odd i are NXDOMAIN, as most brute-forced names are.
// We resolve 10,000 and 100,000 names the way discoverHostnames does
// (DnsClient.lookup: A, AAAA unless NXDOMAIN, the CNAME chain, through forEachPooled with
// EMS_DISCOVERY_CONCURRENCY workers), check every answer, and sample RSS.
// For comparison, 10,000 names through node's c-ares Resolver (the same
// answers, which takes a CNAME question more per name; same concurrency). Writes the "Discovery: resolving names"
// section of docs/benchmarks.md and prints it.
import { spawn } from "node:child_process";
import { Resolver } from "node:dns/promises";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { defaultNetConfig, discoveryConfigFromEnv, DnsClient, forEachPooled, type NameAnswer } from "@ems/scanners";
import { writeBenchmarkSection } from "./benchmarks-doc.ts";
import { benchAddress, benchNames } from "./discovery-names.ts";

const SECTION = "## Discovery: resolving names";
const here = path.dirname(fileURLToPath(import.meta.url));
const SIZES = [10_000, 100_000];
const concurrency = discoveryConfigFromEnv().resolveConcurrency;

interface Run {
  label: string;
  names: number;
  ms: number;
  rssBefore: number;
  rssPeak: number;
  wrong: number;
  failed: number;
  /** CPU time (user + system) per name, in µs, of this process and of the DNS server's. */
  clientCpuUs: number;
  serverCpuUs: number;
}

interface DnsServerProcess {
  port: number;
  pid: number;
  stop(): void;
}

/** A process's CPU time so far in µs, from /proc (utime + stime, in clock ticks of 10 ms). */
async function cpuOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function startServer(count: number): Promise<DnsServerProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(here, "discovery-dns-server.ts"), String(count)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the DNS server exited (${code})`)));
    createInterface({ input: child.stdout! }).once("line", resolve);
  });
  return { port: Number(line), pid: child.pid!, stop: () => void child.kill("SIGTERM") };
}

/** Runs `work` while sampling RSS every 20 ms; counts both processes' CPU time. */
async function measure(
  label: string,
  names: number,
  server: DnsServerProcess,
  work: () => Promise<{ wrong: number; failed: number }>,
) {
  const cpuBefore = process.cpuUsage();
  const serverBefore = await cpuOf(server.pid);
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const { wrong, failed } = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  const cpu = process.cpuUsage(cpuBefore);
  const clientCpuUs = (cpu.user + cpu.system) / names;
  const serverCpuUs = ((await cpuOf(server.pid)) - serverBefore) / names;
  const run: Run = { label, names, ms, rssBefore, rssPeak, wrong, failed, clientCpuUs, serverCpuUs };
  console.log(`${label} ${names}: ${Math.round((names / ms) * 1000)} names/s, peak RSS ${mib(rssPeak)}`);
  return run;
}

function checker() {
  const counts = { wrong: 0, failed: 0 };
  return {
    counts,
    check(i: number, answer: NameAnswer | null) {
      if (!answer) return void counts.failed++;
      const want = i % 2 === 0 ? benchAddress(i) : null;
      const ok = want
        ? answer.a.join() === want.a && answer.aaaa.join() === (want.aaaa ?? "")
        : answer.nxdomain && !answer.a.length;
      if (!ok) counts.wrong++;
    },
  };
}

async function ours(port: number, count: number): Promise<{ wrong: number; failed: number }> {
  const dns = new DnsClient({ ...defaultNetConfig, dnsServers: [`127.0.0.1:${port}`], dnsTimeoutMs: 3000 });
  const { counts, check } = checker();
  try {
    await forEachPooled(benchNames(count), concurrency, async ({ i, name }) => {
      check(i, await dns.lookup(name).catch(() => null));
    });
  } finally {
    dns.close();
  }
  return counts;
}

/**
 * What discovery needs, through c-ares: its resolve4 does not return the CNAME chain (nor tells a
 * dangling CNAME from a missing name), so a CNAME question goes with the A question, as in ../dns.ts;
 * then AAAA unless NXDOMAIN. (Chains longer than one link would need more CNAME questions.)
 */
async function cares(port: number, count: number): Promise<{ wrong: number; failed: number }> {
  const r = new Resolver({ timeout: 3000, tries: 2 });
  r.setServers([`127.0.0.1:${port}`]);
  const { counts, check } = checker();
  await forEachPooled(benchNames(count), concurrency, async ({ i, name }) => {
    try {
      const [a, cname] = await Promise.all([
        r.resolve4(name).catch((err: NodeJS.ErrnoException) => {
          if (err.code === "ENOTFOUND") return null;
          throw err;
        }),
        r.resolveCname(name).catch((err: NodeJS.ErrnoException) => {
          if (err.code === "ENOTFOUND" || err.code === "ENODATA") return [];
          throw err;
        }),
      ]);
      if (!a) return check(i, { a: [], aaaa: [], cname, nxdomain: true });
      const aaaa = await r.resolve6(name).catch((err: NodeJS.ErrnoException) => {
        if (err.code === "ENODATA") return [];
        throw err;
      });
      check(i, { a, aaaa, cname, nxdomain: false });
    } catch {
      check(i, null);
    }
  });
  return counts;
}

const machine = () =>
  `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "unknown CPU"}), ` +
  `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version}`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const COLUMNS = [
  "resolver",
  "names",
  "time",
  "names/s",
  "client CPU per name",
  "server CPU per name",
  "names/s, a core each",
  "RSS before",
  "peak RSS",
  "wrong or failed",
];
const HEADER = `| ${COLUMNS.join(" | ")} |\n|---|${"---:|".repeat(COLUMNS.length - 1)}`;
const perCore = (r: Run) => Math.round(1e6 / Math.max(r.clientCpuUs, r.serverCpuUs)).toLocaleString("en-US");
const rate = (r: Run) => Math.round((r.names / r.ms) * 1000).toLocaleString("en-US");

async function main() {
  const load = os.loadavg();
  const server = await startServer(Math.max(...SIZES));
  const runs: Run[] = [];
  try {
    await ours(server.port, 2000); // warm-up: JIT, sockets
    for (const n of SIZES)
      runs.push(await measure("DnsClient (dns-packet, UDP)", n, server, () => ours(server.port, n)));
    const n = SIZES[0]!;
    runs.push(await measure("node:dns Resolver (c-ares)", n, server, () => cares(server.port, n)));
  } finally {
    server.stop();
  }
  const rows = runs.map(
    (r) =>
      `| ${r.label} | ${r.names.toLocaleString("en-US")} | ${(r.ms / 1000).toFixed(2)} s | ${rate(r)} | ` +
      `${r.clientCpuUs.toFixed(1)} µs | ${r.serverCpuUs.toFixed(1)} µs | ${perCore(r)} | ` +
      `${mib(r.rssBefore)} | ${mib(r.rssPeak)} | ${r.wrong + r.failed} |`,
  );
  const [small, large] = runs;
  const growth = mib(large!.rssPeak - small!.rssPeak);
  const ok = (r: Run) => r.wrong + r.failed === 0;
  const wallMet = runs.slice(0, 2).every((r) => ok(r) && (r.names / r.ms) * 1000 >= 10_000);
  const coreMet = runs.slice(0, 2).every((r) => ok(r) && 1e6 / Math.max(r.clientCpuUs, r.serverCpuUs) >= 10_000);
  const section = `${SECTION}

${HEADER}
${rows.join("\n")}

- Date: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; load average before the run ${load
    .map((l) => l.toFixed(2))
    .join(", ")} (the machine is shared by
  several engineers' builds and tests: wall-clock rates depend on what else runs; CPU time per name much less).
- Machine: ${machine()}.
- Half the names exist (A, and AAAA for every fourth): two questions each (A, then AAAA); half are
  NXDOMAIN: one question (A; AAAA is not asked after NXDOMAIN). Every answer is checked against what the
  server holds. ${concurrency} names in flight (EMS_DISCOVERY_CONCURRENCY), 4 sockets, the server in a child
  process (its memory is not counted).
- CPU per name: user + system time of our process (\`process.cpuUsage\`) and of the server's (/proc) over
  the run, divided by the names. "names/s, a core each" = 1 s / the larger of the two: the rate when client
  and server each have a core to themselves, which is what this 2-core machine offers when it is quiet.
- Memory: peak RSS ${mib(small!.rssPeak)} at 10,000 names and ${mib(large!.rssPeak)} at 100,000: names are
  pulled from a generator by a fixed pool of workers, and nothing is kept per name.
- c-ares: the same answers take it a CNAME question more per name (its resolve4 does not return the chain).
- Aim, at least 10,000 names/s: wall clock at this load ${wallMet ? "met" : "**not met**"}; with a core each (the
  CPU-time estimate) ${coreMet ? "met" : "**not met**"}. Memory: ${growth} more peak RSS for 10 times the names.

Reproduce: \`pnpm bench:discovery\` (about a minute). The code is in \`apps/api/bench/discovery-bench.ts\`.
`;
  const file = await writeBenchmarkSection(SECTION, section);
  console.log(`\n${section}\nWritten to ${path.relative(process.cwd(), file)}`);
}

await main();
