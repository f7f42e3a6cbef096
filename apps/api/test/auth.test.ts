// Section 3 of the foundation issue: every answer of the auth chain, in order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter, restRoutes, revokeApiKeyById } from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
import {
  call,
  clientCredentialsToken,
  expectError,
  newApiKey,
  newOAuthApp,
  startApi,
  until,
  workspaceWithKey,
  type TestApi,
} from "./harness.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const get = (credential: string | undefined, path = "/app/projects") => call(api.url, credential, "GET", path);

describe("401", () => {
  it("INVALID_API_KEY without a header, with a malformed header, or an unknown key", async () => {
    await expectError(await get(undefined), 401, "INVALID_API_KEY");
    await expectError(
      await call(api.url, undefined, "GET", "/app/projects", undefined, { authorization: "Basic abc" }),
      401,
      "INVALID_API_KEY",
    );
    await expectError(await get("ems_key_doesnotexist"), 401, "INVALID_API_KEY");
    await expectError(await get("random"), 401, "INVALID_API_KEY");
  });

  it("INVALID_API_KEY for a revoked and for an expired key", async () => {
    const { workspace, key, keyId } = await workspaceWithKey(api.services);
    expect((await get(key)).status).toBe(200);
    // Revoked by this process (as the dashboard and the CLI do): refused from the next request on.
    await revokeApiKeyById(api.services, keyId, { channel: "cli", name: "test" });
    await expectError(await get(key), 401, "INVALID_API_KEY");

    const soon = await newApiKey(api.services, workspace.id, { expiresAt: new Date(Date.now() + 60_000) });
    expect((await get(soon.key)).status).toBe(200);
    await runInWorkspace(workspace.id, () =>
      api.services.scoped.apiKey.update({ where: { id: soon.id }, data: { expiresAt: new Date(Date.now() - 1000) } }),
    );
    // Changed behind the service's back: the process hears of it by the key's notification (docs/api.md).
    await until(async () => (await get(soon.key)).status === 401, "the hand-made expiry to reach the key cache", 5000);
    await expectError(await get(soon.key), 401, "INVALID_API_KEY");
  });

  it("INVALID_TOKEN for an unknown, a revoked and an expired access token", async () => {
    await expectError(await get("ems_at_unknown"), 401, "INVALID_TOKEN");
    const { workspace } = await workspaceWithKey(api.services);
    const app = await newOAuthApp(api.services, workspace.id, ["assets:read"]);
    const revoked = await clientCredentialsToken(api.url, app);
    expect((await get(revoked.access_token)).status).toBe(200);
    const res = await fetch(`${api.url}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: revoked.access_token,
        client_id: app.clientId,
        client_secret: app.clientSecret,
      }),
    });
    expect(res.status).toBe(200);
    await expectError(await get(revoked.access_token), 401, "INVALID_TOKEN");

    const expired = await clientCredentialsToken(api.url, app);
    await runInWorkspace(workspace.id, () =>
      api.services.scoped.oAuthToken.updateMany({
        where: { revokedAt: null },
        data: { expiresAt: new Date(Date.now() - 1000) },
      }),
    );
    await expectError(await get(expired.access_token), 401, "INVALID_TOKEN");
  });
});

describe("403", () => {
  it("SESSION_REQUIRED on dashboard-only routes for keys and tokens, before scopes are looked at", async () => {
    const { workspace, key } = await workspaceWithKey(api.services);
    const narrow = await newApiKey(api.services, workspace.id, { scopes: ["issues:read"] });
    const app = await newOAuthApp(api.services, workspace.id, ["assets:read"]);
    const token = (await clientCredentialsToken(api.url, app)).access_token;
    for (const credential of [key, narrow.key, token]) {
      await expectError(await get(credential, "/app/api-keys"), 403, "SESSION_REQUIRED");
      await expectError(
        await call(api.url, credential, "POST", "/app/api-keys", { name: "x" }),
        403,
        "SESSION_REQUIRED",
      );
      await expectError(await call(api.url, credential, "DELETE", "/app/api-keys/1"), 403, "SESSION_REQUIRED");
    }
  });

  const dashboardOnly = restRoutes(appRouter).filter((r) => r.meta.dashboardOnly);
  it.each(dashboardOnly.map((r) => [r.method, r.path]))(
    "%s %s answers SESSION_REQUIRED to a key and to a token",
    async (method, path) => {
      const { workspace, key } = await workspaceWithKey(api.services);
      const app = await newOAuthApp(api.services, workspace.id, ["assets:read", "assets:write"]);
      const token = (await clientCredentialsToken(api.url, app)).access_token;
      const url = path.replace(/\{\w+\}/g, "1");
      for (const credential of [key, token]) {
        await expectError(
          await call(api.url, credential, method, url, method === "GET" || method === "DELETE" ? undefined : {}),
          403,
          "SESSION_REQUIRED",
        );
      }
    },
  );

  it("SCOPE_REQUIRED for a key or token without the route's scope", async () => {
    const { workspace } = await workspaceWithKey(api.services);
    const readOnly = await newApiKey(api.services, workspace.id, { scopes: ["assets:read"] });
    expect((await get(readOnly.key)).status).toBe(200);
    const body = await expectError(
      await call(api.url, readOnly.key, "POST", "/app/projects", { name: "x" }),
      403,
      "SCOPE_REQUIRED",
    );
    expect(body.message).toContain("assets:write");
    await expectError(await get(readOnly.key, "/app/audit-log"), 403, "SCOPE_REQUIRED");

    const app = await newOAuthApp(api.services, workspace.id, ["assets:read", "assets:write"]);
    const token = (await clientCredentialsToken(api.url, app, "assets:read")).access_token;
    expect((await get(token)).status).toBe(200);
    await expectError(await call(api.url, token, "POST", "/app/projects", { name: "x" }), 403, "SCOPE_REQUIRED");
  });

  it("an unauthenticated request is 401 even on a dashboard-only route", async () => {
    await expectError(await get(undefined, "/app/api-keys"), 401, "INVALID_API_KEY");
  });
});

describe("429 and rate-limit headers", () => {
  it("60 writes/minute per key, then RATE_LIMITED with an integer Retry-After; reads have their own 120", async () => {
    const { key } = await workspaceWithKey(api.services);
    const { key: neighbour } = await workspaceWithKey(api.services);
    for (let i = 0; i < 60; i++) {
      // An invalid body still spends the budget (it reached the handler), and changes nothing.
      const res = await call(api.url, key, "POST", "/app/projects", { name: "" });
      expect(res.status).toBe(400);
      const ok = await call(api.url, key, "GET", "/app/projects");
      if (i === 0) expect(ok.headers.get("ratelimit-remaining")).toBe("119");
      await ok.arrayBuffer();
    }
    const limited = await call(api.url, key, "POST", "/app/projects", { name: "valid" });
    const body = await expectError(limited, 429, "RATE_LIMITED");
    expect(body.message).toMatch(/60/);
    const retryAfter = limited.headers.get("retry-after");
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    // Nothing was created by the refused request.
    const list = await get(key);
    expect(list.headers.get("x-total-count")).toBe("0");
    // Reads have their own budget (60 reads in the loop + this one), and another key is untouched.
    expect(list.status).toBe(200);
    expect(list.headers.get("ratelimit-remaining")).toBe(String(120 - 61));
    const other = await call(api.url, neighbour, "POST", "/app/projects", { name: "fine" });
    expect(other.status).toBe(201);
    expect(other.headers.get("ratelimit-remaining")).toBe("59");
  });

  it("counts each OAuth token separately from the app's other tokens and from keys", async () => {
    const { workspace } = await workspaceWithKey(api.services);
    const app = await newOAuthApp(api.services, workspace.id, ["assets:read"]);
    const t1 = (await clientCredentialsToken(api.url, app)).access_token;
    const t2 = (await clientCredentialsToken(api.url, app)).access_token;
    await get(t1);
    const r1 = await get(t1);
    const r2 = await get(t2);
    expect(r1.headers.get("ratelimit-remaining")).toBe("118");
    expect(r2.headers.get("ratelimit-remaining")).toBe("119");
  });
});

describe("OAuth token endpoint (client credentials) and revocation", () => {
  const form = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${api.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(body),
    });

  it("issues an expiring Bearer token with the app's scopes by default or the requested subset", async () => {
    const { workspace } = await workspaceWithKey(api.services);
    const app = await newOAuthApp(api.services, workspace.id, ["assets:read", "assets:write"]);
    const res = await form({
      grant_type: "client_credentials",
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const all = (await res.json()) as { access_token: string; token_type: string; expires_in: number; scope: string };
    expect(all.token_type).toBe("Bearer");
    expect(all.access_token).toMatch(/^ems_at_/);
    expect(all.expires_in).toBeGreaterThan(3500);
    expect(all.expires_in).toBeLessThanOrEqual(3600);
    expect(all.scope.split(" ").sort()).toEqual(["assets:read", "assets:write"]);
    const sub = await clientCredentialsToken(api.url, app, "assets:read");
    expect(sub.scope).toBe("assets:read");
    // The token works, for this workspace only.
    const created = await call(api.url, all.access_token, "POST", "/app/projects", { name: "via oauth" });
    expect(created.status).toBe(201);
    const listed = await get(all.access_token);
    expect(listed.headers.get("x-total-count")).toBe("1");
  });

  it("answers RFC 6749 errors", async () => {
    const { workspace } = await workspaceWithKey(api.services);
    const app = await newOAuthApp(api.services, workspace.id, ["assets:read"]);
    const expectOAuthError = async (res: Response, status: number, error: string) => {
      expect(res.status).toBe(status);
      const body = (await res.json()) as { error: string; error_description: string };
      expect(body.error).toBe(error);
      expect(body.error_description.length).toBeGreaterThan(0);
    };
    // Credentials in the body: 400 (RFC 6749 5.2 reserves 401 for the Authorization header).
    await expectOAuthError(
      await form({ grant_type: "client_credentials", client_id: app.clientId, client_secret: "wrong" }),
      400,
      "invalid_client",
    );
    const basicBad = await form(
      { grant_type: "client_credentials" },
      { authorization: `Basic ${Buffer.from(`${app.clientId}:nope`).toString("base64")}` },
    );
    expect(basicBad.headers.get("www-authenticate")).toContain("Basic");
    await expectOAuthError(basicBad, 401, "invalid_client");
    await expectOAuthError(
      await form({
        grant_type: "client_credentials",
        client_id: app.clientId,
        client_secret: app.clientSecret,
        scope: "assets:write",
      }),
      400,
      "invalid_scope",
    );
    await expectOAuthError(
      await form({
        grant_type: "client_credentials",
        client_id: app.clientId,
        client_secret: app.clientSecret,
        scope: "bogus",
      }),
      400,
      "invalid_scope",
    );
    await expectOAuthError(
      await form({ grant_type: "urn:example:nope", client_id: app.clientId, client_secret: app.clientSecret }),
      400,
      "unsupported_grant_type",
    );
    // A grant type the server knows but this client may not use.
    await expectOAuthError(
      await form({ grant_type: "password", client_id: app.clientId, client_secret: app.clientSecret }),
      400,
      "unauthorized_client",
    );
    await expectOAuthError(
      await form({ client_id: app.clientId, client_secret: app.clientSecret }),
      400,
      "invalid_request",
    );
  });

  it("revokes only the authenticated client's tokens and answers 200 for unknown ones", async () => {
    const { workspace } = await workspaceWithKey(api.services);
    const app = await newOAuthApp(api.services, workspace.id, ["assets:read"]);
    const other = await newOAuthApp(api.services, workspace.id, ["assets:read"]);
    const token = (await clientCredentialsToken(api.url, app)).access_token;
    const revoke = (client: { clientId: string; clientSecret: string }, t: string) =>
      fetch(`${api.url}/oauth/revoke`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
        },
        body: new URLSearchParams({ token: t }),
      });
    expect((await revoke(other, token)).status).toBe(200);
    expect((await get(token)).status).toBe(200);
    expect((await revoke(app, "ems_at_unknown")).status).toBe(200);
    expect((await revoke({ clientId: app.clientId, clientSecret: "bad" }, token)).status).toBe(401);
    expect((await revoke(app, token)).status).toBe(200);
    await expectError(await get(token), 401, "INVALID_TOKEN");
  });
});
