// `pnpm bench:checks`: the whole check catalogue against one host of fixtures
// on loopback, the way a scan's stages run it (HTTP checks on an HTTP and an
// HTTPS endpoint with requests shared, the TCP checks on the host's open
// ports, the UDP checks on one UDP port each, the TLS checks on its TLS port, the DNS checks on its domain), under
// the per-host rate and concurrency limit a scan uses (EMS_CHECKS_RPS,
// EMS_CHECKS_CONCURRENCY; defaults 50 and 10). The host answers every check's
// stand-in at once (the union of the fixtures' routes, one TCP port per
// service fixture). Then the same with a synthetic catalogue of
// BENCH_CHECKS_SCALE checks (default 400: the HTTP checks copied under other
// paths, every copy its own requests, the worst case for sharing), to show
// where the catalogue's growth leads. Writes the "Checks: the catalogue on
// one host" section of docs/benchmarks.md and prints it.
import os from "node:os";
import { catalogue, checksSettingsFromEnv, fetchRoots } from "@ems/scanners";
import {
  HostLimiter,
  list,
  runDnsChecks,
  runHttpChecks,
  runTcpChecks,
  runTlsChecks,
  runUdpChecks,
  startHarness,
  startTcpFixture,
  startUdpFixture,
  startTlsFixture,
  TLS_HOST,
  type CheckDeclaration,
  type HttpFixture,
} from "@ems/scanners/checks-harness";
import { writeBenchmarkSection } from "./benchmarks-doc.ts";

const SECTION = "## Checks: the catalogue on one host";
const SCALE = Number(process.env.BENCH_CHECKS_SCALE ?? 400);
const HOST = "bench.web.fixture.test";
const DOMAIN = "bench.dns.fixture.test";

