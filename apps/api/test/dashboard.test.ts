// The dashboard-only procedures (members, OAuth apps, plan and slots), as the
// dashboard calls them: with a session, through the same routers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acceptInvitation,
  createCaller,
  createServices,
  sessionContext,
  findInvitation,
  type PaymentProvider,
} from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
import { clientCredentialsToken, expectAppError, newUser, newWorkspace, startApi, type TestApi } from "./harness.ts";

let api: TestApi;
let workspaceId: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  api = await startApi();
  workspaceId = (await newWorkspace(api.services, { plan: "essential" })).id;
  for (const role of ["owner", "admin", "member", "read-only"] as const)
    ids[role] = (await newUser(api.services, workspaceId, role, `${role}@team.example`)).user.id;
});
afterAll(() => api.close());

const as = (role: string, services = api.services) =>
  createCaller(sessionContext(services, { userId: ids[role]!, workspaceId }));
const audit = (action: string) =>
  runInWorkspace(workspaceId, () =>
    api.services.scoped.auditEntry.findMany({ where: { action }, orderBy: { id: "asc" } }),
  );

describe("members", () => {
  it("lists members for everyone, manages them for admins only", async () => {
    const page = await as("read-only").members.list({});
    expect(page.items.map((m) => [m.email, m.role])).toEqual([
      ["owner@team.example", "owner"],
      ["admin@team.example", "admin"],
      ["member@team.example", "member"],
      ["read-only@team.example", "read-only"],
    ]);
    await expectAppError(
      as("member").members.invite({ email: "x@team.example", role: "member" }),
      403,
      "ROLE_REQUIRED",
    );
    await expectAppError(
      as("read-only").members.changeRole({ userId: ids.member!, role: "admin" }),
      403,
      "ROLE_REQUIRED",
    );
  });

  it("invites a new person with a one-time link they accept with a password", async () => {
    const r = await as("admin").members.invite({ email: "New.Person@team.example", role: "member" });
    expect(r.member).toBeNull();
    expect(r.invitation).toMatchObject({ email: "new.person@team.example", role: "member" });
    expect(r.token).toMatch(/^ems_inv_/);
    expect(await findInvitation(api.services, r.token!)).toMatchObject({
      email: "new.person@team.example",
      hasAccount: false,
    });
    await expectAppError(acceptInvitation(api.services, r.token!, { password: "short" }), 400, "VALIDATION_ERROR");
    const joined = await acceptInvitation(api.services, r.token!, {
      password: "a long enough password",
      firstName: "New",
    });
    expect(joined.workspaceId).toBe(workspaceId);
    expect(await findInvitation(api.services, r.token!)).toBeNull();
    await expectAppError(
      acceptInvitation(api.services, r.token!, { password: "a long enough password" }),
      404,
      "NOT_FOUND",
    );
    const members = await as("owner").members.list({});
    expect(members.items.find((m) => m.email === "new.person@team.example")).toMatchObject({
      role: "member",
      firstName: "New",
    });
    expect((await audit("member.join")).at(-1)).toMatchObject({
      actorType: "user",
      userId: joined.userId,
      channel: "dashboard",
    });
  });

  it("adds someone who already has an account at once, and refuses duplicates", async () => {
    const other = await newWorkspace(api.services);
    await newUser(api.services, other.id, "owner", "elsewhere@team.example");
    const r = await as("owner").members.invite({ email: "elsewhere@team.example", role: "read-only" });
    expect(r.member).toMatchObject({ email: "elsewhere@team.example", role: "read-only" });
    expect(r.token).toBeNull();
    await expectAppError(
      as("owner").members.invite({ email: "elsewhere@team.example", role: "member" }),
      409,
      "ALREADY_EXISTS",
    );
    await expectAppError(
      as("owner").members.invite({ email: "not-an-email", role: "member" }),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("lists pending invitations to admins only, and a revoked one can no longer be accepted", async () => {
    const r = await as("admin").members.invite({ email: "maybe@team.example", role: "read-only" });
    const pending = await as("admin").members.invitations({});
    expect(pending.find((i) => i.email === "maybe@team.example")).toMatchObject({
      id: r.invitation!.id,
      role: "read-only",
      acceptedAt: null,
    });
    expect(pending.map((i) => i.email)).not.toContain("new.person@team.example"); // accepted: not pending
    await expectAppError(as("member").members.invitations({}), 403, "ROLE_REQUIRED");
    await expectAppError(as("member").members.revokeInvitation({ id: r.invitation!.id }), 403, "ROLE_REQUIRED");

    expect(await as("admin").members.revokeInvitation({ id: r.invitation!.id })).toMatchObject({
      message: expect.stringContaining("maybe@team.example"),
    });
    expect((await as("admin").members.invitations({})).map((i) => i.email)).not.toContain("maybe@team.example");
    expect(await findInvitation(api.services, r.token!)).toBeNull();
    await expectAppError(
      acceptInvitation(api.services, r.token!, { password: "a long enough password" }),
      404,
      "NOT_FOUND",
    );
    await expectAppError(as("admin").members.revokeInvitation({ id: r.invitation!.id }), 404, "NOT_FOUND");
    expect((await audit("invitation.revoke")).at(-1)).toMatchObject({
      resourceId: String(r.invitation!.id),
      channel: "dashboard",
    });
  });

  it("keeps an owner: admins cannot grant ownership, the last owner stays", async () => {
    await expectAppError(as("admin").members.changeRole({ userId: ids.member!, role: "owner" }), 403, "ROLE_REQUIRED");
    await expectAppError(as("admin").members.remove({ userId: ids.owner! }), 403, "ROLE_REQUIRED");
    const err = await expectAppError(
      as("owner").members.changeRole({ userId: ids.owner!, role: "admin" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(err.field).toBe("role");
    await expectAppError(as("owner").members.remove({ userId: ids.owner! }), 400, "VALIDATION_ERROR");
    expect(await as("admin").members.changeRole({ userId: ids.member!, role: "read-only" })).toMatchObject({
      role: "read-only",
    });
    expect((await audit("member.role")).at(-1)?.changes).toEqual({ role: { before: "member", after: "read-only" } });
    await as("admin").members.changeRole({ userId: ids.member!, role: "member" });
  });

  it("removing a member ends their access at once", async () => {
    const temp = (await newUser(api.services, workspaceId, "member", "temp@team.example")).user.id;
    ids.temp = temp;
    const project = await as("admin").projects.create({ name: "Seen by temp" });
    expect((await as("temp").projects.list({})).items.map((p) => p.id)).toContain(project.id);
    await as("admin").members.remove({ userId: temp });
    await expectAppError(as("temp").projects.list({}), 401, "UNAUTHENTICATED");
    await expectAppError(as("admin").members.remove({ userId: temp }), 404, "NOT_FOUND");
  });
});

describe("OAuth apps", () => {
  it("are created, edited, rotated and deleted by admins, with the secret shown once", async () => {
    await expectAppError(as("member").oauthApps.create({ name: "x", scopes: ["assets:read"] }), 403, "ROLE_REQUIRED");
    const created = await as("admin").oauthApps.create({
      name: "Reporter",
      scopes: ["assets:read"],
      redirectUris: ["https://r.example/cb"],
    });
    expect(created.clientSecret).toMatch(/^ems_cs_/);
    expect(JSON.stringify(await as("admin").oauthApps.list({}))).not.toContain(created.clientSecret);
    await expectAppError(
      as("admin").oauthApps.create({ name: "x", scopes: ["assets:read"], redirectUris: ["http://evil.example/cb"] }),
      400,
      "VALIDATION_ERROR",
    );

    const edited = await as("admin").oauthApps.update({
      id: created.id,
      name: "Reporter 2",
      redirectUris: ["https://r.example/cb", "http://localhost:8080/cb"],
    });
    expect(edited).toMatchObject({
      name: "Reporter 2",
      redirectUris: ["https://r.example/cb", "http://localhost:8080/cb"],
    });
    await expectAppError(as("admin").oauthApps.update({ id: created.id }), 400, "VALIDATION_ERROR");

    const token = (await clientCredentialsToken(api.url, created)).access_token;
    const rotated = await as("owner").oauthApps.rotateSecret({ id: created.id });
    expect(rotated.clientSecret).not.toBe(created.clientSecret);
    await expect(clientCredentialsToken(api.url, created)).rejects.toThrow(/401.*invalid_client/);
    expect(
      (await clientCredentialsToken(api.url, { clientId: created.clientId, clientSecret: rotated.clientSecret }))
        .access_token,
    ).toMatch(/^ems_at_/);
    expect((await fetch(`${api.url}/app/projects`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      200,
    );

    expect((await as("admin").oauthApps.delete({ id: created.id })).message).toContain("Reporter 2");
    expect((await fetch(`${api.url}/app/projects`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(
      401,
    );
    await expectAppError(as("admin").oauthApps.delete({ id: created.id }), 404, "NOT_FOUND");
    expect((await audit("oauth-app.rotate-secret")).length).toBe(1);
  });
});

describe("plan and asset slots", () => {
  it("shows the plan and its limits to everyone", async () => {
    expect(await as("read-only").plan.get({})).toMatchObject({
      plan: "essential",
      includedAssets: 10,
      purchasedAssetSlots: 0,
      assetSlots: 10,
      usedAssets: 0,
      assetSlotPriceCents: 1500,
      limits: {
        maxProjects: 3,
        schedulesPerAsset: 1,
        scheduleFrequencies: ["weekly", "monthly"],
        scheduleWindows: false,
      },
    });
  });

  it("lets admins buy slots: recorded, counted, audited; the built-in provider charges nothing, says so", async () => {
    await expectAppError(as("member").plan.buyAssetSlots({ quantity: 1 }), 403, "ROLE_REQUIRED");
    await expectAppError(as("admin").plan.buyAssetSlots({ quantity: 0 }), 400, "VALIDATION_ERROR");
    const after = await as("admin").plan.buyAssetSlots({ quantity: 3 });
    expect(after).toMatchObject({
      purchasedAssetSlots: 3,
      assetSlots: 13,
      assetSlotPriceCents: 1500,
      payments: { provider: "built-in", charges: false },
    });
    // What was paid: nothing (the list price is the plan's, above).
    expect(after.purchases[0]).toMatchObject({ quantity: 3, amountCents: 0, provider: "built-in" });
    const [entry] = await audit("asset-slots.purchase");
    expect(entry).toMatchObject({ actorType: "user", userId: ids.admin, channel: "dashboard" });
    expect(entry!.changes).toMatchObject({
      purchasedAssetSlots: { before: 0, after: 3 },
      amountCents: { before: null, after: 0 },
    });
  });

  it("records nothing when the payment fails, and refunds when recording fails", async () => {
    const calls: string[] = [];
    const provider: PaymentProvider = {
      name: "test",
      charges: true,
      async charge(c) {
        calls.push(`charge ${c.amountCents}`);
        if (c.amountCents > 100_000) throw new Error("card declined");
        return { reference: "ref-1" };
      },
      async refund(ref) {
        calls.push(`refund ${ref}`);
      },
    };
    const services = createServices(api.db, { payments: provider });
    await expect(as("admin", services).plan.buyAssetSlots({ quantity: 100 })).rejects.toThrow();
    expect((await as("admin").plan.get({})).purchasedAssetSlots).toBe(3);

    await api.db.pool.query(`create function refuse_purchase() returns trigger language plpgsql
      as $$ begin raise exception 'db down'; end $$;
      create trigger refuse_purchase before insert on "SlotPurchase" for each row execute function refuse_purchase()`);
    try {
      await expect(as("admin", services).plan.buyAssetSlots({ quantity: 1 })).rejects.toThrow();
    } finally {
      await api.db.pool.query(`drop trigger refuse_purchase on "SlotPurchase"; drop function refuse_purchase()`);
    }
    expect(calls).toEqual(["charge 150000", "charge 1500", "refund ref-1"]);
    expect((await as("admin").plan.get({})).purchasedAssetSlots).toBe(3);
    // A provider that charges records what it charged, and the plan says purchases cost money.
    const bought = await as("admin", services).plan.buyAssetSlots({ quantity: 2 });
    expect(bought.payments).toEqual({ provider: "test", charges: true });
    expect(bought.purchases[0]).toMatchObject({ quantity: 2, amountCents: 3000, provider: "test" });
  });
});

describe("me", () => {
  it("tells the user who and where they are, and their other workspaces", async () => {
    const other = await newWorkspace(api.services, { name: "Second" });
    await runInWorkspace(other.id, () =>
      api.services.scoped.membership.create({ data: { workspaceId: other.id, userId: ids.member!, role: "admin" } }),
    );
    const me = await as("member").me.get();
    expect(me).toMatchObject({
      user: { email: "member@team.example" },
      role: "member",
      workspace: { id: workspaceId },
    });
    expect(me.workspaces.map((w) => w.role)).toEqual(["member", "admin"]);
  });
});

describe("adding an asset past the slots, in the dashboard", () => {
  it("lets an admin buy the slot and add the asset in one step; members cannot", async () => {
    const ws = await newWorkspace(api.services, { plan: "essential" });
    const admin = (await newUser(api.services, ws.id, "admin")).user.id;
    const member = (await newUser(api.services, ws.id, "member")).user.id;
    const caller = (userId: number) => createCaller(sessionContext(api.services, { userId, workspaceId: ws.id }));
    const project = await caller(admin).projects.create({ name: "P" });
    const services = createServices(api.db, { net: { ...api.services.net, allowedRanges: ["127.0.0.0/8"] } });
    const adminCaller = createCaller(sessionContext(services, { userId: admin, workspaceId: ws.id }));
    for (let i = 1; i <= 10; i++)
      await adminCaller.assets.create({ projectId: project.id, type: "ipv4", value: `127.0.2.${i}` });

    await expectAppError(
      adminCaller.assets.create({ projectId: project.id, type: "ipv4", value: "127.0.2.11" }),
      403,
      "ASSET_SLOT_REQUIRED",
    );
    const memberCaller = createCaller(sessionContext(services, { userId: member, workspaceId: ws.id }));
    await expectAppError(
      memberCaller.assets.create({ projectId: project.id, type: "ipv4", value: "127.0.2.11", buySlot: true }),
      403,
      "ROLE_REQUIRED",
    );
    expect((await adminCaller.plan.get({})).purchasedAssetSlots).toBe(0);

    const added = await adminCaller.assets.create({
      projectId: project.id,
      type: "ipv4",
      value: "127.0.2.11",
      buySlot: true,
    });
    expect(added.value).toBe("127.0.2.11");
    expect(await adminCaller.plan.get({})).toMatchObject({ purchasedAssetSlots: 1, assetSlots: 11, usedAssets: 11 });
    const actions = (
      await runInWorkspace(ws.id, () => api.services.scoped.auditEntry.findMany({ orderBy: { id: "desc" }, take: 2 }))
    ).map((e) => e.action);
    expect(actions).toEqual(["asset.create", "asset-slots.purchase"]);
  });
});
