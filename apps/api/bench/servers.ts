// The two servers under test, run in a child process of api-bench.ts so that
// the load generator (autocannon) does not share their event loop:
//   product:  the real server from buildServer (auth, scopes, rate limiter,
//             trpc-to-openapi, Prisma), exactly as `pnpm start` builds it;
//   baseline: a plain Fastify route that runs the same two SQL queries as the
//             product's listProjects over its own pg pool of the same size.
// Started with the database URL as argument; answers { product, baseline }
// (their ports) over IPC; stops when the parent disconnects. The baseline
// takes the workspace from an X-Workspace header (the product from the key).
import { setTimeout } from "node:timers/promises";
import Fastify, { type FastifyInstance } from "fastify";
import { createDatabase } from "@ems/db";
import { createServices } from "@ems/core";
import { buildServer } from "../src/server.ts";
import { loadConfig } from "../src/config.ts";

const [url] = process.argv.slice(2);
if (!url || !process.send) throw new Error("usage: forked by api-bench.ts with <database url>");

const productDb = createDatabase(url);
const product = await buildServer(createServices(productDb), { ...loadConfig(), logLevel: "warn" });

// createDatabase for its pg pool only (apps/api does not depend on pg itself); its Prisma client stays unused.
const baselineDb = createDatabase(url);
const baseline = Fastify({ logger: false });
baseline.get<{ Querystring: { page?: string; limit?: string } }>("/app/projects", async (req, reply) => {
  const workspaceId = Number(req.headers["x-workspace"]);
  const page = Number(req.query.page ?? 1);
  const limit = Number(req.query.limit ?? 100);
  // The product's two queries (the page, and the workspace's trigger-kept projectCount as the total), in
  // parallel as the product runs them: the difference measured is the stack, not the SQL.
  const [list, count] = await Promise.all([
    baselineDb.pool.query(
      `select p.id, p.name, p.description, p.color, p."createdAt", p."updatedAt" from "Project" p
       join (select id from "Project" where "workspaceId" = $1 order by id limit $2 offset $3) page using (id)
       order by p.id`,
      [workspaceId, limit, (page - 1) * limit],
    ),
    baselineDb.pool.query<{ total: number }>(`select "projectCount" as total from "Workspace" where id = $1`, [
      workspaceId,
    ]),
  ]);
  reply.headers({ "X-Total-Count": String(count.rows[0]!.total), "X-Page": String(page), "X-Limit": String(limit) });
  return list.rows;
});

const listen = async (app: FastifyInstance) => {
  await app.listen({ host: "127.0.0.1", port: 0 });
  const addr = app.server.address();
  if (typeof addr !== "object" || !addr) throw new Error("no address");
  return addr.port;
};
process.send({ product: await listen(product), baseline: await listen(baseline) });
// CPU this process used so far (µs), asked before and after each run: Node's cost per request, which
// unlike throughput does not depend on what else the machine runs.
process.on("message", (m) => {
  if (m === "cpu") process.send!({ cpu: process.cpuUsage() });
});

process.on("disconnect", async () => {
  await Promise.all([product.close(), baseline.close()]);
  // autocannon drops its connections at the end of a run with requests still running here: let them finish.
  await setTimeout(1000);
  await Promise.all([productDb.close(), baselineDb.close()]);
  process.exit(0);
});
