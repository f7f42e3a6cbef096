// Secrets in evidence (docs/api.md, Secrets in evidence): a real site on 127.0.0.1 serves a .env with an AWS key and
// a database password; the scan's finding is masked in every channel (REST with an API key and an OAuth token, tRPC,
// the webhook message a real receiver gets, the CSV export, the assessment report), only the masks are stored with
// the evidence, and owners and admins reveal one secret, audited; members, read-only people and API keys get 403.
import { createServer, type Server } from "node:http";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  actAs,
  approveAuthorization,
  createCaller,
  identify,
  pkceS256,
  sessionContext,
  validateAuthorizationRequest,
} from "@ems/core";
import { runInWorkspace } from "@ems/core/testing";
import { clientCredentialsToken, expectAppError, expectError, newOAuthApp, newUser, until } from "./harness.ts";
import { startLoopbackStage, stageHolder, type LoopbackStage } from "./loopback-stage.ts";

const AWS_KEY = "AKIAZ7QW3ERTY5UIOPAS";
const AWS_SECRET = "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";
const DB_PASSWORD = "Xk93!pqLr-7fz";
const CLEAR = [AWS_KEY, AWS_SECRET, DB_PASSWORD];
const ENV_FILE =
  `APP_NAME=Shop\nAPP_ENV=production\nAWS_ACCESS_KEY_ID=${AWS_KEY}\nAWS_SECRET_ACCESS_KEY=${AWS_SECRET}\n` +
  `DB_HOST=10.0.3.12\nDB_USERNAME=shop\nDB_PASSWORD=${DB_PASSWORD}\n`;
const REDIRECT = "https://client.example/callback";

interface EvidenceSecret {
  id: number;
  label: string;
  mask: string;
}
interface Finding {
  id: number;
  kind: string;
  issueId: number;
  evidence: { secrets: EvidenceSecret[]; response?: string; matched?: string };
}

const stage = stageHolder<LoopbackStage>("startLoopbackStage");
let receiver: Server;
const received: string[] = [];
let people: Record<"owner" | "admin" | "member" | "reader", number>;
let finding: Finding;

/** A person's OAuth access token through the consent functions and the real token endpoint (authorization code). */
async function userToken(userId: number) {
  const { api, workspaceId } = stage.get();
  const app = await newOAuthApp(api.services, workspaceId, ["issues:read", "issues:write"]);
  await runInWorkspace(workspaceId, () =>
    api.services.scoped.oAuthApp.update({ where: { id: app.id }, data: { redirectUris: [REDIRECT] } }),
  );
  const verifier = randomBytes(32).toString("base64url");
  const result = await validateAuthorizationRequest(api.services, {
    response_type: "code",
    client_id: app.clientId,
    redirect_uri: REDIRECT,
    scope: "issues:read issues:write",
    state: "s",
    code_challenge: pkceS256(verifier),
    code_challenge_method: "S256",
  });
  if (!("ok" in result)) throw new Error(`not ok: ${JSON.stringify(result)}`);
  const actor = await identify(api.services, { kind: "session", session: { userId, workspaceId } });
  const code = new URL(await actAs(api.services, actor, (sc) => approveAuthorization(sc, result.ok))).searchParams;
  const res = await fetch(`${api.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: code.get("code")!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const dashboard = (userId: number) =>
  createCaller(sessionContext(stage.get().api.services, { userId, workspaceId: stage.get().workspaceId }));

const expectMasked = (text: string) => {
  for (const value of CLEAR) expect(text).not.toContain(value);
};

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as { port: number }).port;

  const s = stage.set(
    await startLoopbackStage({
      hostnames: ["leaky-shop.com"],
      projectName: "Shop",
      prepare: (dns, web) => {
        dns.set("leaky-shop.com", { A: ["127.0.0.1"] });
        web.route("leaky-shop.com/", { status: 200, body: "<html><title>Shop</title></html>" });
        web.route("leaky-shop.com/.env", { status: 200, headers: { "content-type": "text/plain" }, body: ENV_FILE });
      },
    }),
  );
  people = {
    owner: (await newUser(s.api.services, s.workspaceId, "owner")).user.id,
    admin: (await newUser(s.api.services, s.workspaceId, "admin")).user.id,
    member: (await newUser(s.api.services, s.workspaceId, "member")).user.id,
    reader: (await newUser(s.api.services, s.workspaceId, "read-only")).user.id,
  };
  await dashboard(people.admin).webhooks.create({ url: `http://127.0.0.1:${port}/hook`, description: "hook" });

  const asset = await stage.req("POST", "/app/assets", {
    projectId: s.projectId,
    type: "domain",
    value: "leaky-shop.com",
    portScanMode: "off",
  });
  const assetId = ((await asset.json()) as { id: number }).id;
  await runInWorkspace(s.workspaceId, () =>
    s.api.services.scoped.asset.update({
      where: { id: assetId },
      data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
    }),
  );
  const scan = (await (await stage.req("POST", "/app/scans", { assetId })).json()) as { id: number };
  const status = () =>
    s.api.services.db.prisma.scan.findUniqueOrThrow({ where: { id: scan.id }, select: { status: true } });
  await until(async () => (await status()).status === "completed", "the scan", 120_000);
  const findings = (await (await stage.req("GET", `/app/findings?scanId=${scan.id}&limit=500`)).json()) as Finding[];
  finding = findings.find((f) => f.kind === "http.exposed.env")!;
  expect(finding, findings.map((f) => f.kind).join(", ")).toBeDefined();
}, 180_000);