/** HTTP checks copied under /copyN/ until the catalogue has `size` checks: no request shared with the original. */
function synthetic(checks: readonly CheckDeclaration[], size: number): CheckDeclaration[] {
  const out = [...checks];
  const http = checks.filter((c) => c.protocol === "http" && c.http?.some((p) => p.paths));
  for (let copy = 1; out.length < size; copy++) {
    for (const c of http) {
      if (out.length >= size || c.protocol !== "http") break;
      const prefix = (p: string) => (p.startsWith("/") ? `/copy${copy}${p}` : p);
      const routes = (f: HttpFixture) =>
        Object.fromEntries(Object.entries(f.routes).map(([k, v]) => [k.replace(/^(\w+ )?\//, `$1/copy${copy}/`), v]));
      out.push({
        ...c,
        kind: `${c.kind}-copy${copy}`,
        ...(c.detect?.paths ? { detect: { ...c.detect, paths: c.detect.paths.map(prefix) } } : {}),
        http: c.http!.map((p) => (p.paths ? { ...p, paths: p.paths.map(prefix) } : p)),
        fixtures: {
          vulnerable: list(c.fixtures.vulnerable).map((f) => ({ ...f, routes: routes(f) })),
          clean: c.fixtures.clean,
        },
      });
    }
  }
  return out;
}

interface Row {
  label: string;
  limit: string;
  checks: number;
  requests: number;
  seconds: number;
  findings: number;
}

/** The scan's limits, or raised ones to show what the engine does when the host's limit does not hold it back. */
const DEFAULT_LIMIT = checksSettingsFromEnv();
const RAISED_LIMIT = { ...DEFAULT_LIMIT, rps: 2000, concurrency: 50 };

async function run(label: string, checks: readonly CheckDeclaration[], settings = DEFAULT_LIMIT): Promise<Row> {
  const h = await startHarness([], { rps: settings.rps, concurrency: settings.concurrency });
  try {
    // One host answering every stand-in: the first fixture to claim a route keeps it.
    const routes: HttpFixture["routes"] = {};
    for (const c of checks) {
      if (c.protocol !== "http") continue;
      for (const f of list(c.fixtures.vulnerable)) for (const [k, v] of Object.entries(f.routes)) routes[k] ??= v;
    }
    h.web.add(HOST, { server: "nginx", routes });
    const tcp = checks.filter((c) => c.protocol === "tcp");
    const ports = await Promise.all(
      tcp.map(async (c) => ({ check: c, server: await startTcpFixture(list(c.fixtures.vulnerable)[0]!) })),
    );
    const udp = checks.filter((c) => c.protocol === "udp");
    const udpPorts = await Promise.all(
      udp.map(async (c) => ({ check: c, server: await startUdpFixture(list(c.fixtures.vulnerable)[0]!) })),
    );
    const tlsServer = await startTlsFixture(
      { certificate: { validDays: 5 }, tls: { minVersion: "TLSv1", ciphers: "DEFAULT:@SECLEVEL=0" } },
      TLS_HOST,
    );
    const records: Record<string, object> = {};
    for (const c of checks) {
      if (c.protocol !== "dns") continue;
      for (const f of list(c.fixtures.vulnerable)) for (const [k, v] of Object.entries(f.records)) records[k] ??= v;
    }
    h.zones.add(DOMAIN, { records, axfr: true });

    const limiter = new HostLimiter(settings);
    const found: unknown[] = [];
    const emit = (f: unknown) => void found.push(f);
    const covers = (x: string) => x.endsWith(".fixture.test");
    const t0 = performance.now();
    // HTTP stage: the home pages, then every check on each endpoint (as checkHttp does).
    const endpoints = (["https", "http"] as const).map((scheme) => {
      const port = scheme === "https" ? h.web.https.port : h.web.http.port;
      return { scheme, port, base: `${scheme}://${HOST}:${port}` };
    });
    const roots = await fetchRoots(endpoints, h.net, covers);
    const http = checks.filter((c) => c.protocol === "http");
    await runHttpChecks(
      roots.map((r) => ({ base: r.endpoint.base, port: r.endpoint.port, root: r.result })),
      http,
      {
        net: h.net,
        covers,
        settings,
        limiter,
        httpsAvailable: true,
        loginAttempts: new Map(),
        resolved: { [HOST]: ["127.0.0.1"] },
        emit,
      },
    );
    // Services, TLS and DNS stages.
    await runTcpChecks(
      ports.map(({ check, server }) => ({
        port: server.port,
        protocol: "tcp" as const,
        service: check.protocol === "tcp" ? check.service.name : null,
        banner: null,
        tls: false,
        http: false,
      })),
      tcp.filter((c) => c.protocol === "tcp"),
      { host: "127.0.0.1", address: "127.0.0.1", net: h.net, settings, limiter, loginAttempts: new Map(), emit },
    );
    const udpContext = { host: "127.0.0.1", address: "127.0.0.1", net: h.net, settings, limiter, emit };
    await Promise.all(
      udpPorts.map(({ check, server }) =>
        check.protocol === "udp"
          ? runUdpChecks([check], { ...udpContext, loginAttempts: new Map() }, [server.port])
          : null,
      ),
    );
    (
      await runTlsChecks(
        { address: "127.0.0.1", port: tlsServer.port, hostname: TLS_HOST },
        checks.filter((c) => c.protocol === "tls"),
        { timeoutMs: 5000, extraCaCerts: [h.pkiRoot], expiryWarningDays: settings.expiryWarningDays, limiter },
      )
    ).forEach(emit);
    (
      await runDnsChecks(
        DOMAIN,
        checks.filter((c) => c.protocol === "dns"),
        {
          net: h.net,
          dnsPort: h.settings.dnsPort,
          timeoutMs: 3000,
        },
      )
    ).forEach(emit);
    const seconds = (performance.now() - t0) / 1000;
    await Promise.all([
      ...ports.map((p) => p.server.close()),
      ...udpPorts.map((p) => p.server.close()),
      tlsServer.close(),
    ]);
    return {
      label,
      limit: `${settings.rps}/s, ${settings.concurrency} at once`,
      checks: checks.length,
      requests: limiter.started + 2,
      seconds,
      findings: found.length,
    };
  } finally {
    await h.close();
  }
}

const real = catalogue().all;
const big = synthetic(real, SCALE);
const rows = [
  await run("the catalogue", real),
  await run(`synthetic (${SCALE})`, big),
  await run("the catalogue", real, RAISED_LIMIT),
  await run(`synthetic (${SCALE})`, big, RAISED_LIMIT),
];
const settings = DEFAULT_LIMIT;
const table = [
  "| catalogue | per-host limit | checks | requests to the host | time | requests/s | findings |",
  "|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.label} | ${r.limit} | ${r.checks} | ${r.requests} | ${r.seconds.toFixed(1)} s | ` +
      `${(r.requests / r.seconds).toFixed(0)} | ${r.findings} |`,
  ),
].join("\n");
const section = `${SECTION}

\`pnpm bench:checks\` (apps/api/bench/checks-bench.ts). The check catalogue against one host of fixtures on loopback,
run as a scan's stages run it: the HTTP checks on an HTTP and an HTTPS endpoint (home pages first, requests shared
between checks), the TCP checks on the host's open ports (one per service stand-in), the TLS checks on one TLS port
and the DNS checks on one domain, all under one per-host limit of ${settings.rps} requests per second and
${settings.concurrency} at once (EMS_CHECKS_RPS, EMS_CHECKS_CONCURRENCY: the defaults). "Requests" counts every
request, conversation and handshake started on the host (and the two home pages). The synthetic row copies the HTTP
checks under other paths until the catalogue has ${SCALE} checks, each copy with requests of its own: the cost of the
catalogue's growth without any sharing. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), shared with
other work; Node ${process.version}.

${table}

With the scan's limit the time is set by it: at ${settings.rps} requests/s, a host costs about requests /
${settings.rps} seconds, plus conversations that wait for their time limit. The raised rows (${RAISED_LIMIT.rps}/s,
${RAISED_LIMIT.concurrency} at once) show what the engine itself does on loopback when the limit does not hold it back.
A host with several web endpoints costs that much per endpoint. Raise EMS_CHECKS_RPS for hosts that can take it; lower
it for fragile ones.
`;
console.log(section);
console.log(`written to ${await writeBenchmarkSection(SECTION, section)}`);
