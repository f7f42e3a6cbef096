// The reports tests' workspace: issues seeded in SQL at known times (days before today 00:00 UTC), so that counts,
// medians, breaches and series are exact.
import { expect } from "vitest";
import { call, workspaceWithKey, type TestApi } from "./harness.ts";

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const today = new Date(new Date().toISOString().slice(0, 10) + "T00:00:00Z").getTime();
export const day = (k: number) => new Date(today - k * DAY).toISOString().slice(0, 10);
/** k days before today 00:00 UTC, plus hours. */
export const at = (k: number, hours = 0) => new Date(today - k * DAY + hours * HOUR);

/** A workspace of two projects whose issues have known times: the tests' counts, medians and breaches follow. */
export async function seedReports(api: TestApi) {
  const sql = (text: string, values: unknown[] = []) => api.services.db.pool.query(text, values);
  const { workspace, key } = await workspaceWithKey(api.services);
  const ws = workspace.id;
  const project = async (name: string) =>
    (
      await sql(`insert into "Project" ("workspaceId", name, "updatedAt") values ($1, $2, now()) returning id`, [
        ws,
        name,
      ])
    ).rows[0].id as number;
  const asset = async (projectId: number, value: string) =>
    (
      await sql(
        `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "updatedAt")
         values ($1, $2, 'domain', $3, 'token', now()) returning id`,
        [ws, projectId, value],
      )
    ).rows[0].id as number;
  const issue = async (
    assetId: number,
    severity: string,
    firstSeenAt: Date,
    status = "open",
    extra: { resolvedAt?: Date; dismissedAt?: Date } = {},
  ) =>
    (
      await sql(
        `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "resolvedAt",
           "dismissedAt", "dismissReason", "updatedAt")
         values ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, now()) returning id`,
        [
          ws,
          assetId,
          `test.${Math.random().toString(36).slice(2)}`,
          severity,
          status,
          firstSeenAt,
          extra.resolvedAt ?? null,
          extra.dismissedAt ?? null,
          status === "dismissed" ? "false-positive" : null,
        ],
      )
    ).rows[0].id as number;

  const projectA = await project("A");
  const projectB = await project("B");
  const a1 = await asset(projectA, "a1.example.com");
  const a2 = await asset(projectA, "a2.example.com");
  const b1 = await asset(projectB, "b1.example.com");
  const i1 = await issue(a1, "critical", at(20)); // open, due 5 days ago
  await issue(a1, "high", at(5, 1), "resolved", { resolvedAt: at(3, 1) }); // 2 days to fix
  await issue(a1, "medium", at(8, 1), "resolved", { resolvedAt: at(2, 1) }); // 6 days
  const i4 = await issue(a2, "high", at(35), "resolved", { resolvedAt: at(25) });
  await sql(`update "Issue" set status = 'open', "resolvedAt" = null, "updatedAt" = $2 where id = $1`, [i4, at(4, 1)]);
  await issue(a2, "low", at(2, 1), "dismissed", { dismissedAt: at(1, 1) });
  await issue(b1, "critical", at(6, 1), "resolved", { resolvedAt: at(6, 13) }); // half a day
  const i7 = await issue(b1, "high", at(40)); // open, due 10 days ago
  const i8 = await issue(a1, "critical", at(14)); // due tomorrow: at risk
  await issue(a1, "medium", at(1)); // within SLA
  await issue(b1, "low", at(200), "resolved", { resolvedAt: at(3) }); // 197 days: late
  await issue(a1, "low", at(185), "resolved", { resolvedAt: at(100) }); // due 5 days ago, met
  await sql(`insert into "OpenPort" ("workspaceId", "assetId", port) values ($1, $2, 6379), ($1, $2, 443)`, [ws, a2]);
  const get = async <T>(path: string, credential = key) => {
    const res = await call(api.url, credential, "GET", path);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as T;
  };
  return { ws, key, projectA, projectB, a1, a2, b1, i1, i4, i7, i8, get };
}
