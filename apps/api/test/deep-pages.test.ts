// A page that starts past WALK_FROM_START rows and past the middle of its list is read from the end, in the reversed
// order (core's paging.ts): over REST it must be exactly the slice the list's order gives, ties included, with the
// exact total. The audit log, seeded past that depth, in its two orders.
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
  // Three actions, so that sort=action has long runs of ties (broken by id).
  await api.db.pool.query(
    `insert into "AuditEntry" ("workspaceId", "actorType", "actorName", channel, action, "resourceType", "resourceId",
       "createdAt")
     select $1, 'system', 'seed', 'system', (array['project.create', 'project.update', 'asset.create'])[g % 3 + 1],
       'project', g::text, now() - g * interval '1 second'
     from generate_series(1, $2::int) g`,
    [workspaceId, SEEDED],
  );
});
afterAll(() => api.close());

describe("deep pages of a long list", () => {
  for (const [query, order] of [
    ["", "id desc"],
    ["&sort=action", "action asc, id asc"],
    ["&sort=action&order=desc", "action desc, id desc"],
  ] as const) {
    it(`are the list's own slices, read from the end (${order})`, async () => {
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
