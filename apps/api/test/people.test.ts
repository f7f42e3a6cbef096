// People's own accounts: a name set from the dashboard (me.setName) and the CLI (user create --first-name, user
// set-name), a password changed with the current one (me.changePassword: Argon2id, audited, every other session of
// the person ended at once) or set by the operator (user set-password).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaller, sessionContext, sessionVersionFor, verifyCredentials, type DashboardSession } from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
import { expectAppError, newUser, newWorkspace, startApi, type TestApi } from "./harness.ts";
import { runCli } from "./processes.ts";

const PASSWORD = "correct horse battery";

let api: TestApi;
let first: number;
let second: number;

beforeAll(async () => {
  api = await startApi();
  first = (await newWorkspace(api.services)).id;
  second = (await newWorkspace(api.services)).id;
});
afterAll(() => api.close());

/** A person who belongs to both workspaces, and a session of theirs signed in now. */
async function person(role: "owner" | "read-only" = "owner") {
  const email = `p-${Math.random().toString(36).slice(2, 8)}@people.example`;
  const { user } = await newUser(api.services, first, role, email);
  await newUser(api.services, second, "member", email);
  const signedIn = await verifyCredentials(api.services, email, PASSWORD);
  const session: DashboardSession = { userId: user.id, workspaceId: first, sessionVersion: signedIn!.sessionVersion };
  return { id: user.id, email, session, as: (s = session) => createCaller(sessionContext(api.services, s)) };
}

const audit = (workspaceId: number, action: string, userId: number) =>
  runInWorkspace(workspaceId, () =>
    api.services.scoped.auditEntry.findMany({ where: { action, resourceId: String(userId) }, orderBy: { id: "asc" } }),
  );

