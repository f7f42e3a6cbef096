// The operator CLI, as a user runs it: a child process, on DATABASE_URL and
// on the embedded database, with and without the server running. One CLI run and one server start go through
// tsx as the package scripts do; the others run the entry points built once per run (entry-points.ts).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopEmbeddedPostgres } from "@ems/db/node";
import { call, expectError, startApi, type TestApi } from "./harness.ts";
import { runCli, startServerProcess } from "./processes.ts";

describe("pnpm ems (DATABASE_URL)", () => {
  let api: TestApi;
  let env: Record<string, string>;
  beforeAll(async () => {
    api = await startApi();
    env = { DATABASE_URL: api.db.url };
  });
  afterAll(() => api.close());

  const json = async (args: string[]) => {
    const r = await runCli([...args, "--json"], env);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };

  it("creates a workspace, a user, keys and an OAuth app that the API accepts", async () => {
    const ws = await json(["workspace", "create", "--name", "CLI Co", "--plan", "pro"]);
    expect(ws).toMatchObject({ id: expect.any(Number), name: "CLI Co", plan: "pro" });

    const user = await json([
      "user",
      "create",
      "--workspace",
      String(ws.id),
      "--email",
      "Owner@Example.com",
      "--password",
      "a long password!",
      "--role",
      "owner",
    ]);
    expect(user).toMatchObject({ user: { email: "owner@example.com" }, role: "owner" });

    const key = await json([
      "api-key",
      "create",
      "--workspace",
      String(ws.id),
      "--name",
      "ci",
      "--scopes",
      "assets:read,assets:write",
    ]);
    expect(key.key).toMatch(/^ems_key_/);
    expect(key.scopes).toEqual(["assets:read", "assets:write"]);
    expect((await call(api.url, key.key, "POST", "/app/projects", { name: "from cli key" })).status).toBe(201);

    const expiring = await json([
      "api-key",
      "create",
      "--workspace",
      String(ws.id),
      "--name",
      "short",
      "--expires-at",
      new Date(Date.now() + 86_400_000).toISOString(),
    ]);
    expect(expiring.expiresAt).not.toBeNull();

    const keys = await json(["api-key", "list", "--workspace", String(ws.id)]);
    expect(keys.map((k: { name: string }) => k.name)).toEqual(["ci", "short"]);
    expect(JSON.stringify(keys)).not.toContain(key.key);

    const revoked = await json(["api-key", "revoke", String(key.id)]);
    expect(revoked.status).toBe("revoked");
    await expectError(await call(api.url, key.key, "GET", "/app/projects"), 401, "INVALID_API_KEY");

    const app = await json([
      "oauth-app",
      "create",
      "--workspace",
      String(ws.id),
      "--name",
      "Reporter",
      "--scopes",
      "assets:read",
      "--redirect-uri",
      "https://reporter.example/cb",
    ]);
    expect(app.clientId).toMatch(/^ems_client_/);
    expect(app.clientSecret).toMatch(/^ems_cs_/);
    expect(app.redirectUris).toEqual(["https://reporter.example/cb"]);
  }, 180_000); // five CLI runs, each a Node start: slow on a busy machine

  it("prints human text without --json (through tsx, as `pnpm ems` runs it)", async () => {
    const r = await runCli(["workspace", "create", "--name", "Readable"], env, { viaTsx: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Created workspace \d+ "Readable" on plan essential/);
  });

  it("moves a workspace to another plan", async () => {
    const ws = await json(["workspace", "create", "--name", "Downgraded", "--plan", "pro"]);
    const r = await json(["workspace", "set-plan", String(ws.id), "--plan", "essential"]);
    expect(r).toMatchObject({ workspace: { id: ws.id, plan: "essential" }, disabledSchedules: 0 });
    const human = await runCli(["workspace", "set-plan", String(ws.id), "--plan", "premium"], env);
    expect(human.stdout).toMatch(new RegExp(`^Workspace ${ws.id} is on plan premium`));
  }, 180_000);

  it.each([
    [["workspace", "create"], /--name/],
    [["workspace", "set-plan", "1", "--plan", "gold"], /plan: must be one of essential, pro, premium/],
    [["workspace", "set-plan", "999999", "--plan", "pro"], /no workspace with id 999999/],
    [["workspace", "create", "--name", "x", "--plan", "gold"], /plan: must be one of essential, pro, premium/],
    [["user", "create", "--workspace", "1", "--email", "bad", "--password", "a long password!"], /email/],
    [
      ["user", "create", "--workspace", "1", "--email", "a@b.co", "--password", "short"],
      /password: must be at least 12/,
    ],
    [
      ["user", "create", "--workspace", "1", "--email", "a@b.co", "--password", "a long password!", "--role", "king"],
      /role/,
    ],
    [["api-key", "create", "--workspace", "abc", "--name", "k"], /--workspace must be a positive integer/],
    [["api-key", "create", "--workspace", "999999", "--name", "k"], /no workspace with id 999999/],
    [
      ["api-key", "create", "--workspace", "1", "--name", "k", "--scopes", "assets:read,root"],
      /scopes\.1: must be one of/,
    ],
    [
      ["api-key", "create", "--workspace", "1", "--name", "k", "--expires-at", "2001-01-01T00:00:00Z"],
      /expiresAt: must be in the future/,
    ],
    [["api-key", "revoke", "424242"], /no API key with id 424242/],
    [
      [
        "oauth-app",
        "create",
        "--workspace",
        "1",
        "--name",
        "x",
        "--scopes",
        "assets:read",
        "--redirect-uri",
        "ftp://x",
      ],
      /redirectUris\.0/,
    ],
    [["frobnicate"], /unknown command/],
  ])("%j fails clearly with a non-zero exit", async (args, message) => {
    const r = await runCli(args as string[], env);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(message);
  });
});

describe("the embedded database", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "ems-embedded-"));
  });
  afterAll(async () => {
    await stopEmbeddedPostgres(dataDir).catch(() => false);
    await rm(dataDir, { recursive: true, force: true });
  });

  it("starts without DATABASE_URL, serves the CLI and the server at once, keeps its data across restarts", async () => {
    const env = { EMS_DATA_DIR: dataDir };
    const ws = await runCli(["workspace", "create", "--name", "Embedded", "--json"], env);
    expect(ws.code, ws.stderr).toBe(0);
    const workspaceId = JSON.parse(ws.stdout).id;

    const server = await startServerProcess(env);
    try {
      expect(server.output()).toContain("embedded PostgreSQL");
      // The first-time hint leads to a way to sign in, not only to an API key.
      expect(server.output()).toContain("pnpm ems user create --workspace 1");
      // The CLI works while the server runs, on the same database.
      const key = await runCli(["api-key", "create", "--workspace", String(workspaceId), "--name", "k", "--json"], env);
      expect(key.code, key.stderr).toBe(0);
      const secret = JSON.parse(key.stdout).key;
      expect((await call(server.url, secret, "POST", "/app/projects", { name: "kept" })).status).toBe(201);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    // Stop the database itself, then read the data back: it was on disk.
    const stop = await runCli(["db", "stop", "--json"], env);
    expect(JSON.parse(stop.stdout)).toEqual({ stopped: true });
    const keys = await runCli(["api-key", "list", "--workspace", String(workspaceId), "--json"], env);
    expect(keys.code, keys.stderr).toBe(0);
    expect(JSON.parse(keys.stdout)).toHaveLength(1);
    const again = await startServerProcess(env, { viaTsx: true }); // as `pnpm start:api` runs it
    try {
      const r = await fetch(`${again.url}/healthz`);
      expect(r.status).toBe(200);
    } finally {
      await again.stop();
    }
  }, 180_000);
});
