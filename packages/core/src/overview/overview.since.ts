// "Since your last visit" and "since yesterday" (docs/api.md, Overview): what is new and serious in a window, from
// indexed rows read in time order (issue events, discovered hosts, open ports). A person's visits are kept per
// workspace; a visit lasts while they come back within VISIT_GAP_MS, so refreshing the page keeps its window.
import type { z } from "zod";
import { workspaceRows } from "../db/sql.ts";
import { breachesBetween } from "./overview.focus.ts";
import type { ServiceContext } from "../service-context.ts";
import { OVERVIEW_LIMITS, type OverviewInput, type sinceSchema } from "./overview.schemas.ts";

/** A visit ends after this long without opening the overview. */
export const VISIT_GAP_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

type Since = z.output<typeof sinceSchema>;
type Ctx = Pick<ServiceContext, "pool" | "workspaceId" | "actor">;

/** Where "since your last visit" starts: the end of the caller's previous visit (null: a first visit, an API key). */
export async function lastVisitFrom(sc: Ctx, now: Date): Promise<Date | null> {
  if (!sc.actor.userId) return null;
  const [visit] = await workspaceRows<{ seenAt: Date; windowFrom: Date | null }>(
    sc,
    "overview-visit",
    `select "seenAt", "windowFrom" from "OverviewVisit" where "workspaceId" = $1 and "userId" = $2`,
    [sc.actor.userId],
  );
  if (!visit) return null;
  return now.getTime() - visit.seenAt.getTime() > VISIT_GAP_MS ? visit.seenAt : visit.windowFrom;
}

/** Records that the caller is looking at the overview now; a new visit starts its window where the last one ended. */
export async function markOverviewSeen(sc: Ctx, now: Date) {
  if (!sc.actor.userId) return { seenAt: now, lastVisitFrom: null };
  const [row] = await workspaceRows<{ windowFrom: Date | null }>(
    sc,
    "overview-visit-mark",
    `insert into "OverviewVisit" ("workspaceId", "userId", "seenAt") values ($1, $2, $3)
     on conflict ("workspaceId", "userId") do update set
       "windowFrom" = case when $3 - "OverviewVisit"."seenAt" > make_interval(secs => $4)
                           then "OverviewVisit"."seenAt" else "OverviewVisit"."windowFrom" end,
       "seenAt" = greatest("OverviewVisit"."seenAt", $3)
     where "OverviewVisit"."workspaceId" = $1
     returning "windowFrom"`,
    [sc.actor.userId, now, VISIT_GAP_MS / 1000],
  );
  return { seenAt: now, lastVisitFrom: row?.windowFrom ?? null };
}

interface EventRow {
  at: Date;
  issueId: number;
  title: string;
  severity: "critical" | "high";
  reopened: boolean;
  assetId: number;
  name: string | null;
  value: string;
}

const projectJoin = (f: OverviewInput, alias: string, param: number) =>
  f.projectId ? { join: `join "Asset" a on a.id = ${alias}."assetId"`, where: `and a."projectId" = $${param}` } : null;

/** Critical and high issues first seen or reopened in the window (dismissed ones out): counts and the newest. */
async function seriousIssues(sc: Ctx, from: Date, to: Date, f: OverviewInput) {
  const p = projectJoin(f, "e", 4);
  const where = `e."workspaceId" = $1 and e.at >= $2 and e.at < $3 and e.severity in ('critical', 'high')
    and not e."issueDismissed"
    and (e."fromStatus" is null
         or (e."fromStatus" in ('resolved', 'dismissed') and e."toStatus" in ('open', 'in-progress')))
    ${p?.where ?? ""}`;
  const values = [from, to, ...(f.projectId ? [f.projectId] : [])];
  const [counts, rows] = await Promise.all([
    workspaceRows<{ severity: "critical" | "high"; reopened: boolean; n: number }>(
      sc,
      `overview-since-issues-n${p ? "-p" : ""}`,
      `select e.severity::text as severity, (e."fromStatus" is not null) as reopened, count(*)::int as n
       from "IssueEvent" e ${p?.join ?? ""} where ${where} group by 1, 2`,
      values,
    ),
    workspaceRows<EventRow>(
      sc,
      `overview-since-issues${p ? "-p" : ""}`,
      `select e.at, i.id as "issueId", i.title, e.severity::text as severity, (e."fromStatus" is not null) as reopened,
         a2.id as "assetId", a2.name, a2.value
       from "IssueEvent" e join "Issue" i on i.id = e."issueId" join "Asset" a2 on a2.id = e."assetId"
         ${p?.join ?? ""}
       where ${where} order by e.severity desc, e.at desc, e.id desc limit ${OVERVIEW_LIMITS.since}`,
      values,
    ),
  ]);
  const n = (severity: "critical" | "high", reopened: boolean) =>
    counts.find((c) => c.severity === severity && c.reopened === reopened)?.n ?? 0;
  return {
    newIssues: { critical: n("critical", false), high: n("high", false) },
    reopenedIssues: { critical: n("critical", true), high: n("high", true) },
    issues: rows.map((r) => ({
      at: r.at,
      change: r.reopened ? ("reopened" as const) : ("new" as const),
      issue: { id: r.issueId, title: r.title, severity: r.severity },
      asset: { id: r.assetId, name: r.name, value: r.value },
    })),
  };
}

