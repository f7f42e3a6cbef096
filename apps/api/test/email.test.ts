// The e-mail channel (issue 30, item 5) against a real SMTP server on 127.0.0.1 (smtp-server; messages read back with
// mailparser): the workspace's SMTP settings (dashboard only, admins; the password never shown), an e-mail digest, an
// invitation e-mail, and failing servers (a 554, a closed connection) leaving failed deliveries with a reason while
// the worker goes on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asOperator, createServices, emitWebhookEvents, type WebhookEvent } from "@ems/core";
import { runInWorkspace, sendDueDigests } from "@ems/core/testing";
import { call, clientCredentialsToken, expectAppError, expectError, newOAuthApp, until } from "./harness.ts";
import { startClosingServer, startSmtpServer, type TestSmtp } from "./smtp-fixture.ts";
import {
  admin,
  api,
  deliveries,
  key,
  member,
  op,
  settled,
  setupWebhookStack,
  WEBHOOKS,
  workspaceId,
} from "./webhooks-fixture.ts";

const HOUR = 3_600_000;
let offset = 0;
const now = () => new Date(Date.now() + offset);
setupWebhookStack({ now });

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const settings = (port = smtp.port) => ({
  host: "127.0.0.1",
  port,
  security: "none" as const,
  username: "mailer",
  password: "s3cret-pass",
  fromAddress: "alerts@ems.example.test",
});

const issueEvent = (id: number, severity: "info" | "high"): WebhookEvent => ({
  type: "issue.created",
  asset: { id: 1, value: "mail.example.com", name: null },
  issue: { id, title: `Issue ${id}`, severity, kind: `test.kind-${id}`, port: null },
  scanId: null,
});
const emit = (events: WebhookEvent[]) =>
  asOperator(api.services, workspaceId, op, (sc) => sc.db.$transaction((tx) => emitWebhookEvents(sc, tx, events)));
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

