// Jobs as definitions against a real PostgreSQL and pg-boss: the generic queue keeps each definition's guarantees
// (its queue's policy, singleton keys, the caller's transaction, the payload's schema, fairness).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@ems/db/testing";
import { assetCheckJob } from "../assets/assets.check.ts";
import { scanJob } from "../scans/scans.run.ts";
import { webhookDeliveryJob } from "../webhooks/webhooks.delivery.ts";
import { createJobQueue, JOBS } from "./jobs.ts";
import type { JobQueue } from "./queue.ts";
import { sqlIn } from "./sql-in.ts";

let db: TestDatabase;
let queue: JobQueue;
beforeAll(async () => {
  db = await createTestDatabase();
  queue = createJobQueue(db.url);
});
afterAll(async () => {
  await queue?.stop();
  await db?.drop();
});

const jobs = async (name: string) =>
  (
    await db.pool.query<{ data: object; retry_limit: number; priority: number; singleton_key: string | null }>(
      `select data, retry_limit, priority, singleton_key from pgboss.job where name = $1 order by data::text`,
      [name],
    )
  ).rows;

describe("job definitions", () => {
  it("each have their own queue, created on start with its policy", async () => {
    await queue.enqueue(assetCheckJob, { assetId: 1, workspaceId: 1, reason: "added" });
    const { rows } = await db.pool.query<{ name: string; retry_limit: number; expire_seconds: number }>(
      `select name, retry_limit, expire_seconds from pgboss.queue order by name`,
    );
    expect(rows.map((r) => r.name)).toEqual([...new Set(JOBS.map((j) => j.queue))].sort());
    const scan = rows.find((r) => r.name === scanJob.queue)!;
    expect([scan.retry_limit, scan.expire_seconds]).toEqual([0, 3 * 3600]);
    const check = rows.find((r) => r.name === assetCheckJob.queue)!;
    expect([check.retry_limit, check.expire_seconds]).toEqual([2, 180]);
  });

  it("carry their singleton key", async () => {
    // pg-boss 10 dedupes by singleton key only in queues of its singleton or stately policies, which asset-check is
    // not (as before definitions): both requests are kept, each with the asset's key.
    await queue.enqueue(assetCheckJob, { assetId: 7, workspaceId: 1, reason: "added" });
    await queue.enqueue(assetCheckJob, { assetId: 7, workspaceId: 1, reason: "updated" });
    const sent = (await jobs(assetCheckJob.queue)).filter((j) => (j.data as { assetId: number }).assetId === 7);
    expect(sent.map((j) => j.singleton_key)).toEqual(["asset-7", "asset-7"]);
  });

  it("are sent in the caller's transaction: none for one that rolls back", async () => {
    const client = await db.pool.connect();
    const inTx = sqlIn({ $queryRawUnsafe: async (q, ...v) => (await client.query(q, v)).rows as never });
    try {
      await client.query("begin");
      await queue.enqueue(scanJob, { scanId: 1, workspaceId: 1 }, { transaction: inTx });
      await client.query("rollback");
      await client.query("begin");
      await queue.enqueue(scanJob, { scanId: 2, workspaceId: 1 }, { transaction: inTx });
      await client.query("commit");
    } finally {
      client.release();
    }
    expect((await jobs(scanJob.queue)).map((j) => j.data)).toEqual([{ scanId: 2, workspaceId: 1 }]);
  });

  it("refuse a payload their schema refuses, and send nothing", async () => {
    await expect(queue.enqueue(scanJob, { scanId: "3", workspaceId: 1 } as never)).rejects.toThrow();
    expect((await jobs(scanJob.queue)).map((j) => j.data)).toEqual([{ scanId: 2, workspaceId: 1 }]);
  });

  it("rank a fair definition's jobs within each workspace, with the sender's policy", async () => {
    const client = await db.pool.connect();
    const inTx = sqlIn({ $queryRawUnsafe: async (q, ...v) => (await client.query(q, v)).rows as never });
    try {
      await client.query("begin");
      const payloads = [1, 2, 3].map((deliveryId) => ({ deliveryId, workspaceId: 5 }));
      await queue.enqueueMany(webhookDeliveryJob, [...payloads, { deliveryId: 4, workspaceId: 6 }], {
        transaction: inTx,
        policy: { retryLimit: 9, retryDelay: 1, retryBackoff: true, expireInSeconds: 70 },
      });
      await client.query("commit");
    } finally {
      client.release();
    }
    const sent = await jobs(webhookDeliveryJob.queue);
    expect(sent.map((j) => [(j.data as { deliveryId: number }).deliveryId, j.priority, j.retry_limit])).toEqual([
      [1, 0, 9],
      [2, -1, 9],
      [3, -2, 9],
      [4, 0, 9],
    ]);
  });

  it("rank every queue's jobs after their workspace's lowest waiting rank, with or without a transaction", async () => {
    // Workspace 8 has a backlog of three scans; one is taken (active): the next still ranks after the last waiting.
    await queue.enqueueMany(
      scanJob,
      [11, 12, 13].map((scanId) => ({ scanId, workspaceId: 8 })),
    );
    await db.pool.query(`update pgboss.job set state = 'active' where name = $1 and data ->> 'scanId' = '11'`, [
      scanJob.queue,
    ]);
    await queue.enqueue(scanJob, { scanId: 14, workspaceId: 8 });
    // Another workspace's first scan ranks 0: ahead of the backlog's remaining two and its new one.
    await queue.enqueue(scanJob, { scanId: 15, workspaceId: 9 });
    await queue.enqueue(assetCheckJob, { assetId: 3, workspaceId: 9, reason: "added" });
    const rank = async (name: string) =>
      Object.fromEntries(
        (await jobs(name)).map((j) => [
          (j.data as { scanId?: number; assetId?: number }).scanId ?? "check",
          j.priority,
        ]),
      );
    expect(await rank(scanJob.queue)).toMatchObject({ 11: 0, 12: -1, 13: -2, 14: -3, 15: 0 });
    const check = (await jobs(assetCheckJob.queue)).find((j) => (j.data as { assetId: number }).assetId === 3);
    expect(check?.priority).toBe(0);
  });
});