afterAll(async () => {
  await stage.get().close();
  await new Promise((r) => receiver.close(r));
});

describe("masked everywhere", () => {
  it("stores the evidence masked and names each secret; the clear values are only in FindingSecret", async () => {
    const { api, workspaceId } = stage.get();
    const labels = finding.evidence.secrets.map((s) => s.label);
    expect(labels).toEqual(
      expect.arrayContaining(["AWS access key ID", "AWS secret access key", "value of DB_PASSWORD"]),
    );
    const aws = finding.evidence.secrets.find((s) => s.label === "AWS access key ID")!;
    expect(aws.mask).toBe("[masked AKIA…OPAS, 20 chars]");
    expect(finding.evidence.response).toContain(`AWS_ACCESS_KEY_ID=${aws.mask}`);
    const stored = await api.services.db.pool.query(
      `select f.evidence::text as evidence, i.description from "Finding" f join "Issue" i on i.id = f."issueId"
        where f."workspaceId" = $1`,
      [workspaceId],
    );
    expectMasked(JSON.stringify(stored.rows));
    const held = await runInWorkspace(workspaceId, () =>
      api.services.scoped.findingSecret.findMany({ where: { findingId: finding.id } }),
    );
    expect(held.map((h) => h.value)).toEqual(expect.arrayContaining(CLEAR));
  });

  it("masks findings and issues over REST for an API key and an OAuth token, and over tRPC", async () => {
    const { api, workspaceId } = stage.get();
    const app = await newOAuthApp(api.services, workspaceId, ["issues:read"]);
    const token = (await clientCredentialsToken(api.url, app)).access_token;
    for (const credential of [undefined, token]) {
      for (const path of ["/app/findings?limit=500", `/app/issues?limit=500`, `/app/issues/${finding.issueId}`]) {
        const res = await stage.req("GET", path, undefined, credential);
        expect(res.status).toBe(200);
        const body = await res.text();
        expectMasked(body);
        if (path.startsWith("/app/findings")) expect(body).toContain("[masked AKIA…OPAS, 20 chars]");
      }
    }
    const viaTrpc = await dashboard(people.reader).findings.list({ issueId: finding.issueId });
    expectMasked(JSON.stringify(viaTrpc));
    expect(viaTrpc.items[0]!.evidence.secrets.length).toBeGreaterThanOrEqual(3);
  });

  it("masks the webhook message the receiver gets", async () => {
    await until(async () => received.some((b) => b.includes("http.exposed.env")), "the issue.created message");
    for (const body of received) expectMasked(body);
  });

  it("masks the CSV export and the assessment report", async () => {
    const { api, workspaceId } = stage.get();
    const csv = await stage.req("GET", "/app/reports/vulnerable-assets/export");
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain("leaky-shop.com");
    expectMasked(text);
    const created = (await (await stage.req("POST", "/app/assessments", { scopeType: "workspace" })).json()) as {
      id: number;
    };
    const ready = () =>
      runInWorkspace(workspaceId, () =>
        api.services.scoped.assessmentReport.findUniqueOrThrow({ where: { id: created.id }, select: { status: true } }),
      );
    await until(async () => (await ready()).status !== "pending", "the report", 90_000);
    const html = await (await stage.req("GET", `/app/assessments/${created.id}/html`)).text();
    expect(html).toContain(".env");
    expectMasked(html);
    expectMasked(await (await stage.req("GET", `/app/assessments/${created.id}`)).text());
  });
});