describe("SMTP settings", () => {
  it("an admin sets them through the dashboard; the password is never shown nor audited", async () => {
    expect(await admin().email.getSmtp({})).toEqual({ smtp: null });
    const set = await admin().email.setSmtp(settings());
    expect(set.smtp).toMatchObject({ host: "127.0.0.1", security: "none", username: "mailer", passwordSet: true });
    expect(JSON.stringify(set)).not.toContain("s3cret-pass");
    expect(JSON.stringify(await admin().email.getSmtp({}))).not.toContain("s3cret-pass");
    // Leaving the password out keeps it.
    const kept = await admin().email.setSmtp({
      ...settings(),
      password: undefined,
      fromAddress: "ops@ems.example.test",
    });
    expect(kept.smtp).toMatchObject({ passwordSet: true, fromAddress: "ops@ems.example.test" });
    const entries = await runInWorkspace(workspaceId, () =>
      api.services.scoped.auditEntry.findMany({ where: { resourceType: "smtp" }, orderBy: { id: "asc" } }),
    );
    expect(entries.map((e) => e.action)).toEqual(["smtp.update", "smtp.update"]);
    expect(JSON.stringify(entries)).not.toContain("s3cret-pass");
    expect(entries[0]!.changes).toMatchObject({ password: { before: null, after: "(set)" } });

    const sent = await admin().email.testSmtp({ to: "tester@example.test" });
    expect(sent).toEqual({ sent: true, error: null });
    const [mail] = mailsTo("tester@example.test");
    expect(mail).toMatchObject({
      from: "ops@ems.example.test",
      user: "mailer",
      subject: "[Exposure Monitoring] Test e-mail",
    });
  });

  it("answers 400 naming the field, refuses a private host unless allowed, and changes nothing", async () => {
    const before = await admin().email.getSmtp({});
    const e1 = await expectAppError(admin().email.setSmtp({ ...settings(), port: 70000 }), 400, "VALIDATION_ERROR");
    expect(e1.field).toBe("port");
    const e2 = await expectAppError(
      admin().email.setSmtp({ ...settings(), fromAddress: "not an address" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(e2.field).toBe("fromAddress");
    const e3 = await expectAppError(
      admin().email.setSmtp({ ...settings(), security: "ssl" as "tls" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(e3.field).toBe("security");
    const strict = createServices(api.db, { net: { ...api.services.net, allowedRanges: [] }, webhooks: WEBHOOKS });
    const e4 = await expectAppError(admin(strict).email.setSmtp(settings()), 400, "VALIDATION_ERROR");
    expect(e4.field).toBe("host");
    expect(e4.message).toBe("host: the host resolves to a private address, which this server may not contact");
    expect(await admin().email.getSmtp({})).toEqual(before);
  });

  it("is for admins in the dashboard: members get 403, API keys and OAuth tokens SESSION_REQUIRED", async () => {
    await expectAppError(member().email.getSmtp({}), 403, "ROLE_REQUIRED");
    await expectAppError(member().email.setSmtp(settings()), 403, "ROLE_REQUIRED");
    await expectError(await call(api.url, key, "GET", "/app/email/smtp"), 403, "SESSION_REQUIRED");
    await expectError(await call(api.url, key, "PUT", "/app/email/smtp", settings()), 403, "SESSION_REQUIRED");
    const app = await newOAuthApp(api.services, workspaceId, ["assets:read"]);
    const token = (await clientCredentialsToken(api.url, app)).access_token;
    await expectError(await call(api.url, token, "GET", "/app/email/smtp"), 403, "SESSION_REQUIRED");
    await expectError(
      await call(api.url, token, "POST", "/app/email/smtp/test", { to: "a@b.test" }),
      403,
      "SESSION_REQUIRED",
    );
  });
});

describe("e-mail endpoints", () => {
  it("send an hourly digest to their recipients through the workspace's SMTP server", async () => {
    await admin().email.setSmtp(settings());
    const hour = Math.ceil((Date.now() + 1) / HOUR) * HOUR + HOUR;
    offset = hour + 10 * 60_000 - Date.now();
    const ep = await admin().webhooks.create({
      channel: "email",
      recipients: ["sec@example.test", "Oncall@Example.test"],
      events: ["issue.created"],
      delivery: "hourly",
    });
    expect(ep).toMatchObject({
      channel: "email",
      url: "",
      urlMasked: false,
      recipients: ["sec@example.test", "oncall@example.test"],
    });
    await emit([issueEvent(501, "high"), issueEvent(502, "info"), issueEvent(503, "info")]);
    offset += HOUR;
    await sendDueDigests(api.services);
    await settled(ep.id, 1, "the e-mail digest");
    expect((await deliveries(ep.id)).map((d) => [d.eventType, d.status])).toEqual([["digest", "delivered"]]);
    const [mail] = mailsTo("sec@example.test");
    expect(mail!.to.sort()).toEqual(["oncall@example.test", "sec@example.test"]);
    expect(mail!.subject).toMatch(/^\[Exposure Monitoring\] Hourly digest, .*: 3 events \(1 high, 2 info\)$/);
    expect(mail!.text).toContain("1 × issue.created (high)");
    expect(mail!.text).toContain("2 × issue.created (info)");
    expect(mail!.text).toContain(`New high issue on mail.example.com: Issue 501\n    ${WEBHOOKS.webUrl}/issues/501`);
  });

  it("need recipients and no URL, named in the 400", async () => {
    const e1 = await expectAppError(admin().webhooks.create({ channel: "email" }), 400, "VALIDATION_ERROR");
    expect(e1.field).toBe("recipients");
    const e2 = await expectAppError(
      admin().webhooks.create({ channel: "email", recipients: ["a@b.test"], url: "https://x.test/" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(e2.field).toBe("url");
    const e3 = await expectAppError(
      admin().webhooks.create({ channel: "email", recipients: ["not-an-address"] }),
      400,
      "VALIDATION_ERROR",
    );
    expect(e3.field).toMatch(/^recipients/);
  });

  it("a server that refuses (554) or hangs up fails the delivery with a reason; the worker goes on", async () => {
    await admin().email.setSmtp(settings());
    const ep = await admin().webhooks.create({
      channel: "email",
      recipients: ["fail@example.test"],
      events: ["issue.created"],
    });
    smtp.refuse = true;
    await emit([issueEvent(601, "high")]);
    await settled(ep.id, 1, "the refused message");
    smtp.refuse = false;
    const closing = await startClosingServer();
    await admin().email.setSmtp(settings(closing.port));
    await emit([issueEvent(602, "high")]);
    await settled(ep.id, 2, "the message to a closing server");
    await closing.close();
    const [refused, closed] = await deliveries(ep.id);
    expect(refused).toMatchObject({
      status: "failed",
      attempts: WEBHOOKS.attempts,
      lastErrorClass: "smtp",
      lastError: "the SMTP server refused the message (554)",
    });
    expect(closed).toMatchObject({
      status: "failed",
      lastErrorClass: "connection",
      lastError: "the SMTP server closed the connection",
    });
    // Two messages in a row failed: the endpoint was disabled as webhooks are (WEBHOOKS.disableAfter).
    expect(await admin().webhooks.get({ id: ep.id })).toMatchObject({ enabled: false, consecutiveFailures: 2 });
    // The same worker delivers the next one once the server is back and the endpoint on.
    await admin().webhooks.update({ id: ep.id, enabled: true });
    await admin().email.setSmtp(settings());
    await emit([issueEvent(603, "high")]);
    await settled(ep.id, 3, "the message after the failures");
    expect((await deliveries(ep.id))[2]!.status).toBe("delivered");
    expect(mailsTo("fail@example.test").map((m) => m.subject)).toEqual([
      "[Exposure Monitoring] New high issue on mail.example.com: Issue 603",
    ]);
    expect(await admin().email.testSmtp({ to: "x@example.test" })).toEqual({ sent: true, error: null });
  });
});

describe("invitations", () => {
  it("are e-mailed with their link when the workspace has an SMTP server", async () => {
    await admin().email.setSmtp(settings());
    const invited = await admin().members.invite({ email: "newcomer@example.test", role: "member" });
    expect(invited.invitation).toMatchObject({ emailStatus: "pending" });
    await until(async () => mailsTo("newcomer@example.test").length > 0, "the invitation e-mail");
    const [mail] = mailsTo("newcomer@example.test");
    expect(mail!.subject).toMatch(/^\[Exposure Monitoring\] You are invited to /);
    expect(mail!.text).toContain(`${WEBHOOKS.webUrl}/invite/${invited.token}`);
    expect(mail!.text).toContain("as member");
    await until(
      async () => (await admin().members.invitations({})).some((i) => i.emailStatus === "sent"),
      "the invitation marked sent",
    );
  });

  it("are not e-mailed without one (the link goes back to the admin, as before)", async () => {
    await admin().email.deleteSmtp({});
    const invited = await admin().members.invite({ email: "quiet@example.test", role: "read-only" });
    expect(invited.token).toMatch(/^ems_inv_/);
    expect(invited.invitation).toMatchObject({ emailStatus: null });
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo("quiet@example.test")).toHaveLength(0);
  });

  it("record a failing server's reason on the invitation", async () => {
    const closing = await startClosingServer();
    await admin().email.setSmtp(settings(closing.port));
    const invited = await admin().members.invite({ email: "unlucky@example.test", role: "member" });
    await until(
      async () =>
        (await admin().members.invitations({})).some(
          (i) => i.id === invited.invitation!.id && i.emailStatus === "failed",
        ),
      "the invitation marked failed",
    );
    const inv = (await admin().members.invitations({})).find((i) => i.id === invited.invitation!.id);
    expect(inv!.emailError).toBe("the SMTP server closed the connection");
    await closing.close();
  });
});
