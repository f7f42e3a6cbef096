import { createTestDatabase } from "@ems/db/testing";
import { createServices, createWorkspace, createApiKey, runInWorkspace, operatorActor } from "@ems/core";
const db = await createTestDatabase();
const services = createServices(db);
const op = { channel: "cli", name: "bench" } as const;
const ws = await createWorkspace(services, { name: "Bench", plan: "premium" }, op);
await db.pool.query(`insert into "Project" ("workspaceId", name, description, color, "updatedAt")
     select $1, 'project-' || lpad(g::text, 6, '0'), 'Seeded by the API benchmark', '#64748b', now()
     from generate_series(1, $2::int) g`, [ws.id, 100000]);
await db.pool.query(`vacuum analyze "Project"`);
const keys: string[] = [];
for (let i = 0; i < 2000; i++) keys.push((await runInWorkspace(ws.id, () => createApiKey({ db: services.scoped, actor: operatorActor(ws.id, op), workspaceId: ws.id }, { name: `k${i}` }))).key);
(await import("node:fs")).writeFileSync("/tmp/probe/setup.json", JSON.stringify({ url: db.url, name: db.name, ws: ws.id, keys }));
console.log(db.url);
await db.close();
