// Authorization code + PKCE, refresh rotation and revocation, through the
// real token endpoint; the consent decision through core (the dashboard's
// consent page calls the same functions).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AuthorizationPageError,
  actAs,
  approveAuthorization,
  denyAuthorization,
  identify,
  pkceS256,
  validateAuthorizationRequest,
  type ValidAuthorization,
} from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
import { call, expectError, newOAuthApp, newUser, newWorkspace, startApi, type TestApi } from "./harness.ts";

let api: TestApi;
let workspaceId: number;
let user: { id: number; email: string };
let app: Awaited<ReturnType<typeof newOAuthApp>>;
const REDIRECT = "https://client.example/callback";

beforeAll(async () => {
  api = await startApi();
  workspaceId = (await newWorkspace(api.services, { plan: "pro" })).id;
  user = (await newUser(api.services, workspaceId, "member")).user;
  app = await newOAuthApp(api.services, workspaceId, ["assets:read", "assets:write"]);
  await runInWorkspace(workspaceId, () =>
    api.services.scoped.oAuthApp.update({ where: { id: app.id }, data: { redirectUris: [REDIRECT] } }),
  );
});
afterAll(() => api.close());

const verifier = () => randomBytes(32).toString("base64url");
const request = (over: Record<string, string | undefined> = {}, v = verifier()) => ({
  response_type: "code",
  client_id: app.clientId,
  redirect_uri: REDIRECT,
  scope: "assets:read assets:write",
  state: "xyz",
  code_challenge: pkceS256(v),
  code_challenge_method: "S256",
  ...over,
});

async function approve(over: Record<string, string | undefined> = {}) {
  const v = verifier();
  const result = await validateAuthorizationRequest(api.services, request(over, v));
  if (!("ok" in result)) throw new Error(`not ok: ${JSON.stringify(result)}`);
  // As the consent page does: through the door into the chosen workspace, then approve.
  const actor = await identify(
    api.services,
    { kind: "session", session: { userId: user.id, workspaceId } },
    { ip: "10.0.0.9" },
  );
  const url = new URL(await actAs(api.services, actor, (sc) => approveAuthorization(sc, result.ok)));
  return { code: url.searchParams.get("code")!, state: url.searchParams.get("state"), verifier: v, url };
}

