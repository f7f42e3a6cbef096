// Values the database holds that this version does not know (written by an older or newer version, or by hand with
// SQL, as here) never fail a list: enums answer their documented fallback, list items and rows are left out, each
// with a warning in the log (docs/api.md, Values the database holds). Every affected list, over REST and tRPC.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCaller, sessionContext } from "@ems/core";
import { call, newUser, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

let api: TestApi;
let key: string;
let workspaceId: number;
let trpc: ReturnType<typeof createCaller>;
const ids = {} as Record<
  "project" | "asset" | "host" | "run" | "scan" | "issue" | "schedule" | "webhook" | "assessment",
  number
>;
const warnings: string[] = [];

const sql = async (text: string, values: unknown[] = []) =>
  (await api.db.pool.query<{ id: number }>(text, [workspaceId, ...values])).rows[0]?.id as number;

async function rest<T>(path: string): Promise<{ body: T; total: string | null }> {
  const res = await call(api.url, key, "GET", path);
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBe(200);
  return { body: JSON.parse(text) as T, total: res.headers.get("x-total-count") };
}

beforeAll(async () => {
  api = await startApi();
  ({
    key,
    workspace: { id: workspaceId },
  } = await workspaceWithKey(api.services, { plan: "pro" }));
  const owner = await newUser(api.services, workspaceId, "owner");
  trpc = createCaller(sessionContext(api.services, { userId: owner.user.id, workspaceId }));
  const project = await trpc.projects.create({ name: "Stored" });
  ids.project = project.id;
  ids.asset = (await trpc.assets.create({ projectId: project.id, type: "domain", value: "stored-values.com" })).id;

  // What an older version or a person with psql could have written: one unknown value next to known ones.
  ids.host = await sql(
    `insert into "DiscoveredHostname" ("workspaceId", "projectId", domain, host, sources)
     values ($1, $2, 'stored-values.com', 'www.stored-values.com', '{crtsh,zone-transfer}') returning id`,
    [ids.project],
  );
  ids.run = await sql(
    `insert into "DiscoveryRun" ("workspaceId", "assetId", domain, trigger, status, phase, "sourceErrors")
     values ($1, $2, 'stored-values.com', 'api', 'running', 'probing',
             '[{"source":"shodan","message":"gone"},{"source":"crtsh","message":"timed out"}]') returning id`,
    [ids.asset],
  );
  ids.scan = await sql(
    `insert into "Scan" ("workspaceId", "assetId", status, "updatedAt")
     values ($1, $2, 'completed', now()) returning id`,
    [ids.asset],
  );
  ids.issue = await sql(
    `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "dismissReason", "dismissedAt",
                          "updatedAt")
     values ($1, $2, 'http.exposed.git', 'Exposed .git', 'high', 'dismissed', 'duplicate', now(), now()) returning id`,
    [ids.asset],
  );
  await sql(
    `insert into "Finding" ("workspaceId", "scanId", "assetId", "issueId", scanner, kind, title, severity)
     values ($1, $2, $3, $4, 'http', 'http.exposed.git', 'Exposed .git', 'high')`,
    [ids.scan, ids.asset, ids.issue],
  );
  ids.schedule = await sql(
    `insert into "ScanSchedule" ("workspaceId", "assetId", name, frequency, time, "updatedAt")
     values ($1, $2, 'Daily', 'daily', '02:00', now()) returning id`,
    [ids.asset],
  );
  for (const reason of ["scan-already-active", "maintenance-window"])
    await sql(
      `insert into "ScanScheduleSkip" ("workspaceId", "scheduleId", "slotAt", reason, message)
       values ($1, $2, now(), $3, 'skipped')`,
      [ids.schedule, reason],
    );
  ids.webhook = await sql(
    `insert into "WebhookEndpoint" ("workspaceId", url, events, secret, "updatedAt")
     values ($1, 'https://hooks.example.com/in', '{issue.created,issue.commented}', 'whsec_x', now()) returning id`,
  );
  const testPayload = (type: string) =>
    JSON.stringify({
      type,
      timestamp: "2026-11-01T00:00:00.000Z",
      workspaceId,
      data: { endpoint: { id: ids.webhook, url: "https://hooks.example.com/in" }, message: "hello" },
    });
  for (const [type, payload] of [
    ["webhook.test", testPayload("webhook.test")],
    ["webhook.ping", testPayload("webhook.ping")],
  ])
    await sql(
      `insert into "WebhookDelivery" ("workspaceId", "endpointId", "eventType", "messageId", payload, "updatedAt")
       values ($1, $2, $3::text, 'msg_' || $3::text, $4::jsonb, now())`,
      [ids.webhook, type, payload],
    );
  ids.assessment = await sql(
    `insert into "AssessmentReport" ("workspaceId", "scopeType", "scopeName", trigger, "updatedAt")
     values ($1, 'workspace', 'Everything', 'schedule', now()) returning id`,
  );
});
afterAll(async () => {
  vi.restoreAllMocks();
  await api.close();
});

beforeAll(() => {
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.join(" ")));
});

