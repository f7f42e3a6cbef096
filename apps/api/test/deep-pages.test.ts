// A page that starts past WALK_FROM_START rows is read from the list marks in the log's own order (core's
// db/marks.ts), and from the end, in the reversed order, past the middle of any other order (core's paging.ts): over
// REST it must be exactly the slice the list's order gives, ties included, with the exact total. The audit log,
// seeded past that depth in two id ranges of the marks, in its two orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WALK_FROM_START } from "@ems/core/testing";
import { call, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

let api: TestApi;
let key: string;
let workspaceId: number;
const SEEDED = WALK_FROM_START + 250;

beforeAll(async () => {
  api = await startApi();
  ({
    key,
    workspace: { id: workspaceId },
  } = await workspaceWithKey(api.services));
  // Three actions, so that sort=action has long runs of ties (broken by id); half of them two id ranges on.
  const seed = (from: number, to: number) =>
    api.db.pool.query(
      `insert into "AuditEntry" ("workspaceId", "actorType", "actorName", channel, action, "resourceType",
         "resourceId", "createdAt")
       select $1, 'system', 'seed', 'system', (array['project.create', 'project.update', 'asset.create'])[g % 3 + 1],
         'project', g::text, now() - g * interval '1 second'
       from generate_series($2::int, $3::int) g`,
      [workspaceId, from, to],
    );
  await seed(1, SEEDED / 2);
  await api.db.pool.query(`select setval(pg_get_serial_sequence('"AuditEntry"', 'id'),
    ((nextval(pg_get_serial_sequence('"AuditEntry"', 'id')) >> 14) + 2) << 14)`);
  await seed(SEEDED / 2 + 1, SEEDED);
});
afterAll(() => api.close());

describe("deep pages of a long list", () => {
  for (const [query, order] of [
    ["", "id desc"],
    ["&order=asc", "id asc"],
    ["&sort=action", "action asc, id asc"],
    ["&sort=action&order=desc", "action desc, id desc"],
  ] as const) {
    it(`are the list's own slices (${order})`, async () => {
      const all = (
        await api.db.pool.query<{ id: number }>(
          `select id from "AuditEntry" where "workspaceId" = $1 order by ${order}`,
          [workspaceId],
        )
      ).rows.map((r) => r.id);
      const total = all.length;
      expect(total).toBeGreaterThan(WALK_FROM_START);
      // The first deep page, one in the middle of the last rows, the last (short) page, and past the end.
      for (const [page, limit] of [
        [WALK_FROM_START / 100 + 1, 100],
        [Math.floor(total / 7), 7],
        [Math.ceil(total / 100), 100],
        [Math.ceil(total / 100) + 1, 100],
      ] as [number, number][]) {
        const res = await call(api.url, key, "GET", `/app/audit-log?limit=${limit}&page=${page}${query}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("x-total-count")).toBe(String(total));
        const ids = ((await res.json()) as { id: number }[]).map((e) => e.id);
        expect(ids, `page ${page} of ${limit}`).toEqual(all.slice((page - 1) * limit, page * limit));
      }
    });
  }
});