describe("reveal", () => {
  const secretOf = (label: string) => finding.evidence.secrets.find((s) => s.label === label)!.id;

  it("gives an owner or admin one clear value, audited: who, which finding and secret, never the value", async () => {
    const { api, workspaceId } = stage.get();
    const secret = secretOf("value of DB_PASSWORD");
    expect(await dashboard(people.owner).findings.reveal({ id: finding.id, secret })).toEqual({
      findingId: finding.id,
      secret,
      label: "value of DB_PASSWORD",
      value: DB_PASSWORD,
    });
    const rest = await stage.req(
      "POST",
      `/app/findings/${finding.id}/reveal`,
      { secret: secretOf("AWS access key ID") },
      await userToken(people.admin),
    );
    expect(rest.status, await rest.clone().text()).toBe(200);
    expect(((await rest.json()) as { value: string }).value).toBe(AWS_KEY);

    const entries = await runInWorkspace(workspaceId, () =>
      api.services.scoped.auditEntry.findMany({ where: { action: "finding.reveal-secret" }, orderBy: { id: "asc" } }),
    );
    expect(entries.map((e) => [e.userId, e.channel, e.resourceType, e.resourceId])).toEqual([
      [people.owner, "dashboard", "finding", String(finding.id)],
      [people.admin, "oauth", "finding", String(finding.id)],
    ]);
    expect((entries[0]!.changes as Record<string, { after: unknown }>).secret!.after).toBe(secret);
    expectMasked(JSON.stringify(entries));
    const log = await stage.req("GET", "/app/audit-log/export");
    expectMasked(await log.text());
  });

  it("is 403 in the error shape for a member, a read-only person, a member's token and an API key", async () => {
    const secret = secretOf("value of DB_PASSWORD");
    await expectAppError(dashboard(people.member).findings.reveal({ id: finding.id, secret }), 403, "ROLE_REQUIRED");
    await expectAppError(dashboard(people.reader).findings.reveal({ id: finding.id, secret }), 403, "ROLE_REQUIRED");
    const path = `/app/findings/${finding.id}/reveal`;
    await expectError(await stage.req("POST", path, { secret }, await userToken(people.member)), 403, "ROLE_REQUIRED");
    await expectError(await stage.req("POST", path, { secret }), 403, "ROLE_REQUIRED");
    const { api, workspaceId } = stage.get();
    const count = await runInWorkspace(workspaceId, () =>
      api.services.scoped.auditEntry.count({ where: { action: "finding.reveal-secret" } }),
    );
    expect(count).toBe(2);
  });

  it("answers 404 naming the field for a secret the finding does not have", async () => {
    const res = await stage.req(
      "POST",
      `/app/findings/${finding.id}/reveal`,
      { secret: 99 },
      await userToken(people.admin),
    );
    await expectError(res, 404, "NOT_FOUND", "secret");
  });
});