describe("an unknown value in a list answers the rest", () => {
  it("a discovered host's unknown source is left out of its sources and of the summary", async () => {
    const { body } = await rest<{ id: number; sources: string[] }[]>("/app/discovery/hosts");
    expect(body.map((h) => [h.id, h.sources])).toEqual([[ids.host, ["crtsh"]]]);
    const page = await trpc.discovery.hosts({});
    expect(page.items.map((h) => h.sources)).toEqual([["crtsh"]]);
    expect((await rest<{ bySource: unknown }>("/app/discovery/summary")).body.bySource).toEqual([
      { source: "crtsh", count: 1 },
    ]);
    expect((await trpc.discovery.summary({})).bySource).toEqual([{ source: "crtsh", count: 1 }]);
    expect(warnings.join("\n")).toContain('stored discovery source "zone-transfer"');
  });

  it("a discovery run's unknown trigger, phase and source answer their fallbacks", async () => {
    const expected = {
      id: ids.run,
      trigger: "manual",
      progress: { phase: null, done: 0, total: 0 },
      sourceErrors: [{ source: "crtsh", message: "timed out" }],
    };
    const summary = (await rest<{ lastRun: unknown; activeRuns: unknown[] }>("/app/discovery/summary")).body;
    expect(summary.lastRun).toMatchObject(expected);
    expect(summary.activeRuns).toMatchObject([expected]);
    expect((await trpc.discovery.summary({})).activeRuns).toMatchObject([expected]);
    expect((await rest(`/app/discovery/runs/${ids.run}`)).body).toMatchObject(expected);
    expect(await trpc.discovery.getRun({ id: ids.run })).toMatchObject(expected);
    const log = warnings.join("\n");
    expect(log).toContain('stored discovery run trigger "api" is not one this version knows; answered as manual');
    expect(log).toContain('stored discovery run phase "probing" is not one this version knows; answered as null');
    expect(log).toContain("stored discovery source error");
  });

  it("an issue's unknown dismissal reason answers null, in every issue list and the issue", async () => {
    for (const path of ["/app/issues", `/app/scans/${ids.scan}/issues`]) {
      const { body } = await rest<{ id: number; dismissReason: unknown }[]>(path);
      expect(
        body.map((i) => [i.id, i.dismissReason]),
        path,
      ).toEqual([[ids.issue, null]]);
    }
    expect((await rest(`/app/issues/${ids.issue}`)).body).toMatchObject({ status: "dismissed", dismissReason: null });
    expect((await trpc.issues.list({})).items).toMatchObject([{ id: ids.issue, dismissReason: null }]);
    expect((await trpc.scans.issues({ id: ids.scan })).items).toMatchObject([{ dismissReason: null }]);
    expect(await trpc.issues.get({ id: ids.issue })).toMatchObject({ dismissReason: null });
    expect(warnings.join("\n")).toContain('stored dismissal reason "duplicate"');
  });

  it("a schedule skip with an unknown reason is left out of its page, which still answers", async () => {
    const { body, total } = await rest<{ reason: string }[]>(`/app/scan-schedules/${ids.schedule}/skips`);
    expect(body.map((s) => s.reason)).toEqual(["scan-already-active"]);
    expect(total).toBe("2");
    const page = await trpc.scanSchedules.skips({ id: ids.schedule });
    expect(page).toMatchObject({ total: 2, items: [{ reason: "scan-already-active" }] });
    expect(warnings.join("\n")).toMatch(/stored ScanScheduleSkip \d+ left out of the answer: reason: /);
  });

  it("a webhook endpoint's unknown event and a delivery of an unknown type (dashboard only)", async () => {
    expect((await trpc.webhooks.list({})).items.map((w) => w.events)).toEqual([["issue.created"]]);
    expect((await trpc.webhooks.get({ id: ids.webhook })).events).toEqual(["issue.created"]);
    const deliveries = await trpc.webhooks.deliveries({ id: ids.webhook });
    expect(deliveries.items.map((d) => d.eventType)).toEqual(["webhook.test"]);
    const log = warnings.join("\n");
    expect(log).toContain('stored webhook event "issue.commented"');
    expect(log).toMatch(/stored WebhookDelivery \d+ left out of the answer: payload/);
  });

  it("an assessment report's unknown trigger answers manual", async () => {
    const { body } = await rest<{ id: number; trigger: string }[]>("/app/assessments");
    expect(body.map((a) => [a.id, a.trigger])).toEqual([[ids.assessment, "manual"]]);
    expect((await trpc.assessments.list({})).items).toMatchObject([{ trigger: "manual" }]);
    expect((await rest(`/app/assessments/${ids.assessment}`)).body).toMatchObject({ trigger: "manual" });
  });

  it("columns typed as PostgreSQL enums refuse an unknown value outright, so they never hold one", async () => {
    await expect(sql(`update "Scan" set status = 'paused' where "workspaceId" = $1`)).rejects.toThrow(
      /invalid input value for enum "ScanStatus"/,
    );
  });

  it("warned once per process and value, not once per row or request", async () => {
    await rest("/app/discovery/hosts");
    expect(warnings.filter((w) => w.includes('stored discovery source "zone-transfer"'))).toHaveLength(1);
    expect(warnings.filter((w) => w.includes('"duplicate"'))).toHaveLength(1);
    expect(new Set(warnings).size).toBe(warnings.length);
  });
});
