// Workspaces are created by the operator (CLI) or at sign-up; not by API callers.
import type { Plan } from "@ems/db";
import { changesOf, writeAudit } from "../audit/write.ts";
import { actAs, type InWorkspace } from "../door.ts";
import { operatorActor, type OperatorMeta } from "../actors.ts";
import type { Services } from "../service-context.ts";
import { disableForbiddenSchedules } from "../scan-schedules/scan-schedules.plan.ts";
import { lockWorkspace } from "../db/sql.ts";
import { validationError } from "../errors.ts";
import { PLAN_NAMES } from "../plans.ts";

export async function createWorkspace(
  services: Pick<Services, "db">,
  input: { name: string; plan?: string },
  op: OperatorMeta,
) {
  const name = input.name.trim();
  if (!name || name.length > 255) throw validationError("name", "must be 1 to 255 characters");
  const plan = (input.plan ?? "essential") as Plan;
  if (!PLAN_NAMES.includes(plan)) throw validationError("plan", `must be one of ${PLAN_NAMES.join(", ")}`);
  return services.db.prisma.$transaction(async (tx) => {
    const workspace = await tx.workspace.create({ data: { name, plan } });
    await writeAudit(tx, operatorActor(workspace.id, op), {
      action: "workspace.create",
      resourceType: "workspace",
      resourceId: workspace.id,
      changes: changesOf(null, workspace, ["name", "plan"]),
    });
    return workspace;
  });
}

export async function requireWorkspace(services: Pick<Services, "db">, id: number) {
  const workspace = await services.db.prisma.workspace.findUnique({ where: { id } });
  if (!workspace) throw validationError("workspace", `no workspace with id ${id}`);
  return workspace;
}

/**
 * Moves a workspace to another plan (the operator's call; billing is not
 * wired to plans yet). Schedules the new plan does not allow are disabled in
 * the same transaction, each with its reason in the audit log.
 */
export async function changeWorkspacePlan(services: Services, workspaceId: number, planName: string, op: OperatorMeta) {
  const plan = planName as Plan;
  if (!PLAN_NAMES.includes(plan)) throw validationError("plan", `must be one of ${PLAN_NAMES.join(", ")}`);
  const actor = operatorActor(workspaceId, op);
  return actAs(services, actor, (sc) =>
    sc.db.$transaction(async (tx) => {
      await lockWorkspace(tx, workspaceId);
      const before = await tx.workspace.findUnique({ where: { id: workspaceId } });
      if (!before) throw validationError("workspace", `no workspace with id ${workspaceId}`);
      const workspace = await tx.workspace.update({ where: { id: workspaceId }, data: { plan } });
      await writeAudit(tx, actor, {
        action: "workspace.plan-change",
        resourceType: "workspace",
        resourceId: workspaceId,
        changes: changesOf(before, workspace, ["plan"]),
      });
      const disabledSchedules = await disableForbiddenSchedules(tx, actor, plan);
      return { workspace, disabledSchedules };
    }),
  );
}

/** The operator (CLI, test and bench set-up) acting in a workspace that must exist (else 400 naming it). */
export async function asOperator<T>(services: Services, workspaceId: number, op: OperatorMeta, fn: InWorkspace<T>) {
  await requireWorkspace(services, workspaceId);
  return actAs(services, operatorActor(workspaceId, op), fn);
}
