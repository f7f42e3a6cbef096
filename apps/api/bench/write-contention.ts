// Writes under concurrency in one workspace, for `pnpm bench:lists`: workers
// storing scan results (syncIssues in a transaction, as a scan's completion
// does: a few issues opened or reopened, the rest resolved, each with its
// audit entry and finding) while the API takes writes (comments on an issue,
// each with its audit entry). Anything every write in the workspace updates
// (a counter row) makes them wait on each other; the table shows how the
// syncs scale from one worker to several, with and without the API's writes.
import type { FastifyInstance } from "fastify";
import type { Database } from "@ems/db";
import type { Services } from "@ems/core";
import { runInWorkspace, syncIssues } from "@ems/core/testing";
import { percentile } from "./requests.ts";

const SECONDS = 8;
const KINDS = 20;

interface Rate {
  rps: number;
  p50: number;
  p99: number;
}

/** Runs `fn` in `loops` loops for SECONDS: completions per second and latency. */
async function loop(loops: number, fn: (loop: number, i: number) => Promise<unknown>): Promise<Rate> {
  const times: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: loops }, async (_, l) => {
      for (let i = 0; performance.now() - start < SECONDS * 1000; i++) {
        const t = performance.now();
        await fn(l, i);
        times.push(performance.now() - t);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const elapsed = (performance.now() - start) / 1000;
  return { rps: times.length / elapsed, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

export async function writeContention(
  services: Services,
  db: Database,
  workspaceId: number,
  app: FastifyInstance,
  auth: () => string,
) {
  const assets = (
    await db.pool.query<{ id: number }>(`select id from "Asset" where "workspaceId" = $1 order by id desc limit 64`, [
      workspaceId,
    ])
  ).rows.map((r) => r.id);
  const scanId = (
    await db.pool.query<{ id: number }>(`select max(id) as id from "Scan" where "workspaceId" = $1`, [workspaceId])
  ).rows[0]!.id;
  const issueId = (
    await db.pool.query<{ id: number }>(`select min(id) as id from "Issue" where "workspaceId" = $1`, [workspaceId])
  ).rows[0]!.id;
  // Each sync sees half of its asset's 20 kinds (the other half than last time): 10 issues opened or reopened,
  // 10 resolved, 10 findings, 10-20 audit entries.
  const sync = (worker: number, i: number) =>
    runInWorkspace(workspaceId, () =>
      services.scoped.$transaction((tx) =>
        syncIssues(tx, {
          workspaceId,
          assetId: assets[worker * 8 + (i % 8)]!,
          origin: { scanId },
          findings: Array.from({ length: KINDS / 2 }, (_, k) => ({
            scanner: "templates" as const,
            kind: `template.bench-${2 * k + (i % 2)}`,
            title: `Bench ${k}`,
            description: "",
            severity: "medium" as const,
            evidence: {},
          })),
          completedStages: new Set(["templates"]),
          now: new Date(),
        }),
      ),
    );
  const comment = async () => {
    const r = await app.inject({
      method: "POST",
      url: `/app/issues/${issueId}/comments`,
      headers: { authorization: auth(), "content-type": "application/json" },
      payload: { body: "bench" },
    });
    if (r.statusCode !== 201) throw new Error(`comment: ${r.statusCode} ${r.body}`);
  };
  for (let i = 0; i < 2; i++) await Promise.all(Array.from({ length: 8 }, (_, w) => sync(w, i)));

  const rows: string[] = [];
  const show = (what: string, r: Rate) =>
    rows.push(`| ${what} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} |`);
  show("1 worker syncing alone", await loop(1, sync));
  show("4 workers syncing", await loop(4, sync));
  show("8 workers syncing", await loop(8, sync));
  show("4 API clients commenting alone", await loop(4, comment));
  const [syncs, comments] = await Promise.all([loop(4, sync), loop(4, comment)]);
  show("4 workers syncing, while 4 API clients comment", syncs);
  show("4 API clients commenting, while 4 workers sync", comments);
  return `Writes in one workspace (in-process, ${SECONDS} s each;
a sync stores 10 findings and opens/resolves 20 issues):

| writers | per second | p50 ms | p99 ms |
|---|---:|---:|---:|
${rows.join("\n")}`;
}
