// Migrations that rewrite rows already there: each is applied to a database holding rows written before it.
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { applyMigrations, migrationsDir } from "./migrate.ts";
import { createTestDatabase, type TestDatabase } from "./testing.ts";

const opened: { db: TestDatabase; pool: pg.Pool; dir: string }[] = [];
afterAll(async () => {
  for (const o of opened) {
    await o.pool.end();
    await o.db.drop();
    await rm(o.dir, { recursive: true, force: true });
  }
});

/** A database migrated up to, not including, `migration`; apply the rest with `applyMigrations(pool)`. */
async function databaseBefore(migration: string) {
  const db = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const dir = await mkdtemp(path.join(os.tmpdir(), "ems-before-"));
  opened.push({ db, pool, dir });
  await pool.query(`drop schema public cascade; create schema public; drop schema if exists ratelimit cascade`);
  for (const name of await readdir(migrationsDir)) {
    if (name < migration && !name.endsWith(".toml"))
      await cp(path.join(migrationsDir, name), path.join(dir, name), {
        recursive: true,
      });
  }
  await applyMigrations(pool, dir);
  const workspace = (
    await pool.query<{ id: number }>(`insert into "Workspace" (name, "updatedAt") values ('w', now()) returning id`)
  ).rows[0]!.id;
  return { pool, workspace };
}

describe("20261128041500_webhook_urls_masked_in_audit", () => {
  it("masks the webhook URLs audit entries kept in clear, and leaves every other entry alone", async () => {
    const { pool, workspace } = await databaseBefore("20261128041500_webhook_urls_masked_in_audit");
    const entry = (resourceType: string, changes: object) =>
      pool.query<{ id: number }>(
        `insert into "AuditEntry" ("workspaceId", "actorType", "actorName", channel, action, "resourceType", changes)
         values ($1, 'user', 'a', 'dashboard', 'x', $2, $3) returning id`,
        [workspace, resourceType, JSON.stringify(changes)],
      );
    const slack = "https://hooks.slack.com/services/T0/B0/secretToken";
    await entry("webhook", { url: { before: null, after: slack }, description: { before: null, after: "d" } });
    await entry("webhook", { url: { before: "HTTP://Example.COM:8080\\\\a\\\\b?token=1", after: slack } });
    await entry("webhook", { url: { before: slack, after: null } });
    await entry("webhook", { enabled: { before: true, after: false } });
    await entry("project", { url: { before: null, after: "https://kept.example/x" } });

    await applyMigrations(pool);
    const { rows } = await pool.query<{ changes: object }>(`select changes from "AuditEntry" order by id`);
    expect(rows.map((r) => r.changes)).toEqual([
      { url: { before: null, after: "https://hooks.slack.com/…" }, description: { before: null, after: "d" } },
      { url: { before: "http://example.com:8080/…", after: "https://hooks.slack.com/…" } },
      { url: { before: "https://hooks.slack.com/…", after: null } },
      { enabled: { before: true, after: false } },
      { url: { before: null, after: "https://kept.example/x" } },
    ]);
  });
});

