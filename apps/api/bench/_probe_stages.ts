import { readFileSync, readdirSync } from "node:fs";
import { createDatabase } from "@ems/db";
import { createServices, runInWorkspace, authenticateBearer, createCaller, createRestContext } from "@ems/core";
import { pageOf } from "../../../packages/core/src/paging.ts";
import { projectSchema } from "../../../packages/core/src/projects/projects.schemas.ts";
const s = JSON.parse(readFileSync("/tmp/probe/setup.json", "utf8"));
const db = createDatabase(s.url);
const services = createServices(db);
const pgCpu = () => { let sum = 0; for (const p of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) { try { if (readFileSync(`/proc/${p}/comm`, "utf8").startsWith("postgres")) { const f = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" "); sum += (Number(f[11]) + Number(f[12])) * 10; } } catch {} } return sum; };
const N = Number(process.env.N ?? 2000), C = 10;
async function stage(label: string, fn: (i: number) => Promise<unknown> | unknown) {
  let i = 0; const run = async (n: number) => { let next = 0; await Promise.all(Array.from({ length: C }, async () => { while (next < n) await fn(i++ + next++); })); };
  await run(300);
  const c0 = process.cpuUsage(), p0 = pgCpu(), t0 = performance.now();
  await run(N);
  const wall = performance.now() - t0, c = process.cpuUsage(c0), p = pgCpu() - p0;
  console.log(`${label.padEnd(44)} node ${((c.user + c.system) / 1000 / N * 1000).toFixed(0).padStart(5)} µs/op  pg ${(p / N * 1000).toFixed(0).padStart(5)} µs/op  wall ${(wall / N * 1000).toFixed(0).padStart(6)} µs/op (conc ${C})`);
}
const sel = { id: true, name: true, description: true, color: true, createdAt: true, updatedAt: true } as const;
const page = Number(process.env.PAGE ?? 1), skip = (page - 1) * 100;
await stage("pg select 1", () => db.pool.query("select 1"));
await stage("auth: authenticateBearer", (i) => authenticateBearer(db.pool, `Bearer ${s.keys[i % 2000]}`));
await stage("rate limiter: consume", (i) => services.budgets.read.consume(`probe:${i % 5000}`));
await stage(`prisma findMany page ${page}`, () => runInWorkspace(s.ws, () => services.scoped.project.findMany({ select: sel, orderBy: { id: "asc" }, skip, take: 100 })));
await stage(`pg list page ${page}`, () => db.pool.query(`select id, name, description, color, "createdAt", "updatedAt" from "Project" where "workspaceId" = $1 order by id asc limit $2 offset $3`, [s.ws, 100, skip]));
await stage("prisma count", () => runInWorkspace(s.ws, () => services.scoped.project.count()));
await stage("pg count (prisma's SQL)", () => db.pool.query(`select count(*) from (select id from "Project" where "workspaceId" = $1 offset $2) sub`, [s.ws, 0]));
await stage("pg count (plain)", () => db.pool.query(`select count(*) from "Project" where "workspaceId" = $1`, [s.ws]));
await stage(`prisma findMany+count page ${page}`, () => runInWorkspace(s.ws, () => Promise.all([services.scoped.project.findMany({ select: sel, orderBy: { id: "asc" }, skip, take: 100 }), services.scoped.project.count()])));
await stage(`pg list+count page ${page}`, () => Promise.all([db.pool.query(`select id, name, description, color, "createdAt", "updatedAt" from "Project" where "workspaceId" = $1 order by id asc limit $2 offset $3`, [s.ws, 100, skip]), db.pool.query(`select count(*) from (select id from "Project" where "workspaceId" = $1 offset $2) sub`, [s.ws, 0])]));
// whole tRPC procedure (auth + authorize + rate limit + respond + listProjects + zod in/out), no HTTP
await stage(`tRPC caller projects.list page ${page}`, (i) => (createCaller(createRestContext(services, { headers: { authorization: `Bearer ${s.keys[i % 2000]}` } })) as any).projects.list({ page: String(page), limit: "100" }));
const rows = (await db.pool.query(`select id, name, description, color, "createdAt", "updatedAt" from "Project" where "workspaceId" = $1 order by id asc limit 100`, [s.ws])).rows;
const out = pageOf(projectSchema);
await stage("zod output parse (100 items)", () => out.parse({ items: rows, total: 100000, page: 1, limit: 100 }));
await stage("JSON.stringify (100 items)", () => JSON.stringify(rows));
await db.close();