/** Hosts discovery saw for the first time in the window. */
async function newHosts(sc: Ctx, from: Date, to: Date, f: OverviewInput) {
  const project = f.projectId ? `and h."projectId" = $4` : "";
  const values = [from, to, ...(f.projectId ? [f.projectId] : [])];
  const where = `h."workspaceId" = $1 and h."firstSeenAt" >= $2 and h."firstSeenAt" < $3 ${project}`;
  const [[count], items] = await Promise.all([
    workspaceRows<{ n: number }>(
      sc,
      `overview-since-hosts-n${project ? "-p" : ""}`,
      `select count(*)::int as n from "DiscoveredHostname" h where ${where}`,
      values,
    ),
    workspaceRows<{ id: number; host: string; domain: string; assetId: number | null; firstSeenAt: Date }>(
      sc,
      `overview-since-hosts${project ? "-p" : ""}`,
      `select h.id, h.host, h.domain, h."assetId", h."firstSeenAt" from "DiscoveredHostname" h where ${where}
       order by h."firstSeenAt" desc, h.id desc limit ${OVERVIEW_LIMITS.since}`,
      values,
    ),
  ]);
  return { total: count?.n ?? 0, items };
}

interface PortRow {
  at: Date;
  port: number;
  protocol: string;
  service: string | null;
  assetId: number;
  name: string | null;
  value: string;
}

/**
 * Ports open now, the most recently first seen first, `limit` of them; within a window of first sightings when one is
 * given. The overview's recent changes and its "since" windows read them the same way.
 */
export async function newestOpenPorts(sc: Ctx, f: OverviewInput, limit: number, window?: { from: Date; to: Date }) {
  const values: unknown[] = window ? [window.from, window.to] : [];
  const range = window ? `and o."firstSeenAt" >= $2 and o."firstSeenAt" < $3` : "";
  const project = f.projectId ? `and a."projectId" = $${values.length + 2}` : "";
  const rows = await workspaceRows<PortRow>(
    sc,
    `overview-open-ports-${limit}${window ? "-w" : ""}${f.projectId ? "-p" : ""}`,
    `select o."firstSeenAt" as at, o.port, o.protocol, o.service, a.id as "assetId", a.name, a.value
     from "OpenPort" o join "Asset" a on a.id = o."assetId"
     where o."workspaceId" = $1 and o."closedAt" is null ${range} ${project}
     order by o."firstSeenAt" desc, o.id desc limit ${limit}`,
    [...values, ...(f.projectId ? [f.projectId] : [])],
  );
  return rows.map((r) => ({
    at: r.at,
    port: { port: r.port, protocol: r.protocol, service: r.service },
    asset: { id: r.assetId, name: r.name, value: r.value },
  }));
}

/** Ports first seen open in the window and open still. */
async function newPorts(sc: Ctx, from: Date, to: Date, f: OverviewInput) {
  const project = f.projectId ? `and a."projectId" = $4` : "";
  const [[count], items] = await Promise.all([
    workspaceRows<{ n: number }>(
      sc,
      `overview-since-ports-n${project ? "-p" : ""}`,
      `select count(*)::int as n from "OpenPort" o ${project ? `join "Asset" a on a.id = o."assetId"` : ""}
       where o."workspaceId" = $1 and o."firstSeenAt" >= $2 and o."firstSeenAt" < $3 and o."closedAt" is null
       ${project}`,
      [from, to, ...(f.projectId ? [f.projectId] : [])],
    ),
    newestOpenPorts(sc, f, OVERVIEW_LIMITS.since, { from, to }),
  ]);
  return { total: count?.n ?? 0, items };
}

/** What is new and serious between `from` and `to`. */
export async function sinceWindow(sc: Ctx, from: Date, to: Date, f: OverviewInput): Promise<Since> {
  const [issues, slaBreaches, hosts, ports] = await Promise.all([
    seriousIssues(sc, from, to, f),
    breachesBetween(sc, from, to, f),
    newHosts(sc, from, to, f),
    newPorts(sc, from, to, f),
  ]);
  return { from, ...issues, slaBreaches, newHosts: hosts, newPorts: ports };
}

/** The two windows of the overview: since the caller's last visit (when there was one) and the last 24 hours. */
export async function sinceWindows(sc: Ctx, f: OverviewInput, now: Date) {
  const visitFrom = await lastVisitFrom(sc, now);
  const [lastVisit, yesterday] = await Promise.all([
    visitFrom ? sinceWindow(sc, visitFrom, now, f) : null,
    sinceWindow(sc, new Date(now.getTime() - DAY_MS), now, f),
  ]);
  return { lastVisit, yesterday };
}
