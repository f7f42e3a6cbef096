// The workspace the assessment report tests generate reports of, and the report's wire shape as they read it.
import { call, newApiKey, newWorkspace, type TestApi } from "./harness.ts";

/** The reports' fixed clock, so that a report's bytes are the same on every run. */
export const T0 = new Date("2026-06-15T12:00:00.000Z");
export const daysAgo = (n: number) => new Date(T0.getTime() - n * 86_400_000);

export interface Report {
  id: number;
  status: string;
  scopeName: string;
  scopeType: string;
  scopeId: number | null;
  error: string | null;
  shareLive: boolean;
  shareExpiresAt: string | null;
  shareRevokedAt: string | null;
  shareViewCount: number;
  shareUrl: { url: string | null; expiresAt: string } | null;
  sharePdfUrl: { url: string | null; expiresAt: string } | null;
  data?: {
    issues: { open: Record<string, number>; dismissed: number; resolved: number };
    assets: { total: number };
    ports: { port: number; assets: number }[];
    sla: { bySeverity: { severity: string; days: number; open: number; breached: number; atRisk: number }[] };
    trend: { weekStart: string; opened: number; openAtEnd: number }[];
  } | null;
  narrative?: { executiveSummary: string[] } | null;
}

/** A workspace with a project of two proven assets and issues of every severity (one dismissed, one resolved). */
export async function seeded(t: TestApi, name = "Acme Corp") {
  const workspace = await newWorkspace(t.services, { name });
  const { key } = await newApiKey(t.services, workspace.id);
  const db = t.services.db.prisma;
  const project = await db.project.create({ data: { workspaceId: workspace.id, name: "Web shop" } });
  const asset = (value: string) =>
    db.asset.create({
      data: {
        workspaceId: workspace.id,
        projectId: project.id,
        type: "subdomain",
        value,
        status: "reachable",
        ownershipToken: "t",
        ownershipVerifiedAt: daysAgo(60),
        createdAt: daysAgo(60),
      },
    });
  const shop = await asset("shop.acme.example");
  const api1 = await asset("api.acme.example");
  const issue = (assetId: number, kind: string, severity: string, age: number, extra: object = {}) =>
    db.issue.create({
      data: {
        workspaceId: workspace.id,
        assetId,
        kind,
        title: `${kind} found`,
        severity: severity as "high",
        firstSeenAt: daysAgo(age),
        lastSeenAt: daysAgo(1),
        ...extra,
      },
    });
  await issue(shop.id, "http.exposed.git", "critical", 20);
  await issue(shop.id, "port.open.6379", "high", 40, { port: 6379 });
  await issue(api1.id, "port.open.6379", "high", 3, { port: 6379 });
  await issue(api1.id, "tls.expired-certificate", "medium", 10, { status: "in_progress" });
  await issue(api1.id, "http.missing-hsts", "low", 5);
  await issue(api1.id, "http.server-banner", "info", 5);
  await issue(shop.id, "http.old-thing", "high", 30, { status: "resolved", resolvedAt: daysAgo(8) });
  await issue(shop.id, "http.noise", "critical", 30, { status: "dismissed", dismissReason: "false-positive" });
  await db.openPort.create({ data: { workspaceId: workspace.id, assetId: shop.id, port: 6379, service: "redis" } });
  const req = (method: string, path: string, body?: unknown, credential = key) =>
    call(t.url, credential, method, path, body);
  return { workspace, key, project, shop, api1, req };
}
