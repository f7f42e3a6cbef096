// `pnpm bench:webhooks`: webhook delivery throughput and fairness between workspaces, on a real worker, a real
// receiver on 127.0.0.1 (answers 200 at once) and a scratch database.
//  1. throughput: 1,000 messages queued for one workspace, then the worker starts; messages per second until the
//     last is delivered.
//  2. fairness: 2,000 messages queued for workspace A, the worker running; then one for workspace B: how long B's
//     waits, and how many of A's were still waiting when B's was delivered.
// Prints a markdown table; the numbers are kept in docs/benchmarks.md by hand.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createTestDatabase } from "@ems/db/testing";
import {
  asOperator,
  createJobQueue,
  createServices,
  createWorkspace,
  emitWebhookEvents,
  startWorker,
  type WebhookEvent,
} from "@ems/core";
import { netConfigFromEnv } from "@ems/scanners";

const THROUGHPUT_MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 2000);
const op = { channel: "cli" as const, name: "bench" };

const receiver = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200).end("ok"));
});
await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const db = await createTestDatabase();
const jobs = createJobQueue(db.url);
const services = createServices(db, {
  jobs,
  net: netConfigFromEnv({ EMS_ALLOWED_RANGES: "127.0.0.0/8" }),
  webhooks: { webUrl: "http://dash.test", attempts: 3, retryDelaySeconds: 30, timeoutMs: 5000, disableAfter: 1000 },
});

async function workspaceWithEndpoint(name: string) {
  const ws = await createWorkspace(services, { name, plan: "premium" }, op);
  await db.pool.query(
    `insert into "WebhookEndpoint" ("workspaceId", url, events, secret, "updatedAt")
     values ($1, $2, '{asset.unreachable}', 'whsec_' || encode(gen_random_bytes(32), 'base64'), now())`,
    [ws.id, hook],
  );
  return ws.id;
}

const event: WebhookEvent = {
  type: "asset.unreachable",
  asset: { id: 1, value: "a.example", name: null },
  reason: "x",
};
const queue = (workspaceId: number, n: number) =>
  asOperator(services, workspaceId, op, (sc) =>
    sc.db.$transaction(
      (tx) =>
        emitWebhookEvents(
          sc,
          tx,
          Array.from({ length: n }, () => event),
        ),
      { timeout: 120_000 },
    ),
  );
const delivered = async (workspaceId: number) =>
  Number(
    (
      await db.pool.query(`select count(*) from "WebhookDelivery" where "workspaceId" = $1 and status = 'delivered'`, [
        workspaceId,
      ])
    ).rows[0].count,
  );
async function until(done: () => Promise<boolean>) {
  while (!(await done())) await new Promise((r) => setTimeout(r, 20));
}

await db.pool.query(`create extension if not exists pgcrypto`);
const a = await workspaceWithEndpoint("A");
const b = await workspaceWithEndpoint("B");

let t = performance.now();
await queue(a, THROUGHPUT_MESSAGES);
const queuedMs = performance.now() - t;
const worker = await startWorker(services, { concurrency: 1 });
t = performance.now();
await until(async () => (await delivered(a)) >= THROUGHPUT_MESSAGES);
const throughputMs = performance.now() - t;

await queue(a, BACKLOG);
await new Promise((r) => setTimeout(r, 500)); // the worker is busy with A's backlog
t = performance.now();
await queue(b, 1);
await until(async () => (await delivered(b)) >= 1);
const fairMs = performance.now() - t;
const aWaiting = THROUGHPUT_MESSAGES + BACKLOG - (await delivered(a));
await until(async () => (await delivered(a)) >= THROUGHPUT_MESSAGES + BACKLOG);

console.log("| Measure | Result |\n|---|---|");
console.log(`| Queue ${THROUGHPUT_MESSAGES} messages in one transaction | ${queuedMs.toFixed(0)} ms |`);
console.log(
  `| Deliver them (one worker process) | ${(throughputMs / 1000).toFixed(1)} s, ` +
    `${((THROUGHPUT_MESSAGES / throughputMs) * 1000).toFixed(0)} messages/s |`,
);
console.log(`| Workspace B's message behind A's backlog of ${BACKLOG} | delivered after ${fairMs.toFixed(0)} ms |`);
console.log(`| A's messages still waiting when B's was delivered | ${aWaiting} |`);

await worker.stop();
await jobs.stop();
await db.drop();
receiver.close();
