// The frozen snapshot of an assessment: what the workspace, a project or an
// asset looks like now, in a handful of aggregate queries (raw SQL: a
// workspace may hold thousands of assets and issues). Dismissed issues are
// counted apart and left out of everything else, as in every report.
import { bandOf } from "../issues/issues.priority.ts";
import { foldLinked } from "../problems/problems.service.ts";
import { type ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../db/sql.ts";
import { slaAndTrend } from "./assessments.history.ts";
import { SEVERITIES, type AssessmentData, type BySeverity, type SnapshotScope } from "./assessments.schemas.ts";

/**
 * Assets in scope, as SQL on the alias `a`; $2 is the scope's id (0 for the workspace:
 * pg needs every parameter used). */
const SCOPE_SQL = { workspace: "$2::int = 0", project: `a."projectId" = $2`, asset: `a.id = $2` } as const;

const OPEN = `i.status in ('open', 'in-progress')`;

const emptySeverities = (): BySeverity => ({ critical: 0, high: 0, medium: 0, low: 0, info: 0 });
const withTotal = (s: BySeverity) => ({ ...s, total: SEVERITIES.reduce((n, k) => n + s[k], 0) });
const dayMs = 86_400_000;

/** How many open issues the key risks are chosen from, before linked ones fold. */
const RISK_CANDIDATES = 100;

export async function takeSnapshot(
  sc: ServiceContext,
  scope: SnapshotScope,
  now = sc.services.now(),
): Promise<AssessmentData> {
  const where = SCOPE_SQL[scope.type];
  const rows = <T extends object>(part: string, sql: string, values: unknown[] = []) =>
    workspaceRows<T>(sc, `assessment-${part}-${scope.type}`, sql, [scope.id ?? 0, ...values]);
  const issuesIn = `from "Issue" i join "Asset" a on a.id = i."assetId" where i."workspaceId" = $1 and ${where}`;

  const [workspace, assetRows, issueRows, exposed, risks, ports, history] = await Promise.all([
    sc.db.workspace.findUniqueOrThrow({ where: { id: sc.workspaceId }, select: { name: true } }),
    rows<{ type: string; status: string; proven: boolean; n: number }>(
      "assets",
      `select a.type::text, a.status::text, a."ownershipVerifiedAt" is not null as proven, count(*)::int as n
       from "Asset" a where a."workspaceId" = $1 and ${where} group by 1, 2, 3`,
    ),
    rows<{ status: string; severity: keyof BySeverity; priority: number; n: number }>(
      "issues",
      `select i.status::text, i.severity::text, i.priority, count(*)::int as n ${issuesIn} group by 1, 2, 3`,
    ),
    rows<{ id: number; value: string; type: string } & BySeverity>(
      "exposed",
      `select a.id, a.value, a.type::text, ${SEVERITIES.map(
        (s) => `count(*) filter (where i.severity = '${s}')::int as ${s}`,
      ).join(", ")}
       ${issuesIn} and ${OPEN}
       group by a.id order by ${SEVERITIES.map((s) => `${s} desc`).join(", ")}, a.id limit 15`,
    ),
    rows<{
      id: number;
      title: string;
      kind: string;
      severity: keyof BySeverity;
      priority: number;
      value: string;
      firstSeenAt: Date;
      address: string | null;
      port: number | null;
    }>(
      "risks",
      // More than the ten shown: issues linked to an earlier one fold into it (one exposure, several names).
      `select i.id, i.title, i.kind, i.severity::text, i.priority, a.value, i."firstSeenAt", i.address, i.port
       ${issuesIn} and ${OPEN} and i.severity <> 'info'
       order by i.priority desc, i.severity desc, i."firstSeenAt", i.id limit ${RISK_CANDIDATES}`,
    ).then((ranked) => foldLinked(ranked, (r) => r.value).slice(0, 10)),
    rows<{ port: number; service: string | null; assets: number }>(
      "ports",
      `select i.port, max(p.service) as service, count(distinct i."assetId")::int as assets
       from "Issue" i join "Asset" a on a.id = i."assetId"
       left join "OpenPort" p on p."assetId" = i."assetId" and p.port = i.port and p."closedAt" is null
       where i."workspaceId" = $1 and ${where} and ${OPEN} and i.port is not null
       group by i.port order by assets desc, i.port limit 30`,
    ),
    slaAndTrend(sc, scope, now),
  ]);

  const byType: Record<string, number> = {};
  const byStatus: Record<string, number> = {};
  let total = 0;
  let proven = 0;
  for (const r of assetRows) {
    byType[r.type] = (byType[r.type] ?? 0) + r.n;
    byStatus[r.status] = (byStatus[r.status] ?? 0) + r.n;
    total += r.n;
    if (r.proven) proven += r.n;
  }

  const open = emptySeverities();
  const openByPriority = { P1: 0, P2: 0, P3: 0, P4: 0, total: 0 };
  const counts = { inProgress: 0, resolved: 0, dismissed: 0 };
  for (const r of issueRows) {
    if (r.status === "open" || r.status === "in-progress") {
      open[r.severity] += r.n;
      openByPriority[bandOf(r.priority)] += r.n;
      openByPriority.total += r.n;
    }
    if (r.status === "in-progress") counts.inProgress += r.n;
    if (r.status === "resolved") counts.resolved += r.n;
    if (r.status === "dismissed") counts.dismissed += r.n;
  }

  return {
    version: 1,
    asOf: now.toISOString(),
    scope: { ...scope, workspaceName: workspace.name },
    assets: {
      total,
      proven,
      byType,
      byStatus,
      mostExposed: exposed.map((e) => ({
        id: e.id,
        value: e.value,
        type: e.type,
        openIssues: withTotal({ critical: e.critical, high: e.high, medium: e.medium, low: e.low, info: e.info }),
      })),
    },
    issues: { open: withTotal(open), ...counts, openByPriority },
    topRisks: risks.map((r) => ({
      issueId: r.id,
      title: r.title,
      kind: r.kind,
      severity: r.severity,
      priority: { score: r.priority, band: bandOf(r.priority) },
      assetValue: r.value,
      alsoSeenAs: r.alsoSeenAs,
      firstSeenAt: r.firstSeenAt.toISOString(),
      ageDays: Math.floor((now.getTime() - r.firstSeenAt.getTime()) / dayMs),
    })),
    ...history,
    ports,
  };
}
