// What needs the lead now (docs/api.md, Overview): unresolved issues past their SLA deadline or with under 20 % of
// their time left, and the top problems by priority. Read from the columns the database keeps on every issue (dueAt,
// atRiskAt, priority: issues/issues.sla.ts, issues.priority.ts) through their indexes, highest priority first.
import { workspaceRows } from "../db/sql.ts";
import { bandOf } from "../issues/issues.priority.ts";
import { slaSql } from "../issues/issues.sla.ts";
import type { ServiceContext } from "../service-context.ts";
import { OVERVIEW_LIMITS, type OverviewInput } from "./overview.schemas.ts";

type Ctx = Pick<ServiceContext, "pool" | "workspaceId">;

const UNRESOLVED = `i.status in ('open', 'in-progress')`;

interface IssueRow {
  id: number;
  kind: string;
  title: string;
  severity: "critical" | "high" | "medium" | "low" | "info";
  priority: number;
  dueAt: Date | null;
  assetId: number;
  name: string | null;
  value: string;
}

const present = (r: IssueRow) => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  severity: r.severity,
  priority: { score: r.priority, band: bandOf(r.priority) },
  dueAt: r.dueAt,
  asset: { id: r.assetId, name: r.name, value: r.value },
});

const COLUMNS = `i.id, i.kind, i.title, i.severity::text as severity, i.priority, i."dueAt", a.id as "assetId", a.name,
  a.value`;

/** The unresolved issues `where` selects (with `values` from $2 on): how many, and the first five by priority. */
async function issuesWhere(sc: Ctx, name: string, where: string, values: unknown[], f: OverviewInput) {
  const project = f.projectId ? `and i."projectId" = $${values.length + 2}` : "";
  const all = [...values, ...(f.projectId ? [f.projectId] : [])];
  const suffix = f.projectId ? "-p" : "";
  const [[count], rows] = await Promise.all([
    workspaceRows<{ n: number }>(
      sc,
      `${name}-n${suffix}`,
      `select count(*)::int as n from "Issue" i where i."workspaceId" = $1 and ${UNRESOLVED} and ${where} ${project}`,
      all,
    ),
    workspaceRows<IssueRow>(
      sc,
      `${name}${suffix}`,
      `select ${COLUMNS} from "Issue" i join "Asset" a on a.id = i."assetId"
       where i."workspaceId" = $1 and ${UNRESOLVED} and ${where} ${project}
       order by i.priority desc, i.id desc limit ${OVERVIEW_LIMITS.since}`,
      all,
    ),
  ]);
  return { total: count?.n ?? 0, items: rows.map(present) };
}

/** SLA breaches now, and issues at risk (under 20 % of their time left). */
export async function slaAttention(sc: Ctx, f: OverviewInput, now: Date) {
  const [breached, atRisk] = await Promise.all([
    issuesWhere(sc, "overview-sla-breached", slaSql.breached("i", "$2"), [now], f),
    issuesWhere(sc, "overview-sla-at-risk", slaSql.atRisk("i", "$2"), [now], f),
  ]);
  return { breached, atRisk };
}

/** Unresolved issues whose deadline passed between `from` and `to`: the SLA breaches of a window. */
export async function breachesBetween(sc: Ctx, from: Date, to: Date, f: OverviewInput) {
  return issuesWhere(sc, "overview-since-breaches", `i."dueAt" >= $2 and i."dueAt" < $3`, [from, to], f);
}

/** How many unresolved issues the top problems are read from: enough for five kinds in any real estate. */
const TOP_SAMPLE = 500;

/** The five problems (kinds) whose most urgent unresolved issue has the highest priority, info left out. */
export async function topProblems(sc: Ctx, f: OverviewInput) {
  const project = f.projectId ? `and i."projectId" = $2` : "";
  const rows = await workspaceRows<IssueRow>(
    sc,
    `overview-top-problems${f.projectId ? "-p" : ""}`,
    `select distinct on (kind) * from (
       select ${COLUMNS} from "Issue" i join "Asset" a on a.id = i."assetId"
       where i."workspaceId" = $1 and ${UNRESOLVED} and i.severity <> 'info' ${project}
       order by i.priority desc, i.id desc limit ${TOP_SAMPLE}) top
     order by kind, priority desc, id desc`,
    f.projectId ? [f.projectId] : [],
  );
  return rows
    .sort((a, b) => b.priority - a.priority || b.id - a.id)
    .slice(0, OVERVIEW_LIMITS.topProblems)
    .map(present);
}