describe("a person's name", () => {
  it("is set from the dashboard by any role, shown by me.get, and audited in each of their workspaces", async () => {
    const p = await person("read-only");
    const me = await p.as().me.setName({ firstName: "  Dana ", lastName: "Scully" });
    expect(me.user).toMatchObject({ email: p.email, firstName: "Dana", lastName: "Scully" });
    expect((await p.as().me.get()).user).toMatchObject({ firstName: "Dana", lastName: "Scully" });
    for (const ws of [first, second]) {
      const [entry] = await audit(ws, "user.update", p.id);
      expect(entry).toMatchObject({
        actorType: "user",
        actorId: p.id,
        channel: "dashboard",
        changes: { firstName: { before: "", after: "Dana" }, lastName: { before: "", after: "Scully" } },
      });
    }
    // Members see it in every workspace.
    const owner = await newUser(api.services, second, "owner");
    const members = await createCaller(
      sessionContext(api.services, { userId: owner.user.id, workspaceId: second }),
    ).members.list({});
    expect(members.items.find((m) => m.userId === p.id)).toMatchObject({ firstName: "Dana", lastName: "Scully" });
    // The same name again changes nothing and writes nothing.
    await p.as().me.setName({ firstName: "Dana", lastName: "Scully" });
    expect(await audit(first, "user.update", p.id)).toHaveLength(1);
  });

  it("refuses a name that is too long or has control characters, naming the field, and changes nothing", async () => {
    const p = await person();
    const tooLong = await expectAppError(
      p.as().me.setName({ firstName: "x".repeat(101), lastName: "" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(tooLong.field).toBe("firstName");
    const control = await expectAppError(
      p.as().me.setName({ firstName: "", lastName: "a\u0007b" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(control.field).toBe("lastName");
    expect((await p.as().me.get()).user).toMatchObject({ firstName: "", lastName: "" });
  });
});

describe("a password change", () => {
  it("needs the current password and a new one of 12+ characters, naming the field; nothing changes", async () => {
    const p = await person();
    const wrong = await expectAppError(
      p.as().me.changePassword({ currentPassword: "not my password", newPassword: "a brand new passphrase" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(wrong.field).toBe("currentPassword");
    const short = await expectAppError(
      p.as().me.changePassword({ currentPassword: PASSWORD, newPassword: "short" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(short.field).toBe("newPassword");
    expect(await verifyCredentials(api.services, p.email, PASSWORD)).not.toBeNull();
    expect(await audit(first, "user.password-change", p.id)).toEqual([]);
    expect((await p.as().me.get()).user.email).toBe(p.email);
  });

  it("stores an Argon2id hash, audits without the password, and ends every other session at once", async () => {
    const p = await person("read-only");
    const otherDevice = p.as({ ...p.session });
    const otherWorkspace = p.as({ ...p.session, workspaceId: second });
    const before = await api.services.db.prisma.user.findUniqueOrThrow({ where: { id: p.id } });
    const r = await p.as().me.changePassword({ currentPassword: PASSWORD, newPassword: "a brand new passphrase" });
    expect(r.message).toMatch(/sessions elsewhere have ended/);

    const after = await api.services.db.prisma.user.findUniqueOrThrow({ where: { id: p.id } });
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.sessionVersion).toBe(before.sessionVersion + 1);
    expect(await verifyCredentials(api.services, p.email, PASSWORD)).toBeNull();
    expect(await verifyCredentials(api.services, p.email, "a brand new passphrase")).toMatchObject({
      sessionVersion: after.sessionVersion,
    });

    for (const ws of [first, second]) {
      const entries = await audit(ws, "user.password-change", p.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actorType: "user", actorId: p.id, channel: "dashboard", changes: {} });
      expect(JSON.stringify(entries)).not.toContain("brand new");
    }

    // Sessions signed in before the change, in any workspace, are over (the door checks every request).
    for (const stale of [otherDevice, otherWorkspace, p.as()]) {
      const err = await expectAppError(stale.me.get(), 401, "UNAUTHENTICATED");
      expect(err.message).toMatch(/password was changed/);
    }
    // A session proving the new password carries on (the dashboard re-signs its own session so).
    expect(await sessionVersionFor(api.services, p.id, "a guess")).toBeNull();
    const version = await sessionVersionFor(api.services, p.id, "a brand new passphrase");
    expect(version).toBe(after.sessionVersion);
    expect((await p.as({ ...p.session, sessionVersion: version! }).me.get()).user.id).toBe(p.id);
  });

  it("of two changes from the same current password, only the first goes through", async () => {
    const p = await person();
    const results = await Promise.allSettled([
      p.as().me.changePassword({ currentPassword: PASSWORD, newPassword: "first new passphrase" }),
      p.as().me.changePassword({ currentPassword: PASSWORD, newPassword: "second new passphrase" }),
    ]);
    expect(results.filter((x) => x.status === "fulfilled")).toHaveLength(1);
    const winner = (await verifyCredentials(api.services, p.email, "first new passphrase")) ? "first" : "second";
    expect(await verifyCredentials(api.services, p.email, `${winner} new passphrase`)).not.toBeNull();
    expect(await audit(first, "user.password-change", p.id)).toHaveLength(1);
  });
});

describe("pnpm ems user (the operator)", () => {
  const cli = async (args: string[]) => {
    const r = await runCli([...args, "--json"], { DATABASE_URL: api.db.url });
    return { ...r, json: r.code === 0 ? JSON.parse(r.stdout) : null };
  };

  it("creates a user with a name, renames them, and sets a password that ends their sessions", async () => {
    const email = "named@people.example";
    const created = await cli([
      "user",
      "create",
      "--workspace",
      String(first),
      "--email",
      email,
      "--password",
      PASSWORD,
      "--first-name",
      "Fox",
      "--last-name",
      "Mulder",
    ]);
    expect(created.code, created.stderr).toBe(0);
    const id = created.json.user.id as number;
    const row = () => api.services.db.prisma.user.findUniqueOrThrow({ where: { id } });
    expect(await row()).toMatchObject({ firstName: "Fox", lastName: "Mulder" });

    const renamed = await cli(["user", "set-name", "--email", "NAMED@people.example", "--first-name", "Walter"]);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect(renamed.json).toMatchObject({ id, firstName: "Walter", lastName: "Mulder" });
    expect(await audit(first, "user.update", id)).toMatchObject([
      { actorType: "system", channel: "cli", changes: { firstName: { before: "Fox", after: "Walter" } } },
    ]);

    const session = { userId: id, workspaceId: first, sessionVersion: (await row()).sessionVersion };
    const reset = await cli(["user", "set-password", "--email", email, "--password", "operator chose this"]);
    expect(reset.code, reset.stderr).toBe(0);
    expect(await verifyCredentials(api.services, email, "operator chose this")).not.toBeNull();
    await expectAppError(createCaller(sessionContext(api.services, session)).me.get(), 401, "UNAUTHENTICATED");
    expect(await audit(first, "user.password-change", id)).toMatchObject([{ actorType: "system", channel: "cli" }]);
  });

  it("refuses what it cannot do, with the field named, exit 1 and nothing changed", async () => {
    const cases: [string[], RegExp][] = [
      [["user", "set-name", "--email", "nobody@people.example", "--first-name", "X"], /email: no user has the email/],
      [["user", "set-name", "--email", "named@people.example"], /give --first-name, --last-name or both/],
      [["user", "set-name", "--email", "named@people.example", "--last-name", "y".repeat(101)], /lastName: /],
      [["user", "set-password", "--email", "named@people.example", "--password", "short"], /newPassword: /],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args, { DATABASE_URL: api.db.url });
      expect(r.code, args.join(" ")).toBe(1);
      expect(r.stderr).toMatch(message);
    }
    expect(
      await api.services.db.prisma.user.findUniqueOrThrow({ where: { email: "named@people.example" } }),
    ).toMatchObject({ firstName: "Walter", lastName: "Mulder" });
  });
});
