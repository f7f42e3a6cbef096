// Problems (docs/api.md, Problems): open issues grouped by kind. The counts come from the trigger-kept ProblemCount
// (per project, kind and severity, in shards) and ExposureLink (open issues per kind, address and port): never a
// GROUP BY over the issues, except within one asset. A workspace has at most a few hundred kinds, so the groups are
// filtered, sorted and paged in memory, and only the page's rows look up their assets.
import { catalogueSummaries } from "@ems/scanners";
import { SEVERITY_VALUES } from "../common-schemas.ts";
import { workspaceRows } from "../db/sql.ts";
import { AppError, ErrorCode } from "../errors.ts";
import type { ServiceContext } from "../service-context.ts";
import { PROBLEM_ASSET_NAMES, PROBLEM_SORT, type ListProblemsInput, type Problem } from "./problems.schemas.ts";

type SeverityValue = (typeof SEVERITY_VALUES)[number];
const OPEN = `status in ('open', 'in-progress')`;
const rank = (s: SeverityValue) => SEVERITY_VALUES.indexOf(s);
/** How many of a problem's issues its detail groups by exposure (oldest first). */
export const PROBLEM_DETAIL_ISSUES = 200;

let titles: Map<string, string> | undefined;
const checkTitle = (kind: string) => (titles ??= new Map(catalogueSummaries().map((c) => [c.kind, c.title]))).get(kind);

type Filter = Pick<ListProblemsInput, "severity" | "projectId" | "assetId">;
interface Group {
  kind: string;
  severity: SeverityValue;
  issues: number;
  linkedExtra: number;
}

/**
 * Open issues per kind and severity under the filter, and how many of them are linked to another (the same exposure,
 * counted once): from the tallies, or from one asset's issues. The problems list, the overview's and the report's
 * exposure counts all read this one function.
 */
async function problemGroups(sc: ServiceContext, f: Filter): Promise<Group[]> {
  if (f.assetId !== undefined) {
    // One asset has one issue per kind: nothing to link within it.
    return workspaceRows<Group>(
      sc,
      "problems-of-asset",
      `select kind, severity::text as severity, count(*)::int as issues, 0 as "linkedExtra"
         from "Issue" where "workspaceId" = $1 and "assetId" = $2 and ${OPEN}
          and ($3::text is null or severity = $3::"Severity") and ($4::int is null or "projectId" = $4)
        group by kind, severity`,
      [f.assetId, f.severity ?? null, f.projectId ?? null],
    );
  }
  // Linked issues count once: workspace-wide from ExposureLink's counts; within a project (ExposureLink has none), by
  // counting the project's open issues on each linked exposure (the few with open > 1, through the issues' (kind,
  // address, port) index), each such exposure's issues beyond the first being the extra.
  const linkedExtra = !f.projectId
    ? `select sum(open - 1)::int as extra from "ExposureLink"
          where "workspaceId" = $1 and kind = t.kind and severity = t.severity and open > 1`
    : `select sum(p.n - 1)::int as extra from "ExposureLink" x cross join lateral (
           select count(*)::int as n from "Issue" i
            where i."workspaceId" = $1 and i.kind = x.kind and i.address = x.address and i.port = x.port
              and i.severity = x.severity and i."projectId" = $2 and i.${OPEN}) p
          where x."workspaceId" = $1 and x.kind = t.kind and x.severity = t.severity and x.open > 1 and p.n > 1`;
  return workspaceRows<Group>(
    sc,
    f.projectId ? "problems-project" : "problems",
    `with t as (
       select kind, severity, sum(issues)::int as issues from "ProblemCount"
        where "workspaceId" = $1 and ($2::int is null or "projectId" = $2)
          and ($3::text is null or severity = $3::"Severity")
        group by kind, severity having sum(issues) > 0)
     select t.kind, t.severity::text as severity, t.issues, coalesce(l.extra, 0) as "linkedExtra"
       from t left join lateral (${linkedExtra}) l on true`,
    [f.projectId ?? null, f.severity ?? null],
  );
}

/** Every problem's counts under the filter: its kind's groups folded, at its worst severity. */
async function groups(sc: ServiceContext, f: Filter): Promise<Group[]> {
  const byKind = new Map<string, Group>();
  for (const g of await problemGroups(sc, f)) {
    const seen = byKind.get(g.kind);
    if (!seen) byKind.set(g.kind, { ...g });
    else {
      if (rank(g.severity) > rank(seen.severity)) seen.severity = g.severity;
      seen.issues += g.issues;
      seen.linkedExtra += g.linkedExtra;
    }
  }
  return [...byKind.values()];
}

