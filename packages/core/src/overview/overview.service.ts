// The overview (docs/api.md, Overview): what a security lead opens first. Each
// part reuses what computes it elsewhere (the reports' issue flow and risk
// score, the active-scan list); the few queries of its own read indexed rows
// newest first with a limit.
import { openExposureCounts } from "../problems/problems.service.ts";
import type { ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../db/sql.ts";
import { resolvePeriod } from "../reports/period.ts";
import { checkProject, type ReportSeverity } from "../reports/report-sql.ts";
import { issueFlow } from "../reports/summary.ts";
import { vulnerableAssets } from "../reports/vulnerable-assets.ts";
import { listActiveScans } from "../scans/scans.service.ts";
import type { z } from "zod";
import { newestOpenPorts, sinceWindows } from "./overview.since.ts";
import { slaAttention, topProblems } from "./overview.focus.ts";
import {
  EXPOSURE_DAYS,
  FIRST_STEPS,
  OVERVIEW_LIMITS,
  type firstStepSchema,
  type OverviewInput,
  type recentChangeSchema,
} from "./overview.schemas.ts";

type Change = z.output<typeof recentChangeSchema>;

interface IssueChangeRow {
  at: Date;
  id: number;
  issueId: number;
  title: string;
  severity: ReportSeverity;
  fromStatus: string | null;
  toStatus: string;
  assetId: number;
  name: string | null;
  value: string;
}

/** Issues opened, reopened and resolved, newest first (the IssueEvent index read backwards). */
async function issueChanges(sc: ServiceContext, f: OverviewInput, limit: number): Promise<Change[]> {
  const rows = await workspaceRows<IssueChangeRow>(
    sc,
    f.projectId ? "overview-issue-changes-p" : "overview-issue-changes",
    `select e.at, e.id, e."issueId", i.title, i.severity::text as severity, e."fromStatus"::text as "fromStatus",
       e."toStatus"::text as "toStatus", a.id as "assetId", a.name, a.value
     from "IssueEvent" e join "Issue" i on i.id = e."issueId" join "Asset" a on a.id = e."assetId"
     where e."workspaceId" = $1
       and (e."fromStatus" is null or e."toStatus" = 'resolved'
            or (e."fromStatus" in ('resolved', 'dismissed') and e."toStatus" in ('open', 'in-progress')))
       ${f.projectId ? `and a."projectId" = $3` : ""}
     order by e.at desc, e.id desc limit $2`,
    [limit, ...(f.projectId ? [f.projectId] : [])],
  );
  return rows.map((r) => ({
    type: r.fromStatus === null ? "issue.opened" : r.toStatus === "resolved" ? "issue.resolved" : "issue.reopened",
    at: r.at,
    asset: { id: r.assetId, name: r.name, value: r.value },
    issue: { id: r.issueId, title: r.title, severity: r.severity },
    port: null,
  }));
}

/** Ports open now, the most recently first seen first. */
async function portChanges(sc: ServiceContext, f: OverviewInput, limit: number): Promise<Change[]> {
  const ports = await newestOpenPorts(sc, f, limit);
  return ports.map((p) => ({ type: "port.opened", ...p, issue: null }));
}

async function waiting(sc: ServiceContext, f: OverviewInput) {
  const project = f.projectId ? { projectId: f.projectId } : {};
  const select = {
    id: true,
    name: true,
    value: true,
    type: true,
    status: true,
    failReason: true,
    createdAt: true,
  } as const;
  const list = async (where: object) => {
    const [items, total] = await Promise.all([
      sc.db.asset.findMany({ where, select, orderBy: { id: "asc" }, take: OVERVIEW_LIMITS.waiting }),
      sc.db.asset.count({ where }),
    ]);
    return { items, total };
  };
  const [ownershipPending, unreachable] = await Promise.all([
    list({ ...project, ownershipVerifiedAt: null }),
    list({ ...project, status: { in: ["unreachable", "error"] } }),
  ]);
  return { ownershipPending, unreachable };
}

/**
 * The first steps of a workspace, in order. A completed scan implies the others (it needs a proven asset, which needs
 * a project), so an established workspace pays one indexed look-up; the rest only runs in young workspaces.
 */
async function firstSteps(sc: ServiceContext): Promise<z.output<typeof firstStepSchema>[]> {
  const any = { select: { id: true }, orderBy: { id: "asc" } } as const;
  const scanned = await sc.db.scan.findFirst({ where: { status: "completed" }, select: { id: true } });
  const step = (s: (typeof FIRST_STEPS)[number], done: boolean, assetId: number | null = null) => ({
    step: s,
    done,
    assetId,
  });
  if (scanned) return FIRST_STEPS.map((s) => step(s, true));
  const [project, asset, unproven, proven] = await Promise.all([
    sc.db.project.findFirst(any),
    sc.db.asset.findFirst(any),
    sc.db.asset.findFirst({ ...any, where: { ownershipVerifiedAt: null } }),
    sc.db.asset.findFirst({ ...any, where: { ownershipVerifiedAt: { not: null } } }),
  ]);
  return [
    step("project", Boolean(project)),
    step("asset", Boolean(asset)),
    step("ownership", Boolean(proven), unproven?.id ?? null),
    step("scan", false, proven?.id ?? null),
  ];
}

export async function getOverview(sc: ServiceContext, input: OverviewInput, now = sc.services.now()) {
  const filters = { projectId: input.projectId };
  await checkProject(sc, filters);
  const n = OVERVIEW_LIMITS.recentChanges;
  const [flow, since, sla, top, exposures, risky, issues, ports, scans, waits, steps] = await Promise.all([
    issueFlow(sc, resolvePeriod({ period: `${EXPOSURE_DAYS}d` }, now), filters),
    sinceWindows(sc, input, now),
    slaAttention(sc, input, now),
    topProblems(sc, input),
    openExposureCounts(sc, filters),
    vulnerableAssets(sc, { ...filters, page: 1, limit: OVERVIEW_LIMITS.riskiestAssets }, now),
    issueChanges(sc, input, n),
    portChanges(sc, input, n),
    listActiveScans(sc, { ...filters, page: 1, limit: OVERVIEW_LIMITS.runningScans }),
    waiting(sc, input),
    firstSteps(sc),
  ]);
  return {
    projectId: input.projectId ?? null,
    openIssues: flow.issues.stillOpen,
    openExposures: { ...exposures, total: Object.values(exposures).reduce((n, c) => n + c, 0) },
    trend: flow.series.slice(-30).map(({ date, opened, resolved }) => ({ date, opened, resolved })),
    since,
    sla,
    topProblems: top,
    exposure: flow.series.map(({ date, open }) => ({
      date,
      critical: open.critical,
      high: open.high,
      medium: open.medium,
      low: open.low,
    })),
    riskiestAssets: risky.items,
    recentChanges: [...issues, ...ports].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, n),
    runningScans: { items: scans.items, total: scans.total },
    waiting: waits,
    firstSteps: steps,
  };
}
