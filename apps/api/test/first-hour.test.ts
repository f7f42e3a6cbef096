// What a new workspace's first hour needs from the API (issue 26, items 10, 12 and 14): the overview's checklist of
// first steps, an asset that knows whether it was ever scanned, "assigned to me" for people (and a clear refusal for
// credentials that act for nobody), and audit entries that name what they are about.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, issueUserTokens, sessionContext } from "@ems/core";
import {
  call,
  clientCredentialsToken,
  expectAppError,
  expectError,
  newApiKey,
  newOAuthApp,
  newUser,
  newWorkspace,
  startApi,
  type TestApi,
} from "./harness.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const sql = async (text: string, values: unknown[]) => (await api.services.db.pool.query(text, values)).rows[0];

async function freshWorkspace() {
  const workspace = await newWorkspace(api.services);
  const owner = await newUser(api.services, workspace.id, "owner");
  const caller = createCaller(sessionContext(api.services, { userId: owner.user.id, workspaceId: workspace.id }));
  return { workspaceId: workspace.id, userId: owner.user.id, caller };
}

async function seedAsset(workspaceId: number, projectId: number, value: string, proven: boolean) {
  return (
    await sql(
      `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "ownershipVerifiedAt", status,
         "updatedAt") values ($1, $2, 'domain', $3, 't', $4, 'reachable', now()) returning id`,
      [workspaceId, projectId, value, proven ? new Date() : null],
    )
  ).id as number;
}

const completedScan = async (workspaceId: number, assetId: number) =>
  (
    await sql(
      `insert into "Scan" ("workspaceId", "assetId", status, progress, "finishedAt", "updatedAt")
       values ($1, $2, 'completed', 100, now(), now()) returning id`,
      [workspaceId, assetId],
    )
  ).id as number;

describe("the overview's first steps", () => {
  it("tick themselves as the workspace gets a project, an asset, a proof and a finished scan", async () => {
    const { workspaceId, caller } = await freshWorkspace();
    const steps = async () =>
      (await caller.overview.get({})).firstSteps.map((s) => `${s.step}:${s.done ? "done" : "todo"}:${s.assetId}`);
    expect(await steps()).toEqual(["project:todo:null", "asset:todo:null", "ownership:todo:null", "scan:todo:null"]);

    const project = await caller.projects.create({ name: "Web" });
    expect(await steps()).toEqual(["project:done:null", "asset:todo:null", "ownership:todo:null", "scan:todo:null"]);

    const unproven = await seedAsset(workspaceId, project.id, "first-steps.com", false);
    expect(await steps()).toEqual([
      "project:done:null",
      "asset:done:null",
      `ownership:todo:${unproven}`,
      "scan:todo:null",
    ]);

    await sql(`update "Asset" set "ownershipVerifiedAt" = now() where id = $1`, [unproven]);
    expect(await steps()).toEqual([
      "project:done:null",
      "asset:done:null",
      "ownership:done:null",
      `scan:todo:${unproven}`,
    ]);

    // A scan still running is not a finished one.
    await sql(
      `insert into "Scan" ("workspaceId", "assetId", status, "updatedAt") values ($1, $2, 'running', now())
       returning id`,
      [workspaceId, unproven],
    );
    expect((await steps())[3]).toBe(`scan:todo:${unproven}`);
    await completedScan(workspaceId, unproven);
    expect(await steps()).toEqual(["project:done:null", "asset:done:null", "ownership:done:null", "scan:done:null"]);
  });

  it("are the same over REST, in the OpenAPI document", async () => {
    const { workspaceId } = await freshWorkspace();
    const { key } = await newApiKey(api.services, workspaceId);
    const res = await call(api.url, key, "GET", "/app/overview");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { firstSteps: unknown }).firstSteps).toEqual([
      { step: "project", done: false, assetId: null },
      { step: "asset", done: false, assetId: null },
      { step: "ownership", done: false, assetId: null },
      { step: "scan", done: false, assetId: null },
    ]);
    const doc = (await (await fetch(`${api.url}/openapi.json`)).json()) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(Object.keys(doc.components.schemas.Overview!.properties)).toContain("firstSteps");
    expect(Object.keys(doc.components.schemas.AssetDetail!.properties)).toContain("lastCompletedScan");
    expect(Object.keys(doc.components.schemas.AuditListEntry!.properties)).toContain("resource");
  });
});