/** Open exposures by severity: open issues, the linked ones counted once (the overview's and reports' headline). */
export async function openExposureCounts(sc: ServiceContext, f: Pick<Filter, "projectId"> = {}) {
  const counts = Object.fromEntries(SEVERITY_VALUES.map((s) => [s, 0])) as Record<SeverityValue, number>;
  for (const g of await problemGroups(sc, f)) counts[g.severity] += g.issues - g.linkedExtra;
  return counts;
}

/** The oldest open issue's first sighting per kind (an index probe per kind and status). */
async function oldest(sc: ServiceContext, kinds: string[], f: Filter) {
  const rows = await workspaceRows<{ kind: string; firstSeenAt: Date }>(
    sc,
    "problems-oldest",
    `select k.kind, least(
        (select "firstSeenAt" from "Issue" i where i."workspaceId" = $1 and i.kind = k.kind and i.status = 'open'
            and ($3::int is null or i."projectId" = $3) and ($4::int is null or i."assetId" = $4)
            and ($5::text is null or i.severity = $5::"Severity")
          order by "firstSeenAt" limit 1),
        (select "firstSeenAt" from "Issue" i where i."workspaceId" = $1 and i.kind = k.kind and i.status = 'in-progress'
            and ($3::int is null or i."projectId" = $3) and ($4::int is null or i."assetId" = $4)
            and ($5::text is null or i.severity = $5::"Severity")
          order by "firstSeenAt" limit 1)) as "firstSeenAt"
       from unnest($2::text[]) as k(kind)`,
    [kinds, f.projectId ?? null, f.assetId ?? null, f.severity ?? null],
  );
  return new Map(rows.map((r) => [r.kind, r.firstSeenAt]));
}

/** The first assets of each kind on the page, with the oldest issue's title. */
async function firstAssets(sc: ServiceContext, kinds: string[], f: Filter) {
  const rows = await workspaceRows<{ kind: string; value: string; title: string }>(
    sc,
    "problems-assets",
    `select k.kind, x.value, x.title from unnest($2::text[]) as k(kind)
       cross join lateral (
         select a.value, i.title from "Issue" i join "Asset" a on a.id = i."assetId"
          where i."workspaceId" = $1 and i.kind = k.kind and i.${OPEN}
            and ($3::int is null or i."projectId" = $3) and ($4::int is null or i."assetId" = $4)
            and ($5::text is null or i.severity = $5::"Severity")
          order by i."firstSeenAt", i.id limit ${PROBLEM_ASSET_NAMES}) x`,
    [kinds, f.projectId ?? null, f.assetId ?? null, f.severity ?? null],
  );
  const byKind = new Map<string, { names: string[]; title: string }>();
  for (const r of rows) {
    const entry = byKind.get(r.kind) ?? { names: [], title: r.title };
    entry.names.push(r.value);
    byKind.set(r.kind, entry);
  }
  return byKind;
}

interface LinkedIssue {
  id: number;
  asset: { id: number; value: string };
  severity: SeverityValue;
  status: string;
  firstSeenAt: Date;
}

export async function listProblems(sc: ServiceContext, i: ListProblemsInput) {
  const filter = { severity: i.severity, projectId: i.projectId, assetId: i.assetId };
  const q = i.q?.toLowerCase();
  let all = (await groups(sc, filter)).filter(
    (g) => !q || g.kind.toLowerCase().includes(q) || (checkTitle(g.kind) ?? "").toLowerCase().includes(q),
  );
  const firstSeen = await oldest(
    sc,
    all.map((g) => g.kind),
    filter,
  );
  all = all.filter((g) => firstSeen.get(g.kind));
  const sort = i.sort ?? "severity";
  // Each comparator is written in its column's default direction.
  const dir = !i.order || i.order === PROBLEM_SORT[sort].order ? 1 : -1;
  const by: Record<keyof typeof PROBLEM_SORT, (a: Group, b: Group) => number> = {
    severity: (a, b) => rank(b.severity) - rank(a.severity) || b.issues - a.issues,
    count: (a, b) => b.issues - a.issues,
    oldest: (a, b) => firstSeen.get(a.kind)!.getTime() - firstSeen.get(b.kind)!.getTime(),
  };
  // Ties by kind, in the same direction, so that pages never overlap.
  all.sort((a, b) => dir * (by[sort](a, b) || a.kind.localeCompare(b.kind)));
  const page = all.slice((i.page - 1) * i.limit, i.page * i.limit);
  return { items: await presented(sc, page, firstSeen, filter), total: all.length, page: i.page, limit: i.limit };
}

