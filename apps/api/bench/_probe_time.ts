import { readFileSync } from "node:fs";
import { createDatabase } from "@ems/db";
import { createServices, runInWorkspace, authenticateBearer } from "@ems/core";
import { pageOf } from "../../../packages/core/src/paging.ts";
import { projectSchema } from "../../../packages/core/src/projects/projects.schemas.ts";
const s = JSON.parse(readFileSync("/tmp/probe/setup.json", "utf8"));
const db = createDatabase(s.url);
const services = createServices(db);
const N = Number(process.env.N ?? 300);
async function time(label: string, fn: (i: number) => Promise<unknown> | unknown) {
  for (let i = 0; i < 30; i++) await fn(i);
  const t: number[] = [];
  for (let i = 0; i < N; i++) { const a = performance.now(); await fn(i); t.push(performance.now() - a); }
  t.sort((x, y) => x - y);
  console.log(label.padEnd(40), "median", t[N >> 1]!.toFixed(3), "ms  p90", t[Math.floor(N * 0.9)]!.toFixed(3));
}
const sel = { id: true, name: true, description: true, color: true, createdAt: true, updatedAt: true } as const;
await time("auth (authenticateBearer)", (i) => authenticateBearer(db.pool, `Bearer ${s.keys[i % 2000]}`));
await time("rate limiter consume", (i) => services.budgets.read.consume(`probe:${i % 2000}`));
for (const page of [1, 1000]) {
  const skip = (page - 1) * 100;
  await time(`prisma findMany page ${page}`, () => runInWorkspace(s.ws, () => services.scoped.project.findMany({ select: sel, orderBy: { id: "asc" }, skip, take: 100 })));
  await time(`pg list page ${page}`, () => db.pool.query(`select id, name, description, color, "createdAt", "updatedAt" from "Project" where "workspaceId" = $1 order by id asc limit $2 offset $3`, [s.ws, 100, skip]));
}
await time("prisma count", () => runInWorkspace(s.ws, () => services.scoped.project.count()));
await time("pg count (prisma's SQL)", () => db.pool.query(`select count(*) from (select id from "Project" where "workspaceId" = $1 offset $2) sub`, [s.ws, 0]));
await time("pg count (plain)", () => db.pool.query(`select count(*) from "Project" where "workspaceId" = $1`, [s.ws]));
await time("pg select 1", () => db.pool.query(`select 1`));
await time("prisma count+findMany parallel p1", () => runInWorkspace(s.ws, () => Promise.all([services.scoped.project.findMany({ select: sel, orderBy: { id: "asc" }, skip: 0, take: 100 }), services.scoped.project.count()])));
const rows = (await db.pool.query(`select id, name, description, color, "createdAt", "updatedAt" from "Project" where "workspaceId" = $1 order by id asc limit 100`, [s.ws])).rows;
const out = pageOf(projectSchema);
await time("zod output parse (100 items)", () => out.parse({ items: rows, total: 100000, page: 1, limit: 100 }));
await time("JSON.stringify (100 items)", () => JSON.stringify(rows));
await db.close();