describe("20261128041938_webhook_delivery_log_without_replies", () => {
  it("drops the receivers' replies, URLs and addresses from the delivery log and from disabling reasons", async () => {
    const { pool, workspace } = await databaseBefore("20261128041938_webhook_delivery_log_without_replies");
    const reason = "Disabled automatically: 15 messages in a row failed after 8 attempts each (last: the endpoint ";
    const long = `${reason}answered 500: ${"<html>internal page ".repeat(30)}`.slice(0, 500);
    const endpoint = (
      await pool.query<{ id: number }>(
        `insert into "WebhookEndpoint" ("workspaceId", url, events, secret, enabled, "disabledReason", "updatedAt")
         values ($1, 'http://10.1.2.3/hook', '{}', 'whsec_x', false, $2, now()) returning id`,
        [workspace, long],
      )
    ).rows[0]!.id;
    const legacy = [
      "the endpoint answered 500: <html><title>Jenkins</title> admin password: hunter2",
      "the endpoint answered 302",
      "refused to connect to intranet.example: 10.1.2.3 is a private address",
      "http://hooks.example/T0/secret: no complete answer within 10000 ms",
      "http://hooks.example/T0/secret: connection refused",
      "https://hooks.example/T0/secret: TLS handshake failed (self-signed certificate)",
      "DNS lookup of hooks.example failed: NXDOMAIN",
      "not sent: the endpoint is disabled",
      "something nobody expected at http://hooks.example/T0/secret",
    ];
    for (const lastError of [...legacy, null]) {
      await pool.query(
        `insert into "WebhookDelivery" ("workspaceId", "endpointId", "eventType", "messageId", payload, "lastError",
           "updatedAt") values ($1, $2, 'webhook.test', 'msg', '{}', $3, now())`,
        [workspace, endpoint, lastError],
      );
    }
    await pool.query(
      `insert into "AuditEntry" ("workspaceId", "actorType", "actorName", channel, action, "resourceType", changes)
       values ($1, 'system', 'webhooks', 'system', 'webhook.disable', 'webhook', $2)`,
      [workspace, JSON.stringify({ disabledReason: { before: null, after: long } })],
    );

    await applyMigrations(pool);
    const { rows } = await pool.query<{ lastErrorClass: string | null; lastError: string | null }>(
      `select "lastErrorClass", "lastError" from "WebhookDelivery" order by id`,
    );
    expect(rows.map((r) => [r.lastErrorClass, r.lastError])).toEqual([
      ["http-status", "the endpoint answered 500"],
      ["http-status", "the endpoint answered 302 (redirects are not followed)"],
      ["address-refused", "the host resolves to a private address, which this server may not contact"],
      ["timeout", "no complete answer within 10000 ms"],
      ["connection", "the connection was refused"],
      ["tls", "the TLS handshake or certificate check failed"],
      ["dns", "the host name does not resolve to an address"],
      ["endpoint-disabled", "not sent: the endpoint is disabled"],
      ["other", "the attempt failed (details are no longer kept)"],
      [null, null],
    ]);
    const safeReason = `${reason}answered 500)`;
    const ep = await pool.query(`select "disabledReason" from "WebhookEndpoint" where id = $1`, [endpoint]);
    expect(ep.rows[0].disabledReason).toBe(safeReason);
    const audit = await pool.query(`select changes from "AuditEntry" where action = 'webhook.disable'`);
    expect(audit.rows[0].changes).toEqual({ disabledReason: { before: null, after: safeReason } });
  });
});

describe("20261128045303_discovery_caps_and_run_summaries", () => {
  it("moves endpoints subscribed to discovery.host_found to the per-run discovery.hosts_found", async () => {
    const { pool, workspace } = await databaseBefore("20261128045303_discovery_caps_and_run_summaries");
    const endpoint = (events: string[]) =>
      pool.query(
        `insert into "WebhookEndpoint" ("workspaceId", url, events, secret, "updatedAt")
         values ($1, 'https://hooks.example/x', $2, 'whsec_x', now())`,
        [workspace, events],
      );
    await endpoint(["issue.created", "discovery.host_found", "scan.failed"]);
    await endpoint(["issue.created"]);
    await applyMigrations(pool);
    const { rows } = await pool.query<{ events: string[] }>(`select events from "WebhookEndpoint" order by id`);
    expect(rows.map((r) => r.events)).toEqual([
      ["issue.created", "discovery.hosts_found", "scan.failed"],
      ["issue.created"],
    ]);
  });
});