/** The page's problems as answers show them, with their first assets. */
async function presented(sc: ServiceContext, page: Group[], firstSeen: Map<string, Date>, filter: Filter) {
  const assets = await firstAssets(
    sc,
    page.map((g) => g.kind),
    filter,
  );
  return page.map((g): Problem => ({
    kind: g.kind,
    title: checkTitle(g.kind) ?? assets.get(g.kind)?.title ?? g.kind,
    severity: g.severity,
    issues: g.issues,
    assets: g.issues,
    exposures: g.issues - g.linkedExtra,
    firstSeenAt: firstSeen.get(g.kind)!,
    assetNames: assets.get(g.kind)?.names ?? [],
  }));
}

/** The exposure an issue is part of: its kind at its address and port; an issue without either is one of its own. */
export const exposureKey = (i: { id: number; kind: string; address: string | null; port: number | null }) =>
  i.address !== null && i.port !== null ? `${i.kind}|${i.address}|${i.port}` : `issue:${i.id}`;

/**
 * Ranked issues with the ones linked to an earlier one folded into it: the first of each exposure stays where it was,
 * naming the others' assets (`alsoSeenAs`).
 */
export function foldLinked<I extends { id: number; kind: string; address: string | null; port: number | null }>(
  ranked: I[],
  asset: (i: I) => string,
) {
  const byExposure = new Map<string, I & { alsoSeenAs: string[] }>();
  for (const i of ranked) {
    const first = byExposure.get(exposureKey(i));
    if (first) first.alsoSeenAs.push(asset(i));
    else byExposure.set(exposureKey(i), { ...i, alsoSeenAs: [] });
  }
  return [...byExposure.values()];
}

/** One problem: its counts, and its oldest open issues grouped by exposure (the linked ones together). */
export async function getProblem(sc: ServiceContext, kind: string) {
  const group = (await groups(sc, {})).find((g) => g.kind === kind);
  const firstSeen = await oldest(sc, [kind], {});
  if (!group || !firstSeen.get(kind)) throw new AppError(404, ErrorCode.NOT_FOUND, "No open issue has this kind");
  const [problem] = await presented(sc, [group], firstSeen, {});
  const issues = await workspaceRows<{
    id: number;
    assetId: number;
    value: string;
    severity: SeverityValue;
    status: string;
    firstSeenAt: Date;
    address: string | null;
    port: number | null;
  }>(
    sc,
    "problem-issues",
    `select i.id, i."assetId", a.value, i.severity::text as severity, i.status::text as status, i."firstSeenAt",
            i.address, i.port
       from "Issue" i join "Asset" a on a.id = i."assetId"
      where i."workspaceId" = $1 and i.kind = $2 and i.${OPEN}
      order by i."firstSeenAt", i.id limit ${PROBLEM_DETAIL_ISSUES}`,
    [kind],
  );
  const exposures = new Map<string, { address: string | null; port: number | null; issues: LinkedIssue[] }>();
  for (const r of issues) {
    const key = exposureKey({ ...r, kind });
    const group = exposures.get(key) ?? { address: r.address, port: r.port, issues: [] };
    group.issues.push({
      id: r.id,
      asset: { id: r.assetId, value: r.value },
      severity: r.severity,
      status: r.status,
      firstSeenAt: r.firstSeenAt,
    });
    exposures.set(key, group);
  }
  return { ...problem!, exposureList: [...exposures.values()] };
}

/** An issue with the open issues linked to it (same kind, address and port, other assets): "also seen as". */
export async function withLinkedIssues<I extends { id: number; kind: string; port: number | null }>(
  sc: ServiceContext,
  issue: I,
) {
  const [{ address } = { address: null }] = await workspaceRows<{ address: string | null }>(
    sc,
    "issue-address",
    `select address from "Issue" where "workspaceId" = $1 and id = $2`,
    [issue.id],
  );
  if (address === null || issue.port === null) return { ...issue, address, linked: [] };
  const rows = await workspaceRows<{ id: number; assetId: number; value: string }>(
    sc,
    "issue-linked",
    `select i.id, i."assetId", a.value from "Issue" i join "Asset" a on a.id = i."assetId"
      where i."workspaceId" = $1 and i.kind = $2 and i.address = $3 and i.port = $4 and i.id <> $5 and i.${OPEN}
      order by a.value limit 50`,
    [issue.kind, address, issue.port, issue.id],
  );
  return { ...issue, address, linked: rows.map((r) => ({ id: r.id, asset: { id: r.assetId, value: r.value } })) };
}
