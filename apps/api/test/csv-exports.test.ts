// Every CSV the product writes neutralises cells a spreadsheet would run as formulas (issue 26, item 2): the probe's
// names, key names and user agents starting with =, +, -, @ went out as they were.
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asOperator, createApiKey } from "@ems/core";
import { call, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const rowsOf = async (res: Response) => {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/csv");
  return parse(await res.text(), { columns: true }) as Record<string, string>[];
};

describe("CSV exports", () => {
  it("prefix formula-like text with an apostrophe and keep numbers as numbers", async () => {
    const { workspace } = await workspaceWithKey(api.services);
    const { key } = await asOperator(api.services, workspace.id, { channel: "cli", name: "test" }, (sc) =>
      createApiKey(sc, { name: "-2+3+cmd|' /C calc'!A0" }),
    );
    const agent = { "user-agent": "@SUM(1+1)*cmd|' /C calc'!A0" };
    const project = await call(api.url, key, "POST", "/app/projects", { name: '=HYPERLINK("http://x","y")' }, agent);
    const { id: projectId } = (await project.json()) as { id: number };
    const created = await call(
      api.url,
      key,
      "POST",
      "/app/assets",
      { projectId, type: "domain", value: "csv-probe.com", name: "+cmd|' /C calc'!A0" },
      agent,
    );
    const { id: assetId } = (await created.json()) as { id: number };
    await api.services.db.pool.query(
      `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "firstSeenAt", "updatedAt")
       values ($1, $2, 'test.csv', 'x', 'high', 'open', now(), now())`,
      [workspace.id, assetId],
    );

    const [ranked] = await rowsOf(await call(api.url, key, "GET", "/app/reports/vulnerable-assets/export"));
    expect(ranked).toMatchObject({
      rank: "1",
      assetId: String(assetId),
      value: "csv-probe.com",
      name: "'+cmd|' /C calc'!A0",
      projectName: `'=HYPERLINK("http://x","y")`,
      high: "1",
    });
    expect(Number(ranked!.score)).toBeGreaterThan(0);

    const audit = await rowsOf(await call(api.url, key, "GET", "/app/audit-log/export"));
    const create = audit.find((r) => r.action === "project.create")!;
    expect(create.userAgent).toBe("'@SUM(1+1)*cmd|' /C calc'!A0");
    expect(create.actorName).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(create.actorId).toMatch(/^\d+$/);
    expect(JSON.parse(create.changes!)).toMatchObject({ name: { after: '=HYPERLINK("http://x","y")' } });
  });
});
