// The SLA policy: remediation days per severity for the workspace, and per
// project overrides. Reading is open to reports:read; every change is audited
// in the transaction that makes it.
import { changesOf, writeAudit } from "../audit/write.ts";
import { notFound } from "../errors.ts";
import type { ServiceContext } from "../service-context.ts";
import type { ScopedTx } from "../db/scoped.ts";
import { DEFAULT_SLA_DAYS, SLA_SEVERITIES, type SlaDays } from "./sla-policy.schemas.ts";

const daysOf = (row: { criticalDays: number; highDays: number; mediumDays: number; lowDays: number }): SlaDays => ({
  critical: row.criticalDays,
  high: row.highDays,
  medium: row.mediumDays,
  low: row.lowDays,
});
const columnsOf = (d: SlaDays) => ({
  criticalDays: d.critical,
  highDays: d.high,
  mediumDays: d.medium,
  lowDays: d.low,
});

/** The workspace's own days, or the defaults. */
export async function workspaceSlaDays(sc: Pick<ServiceContext, "db">): Promise<SlaDays> {
  const row = await sc.db.slaPolicy.findFirst();
  return row ? daysOf(row) : DEFAULT_SLA_DAYS;
}

/**
 * The deadlines of the unresolved issues a policy change moves, recomputed in its transaction by one statement
 * (issue_sla_deadlines, the definition the issue trigger uses): one project's issues, or the workspace's outside the
 * projects with days of their own. Resolved issues keep the deadline they were resolved against. An issue whose new
 * deadline is after `now` is no longer breached: its next breach is notified again.
 */
async function recomputeDeadlines(tx: ScopedTx, workspaceId: number, projectId: number | null, now: Date) {
  const scope =
    projectId === null
      ? `i."projectId" not in (select "projectId" from "ProjectSlaPolicy" where "workspaceId" = $1)`
      : `i."projectId" = $3`;
  await tx.$executeRawUnsafe(
    `update "Issue" u set "dueAt" = d."dueAt", "atRiskAt" = d."atRiskAt",
       "slaBreachNotifiedAt" = case when d."dueAt" > $2 then null else u."slaBreachNotifiedAt" end
     from "Issue" i
       cross join lateral issue_sla_deadlines(i."workspaceId", i."projectId", i.severity, i."firstSeenAt") d
     where u.id = i.id and i."workspaceId" = $1 and i.status <> 'resolved' and i.severity <> 'info' and ${scope}
       and u."dueAt" is distinct from d."dueAt"`,
    workspaceId,
    now,
    ...(projectId === null ? [] : [projectId]),
  );
}

export async function getSlaPolicy(sc: ServiceContext) {
  const [row, overrides] = await Promise.all([
    sc.db.slaPolicy.findFirst(),
    sc.db.projectSlaPolicy.findMany({ include: { project: { select: { name: true } } } }),
  ]);
  return {
    ...(row ? daysOf(row) : DEFAULT_SLA_DAYS),
    source: row ? ("workspace" as const) : ("default" as const),
    updatedAt: row?.updatedAt ?? null,
    defaults: DEFAULT_SLA_DAYS,
    projects: overrides
      .map((o) => ({ projectId: o.projectId, projectName: o.project.name, ...daysOf(o), updatedAt: o.updatedAt }))
      .sort((a, b) => a.projectName.localeCompare(b.projectName)),
  };
}

async function requireProject(tx: ScopedTx, id: number) {
  const project = await tx.project.findUnique({ where: { id }, select: { id: true } });
  if (!project) throw notFound("Project");
}

export async function setSlaPolicy(sc: ServiceContext, days: SlaDays) {
  await sc.db.$transaction(async (tx) => {
    const before = await tx.slaPolicy.findFirst();
    await tx.slaPolicy.upsert({
      where: { workspaceId: sc.workspaceId },
      create: { workspaceId: sc.workspaceId, ...columnsOf(days) },
      update: columnsOf(days),
    });
    await recomputeDeadlines(tx, sc.workspaceId, null, sc.services.now());
    const changes = changesOf(before ? daysOf(before) : DEFAULT_SLA_DAYS, days, SLA_SEVERITIES);
    if (Object.keys(changes).length)
      await writeAudit(tx, sc.actor, { action: "sla-policy.update", resourceType: "sla-policy", changes });
  });
  return getSlaPolicy(sc);
}

export async function setProjectSlaPolicy(sc: ServiceContext, projectId: number, days: SlaDays) {
  await sc.db.$transaction(async (tx) => {
    await requireProject(tx, projectId);
    const before = await tx.projectSlaPolicy.findUnique({ where: { projectId } });
    await tx.projectSlaPolicy.upsert({
      where: { projectId },
      create: { projectId, workspaceId: sc.workspaceId, ...columnsOf(days) },
      update: columnsOf(days),
    });
    await recomputeDeadlines(tx, sc.workspaceId, projectId, sc.services.now());
    await writeAudit(tx, sc.actor, {
      action: "sla-policy.project.update",
      resourceType: "project",
      resourceId: projectId,
      changes: changesOf(before ? daysOf(before) : null, days, SLA_SEVERITIES),
    });
  });
  return getSlaPolicy(sc);
}

/** The project's issues fall back to the workspace's days. 404 when the project has no override. */
export async function deleteProjectSlaPolicy(sc: ServiceContext, projectId: number) {
  await sc.db.$transaction(async (tx) => {
    await requireProject(tx, projectId);
    const before = await tx.projectSlaPolicy.findUnique({ where: { projectId } });
    if (!before) throw notFound("SLA override of this project");
    await tx.projectSlaPolicy.delete({ where: { projectId } });
    await recomputeDeadlines(tx, sc.workspaceId, projectId, sc.services.now());
    await writeAudit(tx, sc.actor, {
      action: "sla-policy.project.delete",
      resourceType: "project",
      resourceId: projectId,
      changes: changesOf(daysOf(before), null, SLA_SEVERITIES),
    });
  });
  return getSlaPolicy(sc);
}
