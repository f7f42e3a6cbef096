// `pnpm bench:sync`: what a scan's results cost to store (core's syncIssues, in one transaction as a scan's
// completion runs it) into a workspace that already holds a million issues (BENCH_ISSUES), and how much of it is the
// triggers that keep the derived data (tallies, list marks, the risk ledger, issue events and their day counts,
// problem counts, exposure links, SLA deadlines and priority, the project on each row). For N findings (BENCH_SYNC,
// default 1000,10000) on a new asset: the first scan (N issues opened, N findings), the same scan again (N issues
// seen again), then a scan that no longer sees half of them (N/2 resolved, each audited); each once with every trigger
// on and once with the user triggers of "Issue", "Finding", "IssueEvent" and "AuditEntry" off, both in a transaction
// rolled back (so each starts from the same million). The difference is the triggers' cost. BENCH_DB=<name> reuses a
// database a `pnpm bench:lists` run kept (BENCH_KEEP=1); else one is seeded (seed-fast.ts) and dropped.
import os from "node:os";
import { createServices, createWorkspace } from "@ems/core";
import { runInWorkspace, syncIssues } from "@ems/core/testing";
import * as seed from "./seed.ts";

const ISSUES = Number(process.env.BENCH_ISSUES ?? 1_000_000);
const SIZES = (process.env.BENCH_SYNC ?? "1000,10000").split(",").map(Number);
const TABLES = ["Issue", "Finding", "IssueEvent", "AuditEntry"];

const started = Date.now();
const log = (msg: string) => console.error(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

const db = await seed.openBenchDatabase();
const services = createServices(db);
class Rollback extends Error {}

try {
  const reused = process.env.BENCH_DB
    ? ((await db.pool.query(`select max(id) as id from "Workspace" where name = 'Large customer'`)).rows[0].id as
        number | null)
    : null;
  const workspaceId =
    reused ??
    (await createWorkspace(services, { name: "Large customer", plan: "premium" }, { channel: "cli", name: "b" })).id;
  const s = seed.seeder(db, workspaceId);
  if (!reused) {
    await seed.seedProjects(s, 20);
    await seed.seedAssets(s, 100_000);
    await seed.seedScans(s, 10_000);
    await seed.seedIssues(s, ISSUES, { openPortKinds: true });
    await seed.seedFindings(s, ISSUES);
    await seed.analyze(db, ["Asset", "Scan", "Issue", "IssueEvent", "Finding"]);
    log(`seeded ${ISSUES.toLocaleString("en")} issues`);
  }
  const issues = Number((await s.q(`select count(*) as n from "Issue" where "workspaceId" = $1`)).rows[0]!.n);
  const [project] = (await s.q(`select min(id) as id from "Project" where "workspaceId" = $1`)).rows;
  const scanId = Number((await s.q(`select max(id) as id from "Scan" where "workspaceId" = $1`)).rows[0]!.id);

  /** One scan's findings: kinds 0..n-1 of the bench, a third of them on a port of the asset's address. */
  const findings = (n: number, from = 0) =>
    Array.from({ length: n }, (_, k) => ({
      scanner: "templates" as const,
      kind: `template.sync-bench-${from + k}`,
      title: `Sync bench ${from + k}`,
      description: "",
      severity: (["critical", "high", "medium", "low", "info"] as const)[k % 5]!,
      evidence: {},
      ...(k % 3 === 0 ? { port: 443 } : {}),
    }));

  const rows: string[] = [];
  for (const n of SIZES) {
    for (const triggers of [true, false]) {
      const times: number[] = [];
      await runInWorkspace(workspaceId, () =>
        services.scoped
          .$transaction(
            async (tx) => {
              if (!triggers)
                for (const t of TABLES) await tx.$executeRawUnsafe(`alter table "${t}" disable trigger user`);
              const [asset] = await tx.$queryRawUnsafe<{ id: number }[]>(
                `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "resolvedIp",
                   "updatedAt") values ($1, $2, 'subdomain', 'sync-bench.example.com', 't', '198.51.100.9', now())
                 returning id`,
                workspaceId,
                project!.id,
              );
              const sync = async (list: ReturnType<typeof findings>) => {
                const t = performance.now();
                await syncIssues(tx, {
                  workspaceId,
                  assetId: asset!.id,
                  origin: { scanId },
                  address: "198.51.100.9",
                  findings: list,
                  completedStages: new Set(["templates"]),
                  now: new Date(),
                });
                times.push(performance.now() - t);
              };
              await sync(findings(n)); // n opened
              await sync(findings(n)); // n seen again
              await sync(findings(n / 2)); // n/2 resolved
              throw new Rollback();
            },
            { timeout: 3_600_000, maxWait: 60_000 },
          )
          .catch((e: unknown) => {
            if (!(e instanceof Rollback)) throw e;
          }),
      );
      const per = (ms: number, count: number) => `${ms.toFixed(0)} ms (${((ms / count) * 1000).toFixed(0)} µs)`;
      const row =
        `| ${n.toLocaleString("en")} | ${triggers ? "on" : "off"} | ${per(times[0]!, n)} | ${per(times[1]!, n)} | ` +
        `${per(times[2]!, n / 2)} |`;
      rows.push(row);
      log(row);
    }
  }
  const load = seed.loadAverage();
  console.log(`
Storing a scan's results (syncIssues, one transaction) into a workspace of ${issues.toLocaleString("en")} issues;
per finding (or per resolved issue) in brackets:

| Findings | Triggers | first scan (all opened) | same scan again | half no longer seen (resolved) |
|---:|---|---:|---:|---:|
${rows.join("\n")}

- ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC; ${os.cpus().length} cores; Node ${process.version};
  load average at the end: ${load}
`);
} finally {
  await seed.closeBenchDatabase(db, log);
}