describe("an asset's last completed scan", () => {
  it("is null until a scan ran to the end, then names it", async () => {
    const { workspaceId, caller } = await freshWorkspace();
    const project = await caller.projects.create({ name: "Web" });
    const asset = await seedAsset(workspaceId, project.id, "never-scanned.com", true);
    expect((await caller.assets.get({ id: asset })).lastCompletedScan).toBeNull();
    await sql(
      `insert into "Scan" ("workspaceId", "assetId", status, "finishedAt", "updatedAt")
       values ($1, $2, 'failed', now(), now())`,
      [workspaceId, asset],
    );
    expect((await caller.assets.get({ id: asset })).lastCompletedScan).toBeNull();
    const scan = await completedScan(workspaceId, asset);
    expect((await caller.assets.get({ id: asset })).lastCompletedScan).toMatchObject({ id: scan });
  });
});

describe("issues assigned to me", () => {
  it("lists a person's issues (session, person's token); 400 for credentials acting for nobody", async () => {
    const { workspaceId, userId, caller } = await freshWorkspace();
    const other = await newUser(api.services, workspaceId, "member");
    const project = await caller.projects.create({ name: "Web" });
    const asset = await seedAsset(workspaceId, project.id, "assigned.com", true);
    const issue = async (title: string, assignee: number | null) =>
      (
        await sql(
          `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "assigneeUserId", "updatedAt")
           values ($1, $2, $3, $3, 'high', 'open', $4, now()) returning id`,
          [workspaceId, asset, title, assignee],
        )
      ).id as number;
    const mine = await issue("mine", userId);
    await issue("theirs", other.user.id);
    await issue("nobody's", null);

    const list = await caller.issues.list({ assignee: "me" });
    expect(list.items.map((i) => i.id)).toEqual([mine]);
    expect(list.total).toBe(1);
    const both = caller.issues.list({ assignee: "me", assigneeUserId: other.user.id });
    await expectAppError(both, 400, "VALIDATION_ERROR");

    // An OAuth token a person granted acts for that person.
    const app = await newOAuthApp(api.services, workspaceId, ["issues:read"]);
    const row = await api.services.db.prisma.oAuthApp.findUniqueOrThrow({ where: { id: app.id } });
    const { accessToken } = await issueUserTokens(api.services, row, { id: other.user.id, workspaceId }, [
      "issues:read",
    ]);
    const theirs = await call(api.url, accessToken, "GET", "/app/issues?assignee=me");
    expect(theirs.status).toBe(200);
    expect(((await theirs.json()) as { title: string }[]).map((i) => i.title)).toEqual(["theirs"]);

    // An API key and an app's own token act for nobody: a 400 naming the field, and the way out.
    const { key } = await newApiKey(api.services, workspaceId);
    const refused = await expectError(
      await call(api.url, key, "GET", "/app/issues?assignee=me"),
      400,
      "VALIDATION_ERROR",
      "assignee",
    );
    expect(refused.message).toContain("assigneeUserId");
    const appToken = await clientCredentialsToken(api.url, app, "issues:read");
    await expectError(
      await call(api.url, appToken.access_token, "GET", "/app/issues?assignee=me"),
      400,
      "VALIDATION_ERROR",
      "assignee",
    );
    await expectError(
      await call(api.url, key, "GET", "/app/issues?assignee=someone"),
      400,
      "VALIDATION_ERROR",
      "assignee",
    );
  });
});

describe("audit entries by name", () => {
  it("name what they are about, from the resource while it exists and from the entry once it is gone", async () => {
    const { caller } = await freshWorkspace();
    const project = await caller.projects.create({ name: "Storefront" });
    await caller.projects.update({ id: project.id, name: "Storefront EU" });
    const doomed = await caller.projects.create({ name: "Doomed" });
    await caller.projects.delete({ id: doomed.id });
    const page = await caller.auditLog.list({});
    const about = (action: string, id: number) =>
      page.items.find((e) => e.action === action && e.resourceId === String(id))?.resource;
    // The current name, whichever entry.
    expect(about("project.create", project.id)).toEqual({ name: "Storefront EU", exists: true });
    expect(about("project.update", project.id)).toEqual({ name: "Storefront EU", exists: true });
    // Gone: the name the entries recorded.
    expect(about("project.create", doomed.id)).toEqual({ name: "Doomed", exists: false });
    expect(about("project.delete", doomed.id)).toEqual({ name: "Doomed", exists: false });
    // The workspace and its owner are named too.
    expect(page.items.find((e) => e.action === "workspace.create")?.resource.exists).toBe(true);
    expect(page.items.find((e) => e.action === "member.add")?.resource).toMatchObject({ exists: true });
  });
});
