import { readFileSync } from "node:fs";
import { createDatabase } from "@ems/db";
import { createServices, runInWorkspace } from "@ems/core";
const s = JSON.parse(readFileSync("/tmp/probe/setup.json", "utf8"));
const db = createDatabase(s.url);
const services = createServices(db);
const orig = db.pool.query.bind(db.pool);
(db.pool as any).query = (...a: any[]) => { console.log("POOL.QUERY", JSON.stringify(a[0]).slice(0, 400)); return (orig as any)(...a); };
const origConnect = db.pool.connect.bind(db.pool);
(db.pool as any).connect = async (...a: any[]) => { const c: any = await (origConnect as any)(...a); if (!c.__w) { c.__w = 1; const q = c.query.bind(c); c.query = (...b: any[]) => { console.log("CLIENT.QUERY", JSON.stringify(b[0]).slice(0, 400), JSON.stringify(b[1] ?? "").slice(0,100)); return q(...b); }; } return c; };
await runInWorkspace(s.ws, async () => {
  const sc = services.scoped;
  await Promise.all([sc.project.findMany({ select: { id: true, name: true, description: true, color: true, createdAt: true, updatedAt: true }, orderBy: { id: "asc" }, skip: 900, take: 100 }), sc.project.count()]);
});
await services.budgets.read.consume("key:1");
await db.close();