const token = (body: Record<string, string>) =>
  fetch(`${api.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body),
  });

const exchange = (code: string, v: string, extra: Record<string, string> = {}) =>
  token({
    grant_type: "authorization_code",
    code,
    redirect_uri: REDIRECT,
    code_verifier: v,
    client_id: app.clientId,
    client_secret: app.clientSecret,
    ...extra,
  });

async function oauthError(res: Response, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(((await res.json()) as { error: string }).error).toBe(error);
}

describe("the authorization request", () => {
  it("refuses unknown clients and unregistered redirect URIs on the page itself", async () => {
    await expect(
      validateAuthorizationRequest(api.services, request({ client_id: "ems_client_nope" })),
    ).rejects.toBeInstanceOf(AuthorizationPageError);
    await expect(
      validateAuthorizationRequest(api.services, request({ redirect_uri: "https://evil.example/cb" })),
    ).rejects.toBeInstanceOf(AuthorizationPageError);
    await expect(validateAuthorizationRequest(api.services, request({ client_id: undefined }))).rejects.toBeInstanceOf(
      AuthorizationPageError,
    );
  });

  it.each([
    [{ response_type: "token" }, "unsupported_response_type"],
    [{ code_challenge: undefined }, "invalid_request"],
    [{ code_challenge: "short" }, "invalid_request"],
    [{ code_challenge_method: "plain" }, "invalid_request"],
    [{ scope: "audit:read" }, "invalid_scope"],
    [{ scope: "bogus" }, "invalid_scope"],
  ])("sends %j back to the client as %s, with the state", async (over, error) => {
    const result = await validateAuthorizationRequest(api.services, request(over));
    expect("redirect" in result).toBe(true);
    const url = new URL((result as { redirect: string }).redirect);
    expect(url.origin + url.pathname).toBe(REDIRECT);
    expect(url.searchParams.get("error")).toBe(error);
    expect(url.searchParams.get("state")).toBe("xyz");
  });

  it("a denial returns access_denied to the client", async () => {
    const result = (await validateAuthorizationRequest(api.services, request())) as { ok: ValidAuthorization };
    const url = new URL(denyAuthorization(result.ok));
    expect(url.searchParams.get("error")).toBe("access_denied");
    expect(url.searchParams.get("state")).toBe("xyz");
  });

  it("GET /oauth/authorize on the API sends the browser to the dashboard's consent page", async () => {
    const res = await fetch(`${api.url}/oauth/authorize?client_id=abc&state=s`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://127.0.0.1:3000/oauth/authorize?client_id=abc&state=s");
  });
});

describe("code exchange (PKCE)", () => {
  it("gives access and refresh tokens for the approving user's workspace and scopes", async () => {
    const { code, state, verifier: v } = await approve();
    expect(state).toBe("xyz");
    const res = await exchange(code, v);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      access_token: string;
      refresh_token: string;
      token_type: string;
      expires_in: number;
      scope: string;
    };
    expect(body.access_token).toMatch(/^ems_at_/);
    expect(body.refresh_token).toMatch(/^ems_rt_/);
    expect(body.scope.split(" ").sort()).toEqual(["assets:read", "assets:write"]);
    const created = await call(api.url, body.access_token, "POST", "/app/projects", { name: "via consent" });
    expect(created.status).toBe(201);
    const entries = await runInWorkspace(workspaceId, () =>
      api.services.scoped.auditEntry.findMany({ where: { action: "project.create" } }),
    );
    expect(entries.at(-1)).toMatchObject({
      actorType: "oauth_app",
      oauthAppId: app.id,
      userId: user.id,
      channel: "oauth",
    });
    const approval = await runInWorkspace(workspaceId, () =>
      api.services.scoped.auditEntry.findFirst({ where: { action: "oauth-app.authorize" } }),
    );
    expect(approval).toMatchObject({ actorType: "user", userId: user.id, ip: "10.0.0.9" });
  });

  it("grants only the scopes approved", async () => {
    const { code, verifier: v } = await approve({ scope: "assets:read" });
    const body = (await (await exchange(code, v)).json()) as { access_token: string; scope: string };
    expect(body.scope).toBe("assets:read");
    expect((await call(api.url, body.access_token, "GET", "/app/projects")).status).toBe(200);
    await expectError(
      await call(api.url, body.access_token, "POST", "/app/projects", { name: "no" }),
      403,
      "SCOPE_REQUIRED",
    );
  });

  it("refuses a wrong or missing verifier, a replayed code, another redirect URI and an expired code", async () => {
    const a = await approve();
    await oauthError(await exchange(a.code, verifier()), 400, "invalid_grant");
    const b = await approve();
    await oauthError(
      await token({
        grant_type: "authorization_code",
        code: b.code,
        redirect_uri: REDIRECT,
        client_id: app.clientId,
        client_secret: app.clientSecret,
      }),
      400,
      "invalid_grant",
    );
    const c = await approve();
    expect((await exchange(c.code, c.verifier)).status).toBe(200);
    await oauthError(await exchange(c.code, c.verifier), 400, "invalid_grant");
    const d = await approve();
    await oauthError(
      await exchange(d.code, d.verifier, { redirect_uri: "https://client.example/other" }),
      400,
      "invalid_request",
    );
    const e = await approve();
    await api.db.pool.query(`update "OAuthAuthorizationCode" set "expiresAt" = now() - interval '1 second'`);
    await oauthError(await exchange(e.code, e.verifier), 400, "invalid_grant");
  });

  it("lets a public client exchange with the verifier alone", async () => {
    const { code, verifier: v } = await approve();
    const res = await token({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      code_verifier: v,
      client_id: app.clientId,
    });
    expect(res.status).toBe(200);
  });
});

describe("refresh tokens", () => {
  it("rotate: the new pair works, the old access and refresh tokens do not", async () => {
    const { code, verifier: v } = await approve();
    const first = (await (await exchange(code, v)).json()) as { access_token: string; refresh_token: string };
    const res = await token({
      grant_type: "refresh_token",
      refresh_token: first.refresh_token,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(res.status).toBe(200);
    const second = (await res.json()) as { access_token: string; refresh_token: string; scope: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await call(api.url, second.access_token, "GET", "/app/projects")).status).toBe(200);
    await expectError(await call(api.url, first.access_token, "GET", "/app/projects"), 401, "INVALID_TOKEN");
    await oauthError(
      await token({
        grant_type: "refresh_token",
        refresh_token: first.refresh_token,
        client_id: app.clientId,
        client_secret: app.clientSecret,
      }),
      400,
      "invalid_grant",
    );
  });

  it("can narrow the scope, not widen it", async () => {
    const { code, verifier: v } = await approve({ scope: "assets:read" });
    const first = (await (await exchange(code, v)).json()) as { refresh_token: string };
    await oauthError(
      await token({
        grant_type: "refresh_token",
        refresh_token: first.refresh_token,
        scope: "assets:write",
        client_id: app.clientId,
        client_secret: app.clientSecret,
      }),
      400,
      "invalid_scope",
    );
  });

  it("stop working when revoked (RFC 7009)", async () => {
    const { code, verifier: v } = await approve();
    const first = (await (await exchange(code, v)).json()) as { access_token: string; refresh_token: string };
    const revoke = await fetch(`${api.url}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: first.refresh_token,
        token_type_hint: "refresh_token",
        client_id: app.clientId,
        client_secret: app.clientSecret,
      }),
    });
    expect(revoke.status).toBe(200);
    await oauthError(
      await token({
        grant_type: "refresh_token",
        refresh_token: first.refresh_token,
        client_id: app.clientId,
        client_secret: app.clientSecret,
      }),
      400,
      "invalid_grant",
    );
    await expectError(await call(api.url, first.access_token, "GET", "/app/projects"), 401, "INVALID_TOKEN");
  });

  it("need the client's secret", async () => {
    const { code, verifier: v } = await approve();
    const first = (await (await exchange(code, v)).json()) as { refresh_token: string };
    await oauthError(
      await token({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: app.clientId }),
      400,
      "invalid_client",
    );
  });
});
