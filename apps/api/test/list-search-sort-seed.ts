// The rows the list search and sort tests read: the same kinds of rows (projects, assets, scans, findings, issues,
// ports, schedules, discovered hosts, audit entries, members) in one workspace, named so that every search term of
// list-search-sort.test.ts matches some of them and sorting has ties, nulls and case to get right.
import type { Services } from "@ems/core";
import { newUser } from "./harness.ts";

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/** The same kinds of rows in `workspaceId`; every search term of `cases` matches some of them. */
export async function seedListRows(services: Services, workspaceId: number) {
  const db = services.db.prisma;
  const projects = [];
  for (const name of ["Alpha web", "beta", "alphabet soup", "Gamma"])
    projects.push(await db.project.create({ data: { workspaceId, name } }));
  const assetSpecs: [string, string | null, "pending" | "reachable" | "unreachable", number | null][] = [
    ["shop.acme.test", "Shop front", "reachable", 5],
    ["api.acme.test", null, "pending", null],
    ["mail.zeta.test", "mailer", "unreachable", 1],
    ["cdn.zeta.test", "webshop cdn", "reachable", 5],
    ["vpn.acme.test", "VPN", "reachable", 30],
  ];
  const assets = [];
  for (const [value, name, status, checked] of assetSpecs)
    assets.push(
      await db.asset.create({
        data: {
          workspaceId,
          projectId: projects[0]!.id,
          type: "subdomain",
          value,
          name,
          status,
          lastCheckedAt: checked === null ? null : hoursAgo(checked),
          ownershipToken: "t",
        },
      }),
    );
  const scans = [];
  for (const [i, status] of (["completed", "failed", "running", "completed", "queued"] as const).entries())
    scans.push(
      await db.scan.create({
        data: {
          workspaceId,
          assetId: assets[i]!.id,
          status,
          finishedAt: status === "completed" || status === "failed" ? hoursAgo(i % 3) : null,
        },
      }),
    );
  const issueSpecs = [
    ["Outdated nginx", "high", "open", 0],
    ["Weak tls cipher", "medium", "in_progress", 1],
    ["Exposed git", "critical", "resolved", 2],
    ["Outdated nginx", "low", "dismissed", 3],
    ["Open redis", "high", "open", 4],
    ["Missing hsts", "info", "open", 1],
    ["Weak tls cipher", "high", "resolved", 0],
  ] as const;
  const issues = [];
  for (const [i, [title, severity, status, asset]] of issueSpecs.entries())
    issues.push(
      await db.issue.create({
        data: {
          workspaceId,
          assetId: assets[asset]!.id,
          kind: `k${i}`,
          title,
          severity,
          status,
          firstSeenAt: hoursAgo(10 + (i % 4)),
          lastSeenAt: hoursAgo(i % 3),
        },
      }),
    );
  for (const [i, issue] of issues.entries())
    await db.finding.create({
      data: {
        workspaceId,
        scanId: scans[i % 2]!.id,
        assetId: issue.assetId,
        issueId: issue.id,
        scanner: "nuclei",
        kind: issue.kind,
        title: issue.title,
        severity: issue.severity,
      },
    });
  for (const [i, [host, status]] of (
    [
      ["shop.acme.test", "added"],
      ["old-shop.acme.test", "new"],
      ["www.acme.test", "ignored"],
      ["shop2.acme.test", "new"],
    ] as const
  ).entries())
    await db.discoveredHostname.create({
      data: {
        workspaceId,
        projectId: projects[0]!.id,
        domain: "acme.test",
        host,
        sources: ["crtsh"],
        status,
        lastSeenAt: hoursAgo(i % 2),
      },
    });
  for (const [i, name] of ["Nightly shop", "weekly", "nightly api", "monthly"].entries())
    await db.scanSchedule.create({
      data: {
        workspaceId,
        assetId: assets[i]!.id,
        name,
        frequency: "daily",
        time: "03:00",
        nextRunAt: i === 3 ? null : hoursAgo(-i),
        lastRunAt: i === 1 ? null : hoursAgo(i % 2),
      },
    });
  for (const scopeName of ["Shop front", "acme.test", "Workspace", "webshop"])
    await db.assessmentReport.create({ data: { workspaceId, scopeType: "project", scopeName } });
  for (const [actorName, action] of [
    ["Dana Scully", "issue.assign"],
    ["Sam", "project.create"],
    ["sam", "dana.test"],
  ] as const)
    await db.auditEntry.create({
      data: { workspaceId, actorType: "user", actorName, channel: "dashboard", action, resourceType: "issue" },
    });
  for (const [role, email] of [
    ["member", "dana@example.com"],
    ["admin", "sam@example.com"],
    ["read-only", "dan.a@example.com"],
    ["member", "Dana.K@example.com"],
  ] as const)
    await newUser(services, workspaceId, role, `${workspaceId}-${email}`);
  return scans[0]!.id;
}
