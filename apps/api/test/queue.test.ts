// Processes that start together (API and workers on a fresh database) all get a working queue.
import { afterAll, describe, expect, it } from "vitest";
import { assetCheckJob, createJobQueue } from "@ems/core";
import { createTestDatabase, type TestDatabase } from "@ems/db/testing";

let db: TestDatabase;
afterAll(() => db?.drop());

describe("the job queue", () => {
  it("starts in several processes at once on a fresh database", async () => {
    db = await createTestDatabase();
    const queues = Array.from({ length: 4 }, () => createJobQueue(db.url));
    await Promise.all(queues.map((q) => q.enqueue(assetCheckJob, { assetId: 1, workspaceId: 1, reason: "added" })));
    const { rows } = await db.pool.query(`select name from pgboss.queue order by name`);
    expect(rows.map((r) => r.name)).toEqual([
      "assessment-generate",
      "asset-check",
      "discovery-run",
      "invitation-email",
      "scan-run",
      "webhook-delivery",
    ]);
    await Promise.all(queues.map((q) => q.stop()));
  });
});