describe("20261128120100_issue_cves_backfill", () => {
  it("gives issues filed before enrichment their latest finding's CVE ids, KEV figures and priority", async () => {
    const { pool, workspace } = await databaseBefore("20261128120100_issue_cves_backfill");
    const one = async (sql: string, values: unknown[]) => (await pool.query<{ id: number }>(sql, values)).rows[0]!.id;
    const projectId = await one(
      `insert into "Project" ("workspaceId", name, "updatedAt") values ($1, 'p', now()) returning id`,
      [workspace],
    );
    const assetId = await one(
      `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "updatedAt")
       values ($1, $2, 'domain', 'a.example.com', 't', now()) returning id`,
      [workspace, projectId],
    );
    const scanId = await one(
      `insert into "Scan" ("workspaceId", "assetId", "updatedAt") values ($1, $2, now()) returning id`,
      [workspace, assetId],
    );
    await pool.query(
      `insert into "KnownExploited" ("cveId", vendor, product, name, "dateAdded", "dueDate", ransomware,
         "catalogVersion")
       values ('CVE-2021-41773', 'Apache', 'HTTP Server', 'x', '2021-11-03', '2021-11-17', false, 'v')`,
    );
    const issue = (kind: string, severity: string, cves: string[] = []) =>
      one(
        `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, cves, "updatedAt")
         values ($1, $2, $3, $3, $4::"Severity", $5, now()) returning id`,
        [workspace, assetId, kind, severity, cves],
      );
    const finding = (issueId: number, evidence: object) =>
      pool.query(
        `insert into "Finding" ("workspaceId", "scanId", "assetId", "issueId", scanner, kind, title, severity, evidence)
         values ($1, $2, $3, $4, 'x', 'k', 't', 'high', $5)`,
        [workspace, scanId, assetId, issueId, JSON.stringify(evidence)],
      );
    const advisory = await issue("tech.apache.vulnerable", "high");
    await finding(advisory, { advisories: [{ id: "CVE-2019-0211" }] }); // an older finding: not the latest
    await finding(advisory, { advisories: [{ id: "CVE-2021-41773" }, { id: "GHSA-xxxx" }, { id: "CVE-2021-41773" }] });
    const template = await issue("template.x", "medium");
    await finding(template, { template: { classification: { "cve-id": " cve-2020-11022 , CVE-2020-11023" } } });
    const listed = await issue("template.y", "low");
    await finding(listed, { template: { classification: { "cve-id": ["CVE-2018-0001", 7] } } });
    const none = await issue("http.exposed.git", "high");
    await finding(none, { url: "https://a.example.com/.git/HEAD" });
    const kept = await issue("template.z", "low", ["CVE-2000-0001"]);
    await finding(kept, { advisories: [{ id: "CVE-2021-41773" }] });

    await applyMigrations(pool);
    const { rows } = await pool.query<{ id: number; cves: string[]; kev: boolean; priority: number }>(
      `select id, cves, kev, priority from "Issue" order by id`,
    );
    expect(rows.map((r) => [r.id, r.cves, r.kev])).toEqual([
      [advisory, ["CVE-2021-41773"], true],
      [template, ["CVE-2020-11022", "CVE-2020-11023"], false],
      [listed, ["CVE-2018-0001"], false],
      [none, [], false],
      [kept, ["CVE-2000-0001"], false],
    ]);
    // A known-exploited high: P1.
    expect(rows[0]!.priority).toBe(75);
  });
});

describe("20261128150000_issue_retest", () => {
  it("marks resolved issues verified when a scan resolved them last, unverified when a person did", async () => {
    const { pool, workspace } = await databaseBefore("20261128150000_issue_retest");
    const one = async (sql: string, values: unknown[]) => (await pool.query<{ id: number }>(sql, values)).rows[0]!.id;
    const project = await one(
      `insert into "Project" ("workspaceId", name, "updatedAt") values ($1, 'p', now()) returning id`,
      [workspace],
    );
    const asset = await one(
      `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "updatedAt")
       values ($1, $2, 'domain', 'a.example', 't', now()) returning id`,
      [workspace, project],
    );
    const issue = (kind: string, status: string) =>
      one(
        `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, "updatedAt")
         values ($1, $2, $3, $3, 'low', $4::"IssueStatus", now()) returning id`,
        [workspace, asset, kind, status],
      );
    const audit = (id: number, action: string, changes: object, actorType = "system") =>
      pool.query(
        `insert into "AuditEntry" ("workspaceId", "actorType", "actorName", channel, action, "resourceType",
           "resourceId", changes) values ($1, $2::"ActorType", 'a', 'system', $3, 'issue', $4, $5)`,
        [workspace, actorType, action, String(id), JSON.stringify(changes)],
      );
    const resolvedByScan = await issue("k.scan", "resolved");
    await audit(resolvedByScan, "issue.resolve", {
      status: { before: "open", after: "resolved" },
      scanId: { before: null, after: 1 },
    });
    const resolvedByHand = await issue("k.hand", "resolved");
    await audit(resolvedByHand, "issue.status", { status: { before: "open", after: "resolved" } }, "user");
    const handAfterScan = await issue("k.both", "resolved");
    await audit(handAfterScan, "issue.resolve", { status: { before: "open", after: "resolved" } });
    await audit(handAfterScan, "issue.reopen", { status: { before: "resolved", after: "open" } });
    await audit(handAfterScan, "issue.status", { status: { before: "open", after: "resolved" } }, "user");
    const noRecord = await issue("k.none", "resolved");
    const open = await issue("k.open", "open");
    await audit(open, "issue.resolve", { status: { before: "open", after: "resolved" } });

    await applyMigrations(pool);
    const { rows } = await pool.query<{ id: number; verified: boolean | null }>(
      `select id, verified from "Issue" order by id`,
    );
    expect(rows).toEqual([
      { id: resolvedByScan, verified: true },
      { id: resolvedByHand, verified: false },
      { id: handAfterScan, verified: false },
      { id: noRecord, verified: false },
      { id: open, verified: null },
    ]);
  });
});
