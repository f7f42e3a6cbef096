import type { Prisma } from "@ems/db";
import { changesOf, writeAudit } from "../audit/write.ts";
import { alreadyExists, notFound, validationError } from "../errors.ts";
import { skipTake, type Page, type PagingInput } from "../paging.ts";
import { PLANS, planLimitError } from "../plans.ts";
import { defineList, listPage } from "../db/list-page.ts";
import { type ServiceContext } from "../service-context.ts";
import { lockWorkspace, workspaceRows } from "../db/sql.ts";
import {
  DEFAULT_PROJECT_COLOR,
  PROJECT_SORT,
  type CreateProjectInput,
  type ListProjectsInput,
  type Project,
  type UpdateProjectInput,
} from "./projects.schemas.ts";

const PROJECT_FIELDS = ["name", "description", "color", "criticality"] as const;
/** Exactly the fields of the output schema. */
const select = {
  id: true,
  name: true,
  description: true,
  color: true,
  criticality: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Record<keyof Project, true>;

/** The workspace's projects: the trigger-kept "Workspace"."projectCount" (one row by primary key). */
async function projectCount(sc: ServiceContext) {
  const [workspace] = await workspaceRows<{ total: number }>(
    sc,
    "projects-total",
    `select "projectCount" as total from "Workspace" where id = $1`,
  );
  return workspace?.total ?? 0;
}

/** The projects list, declared once (db/list-page.ts); it has no filter but `q`. */
export const PROJECT_LIST = defineList<
  Record<string, never>,
  Prisma.ProjectWhereInput,
  Project,
  Project,
  keyof typeof PROJECT_SORT
>("projects", {
  sorts: PROJECT_SORT,
  defaultSort: "createdAt",
  search: { fields: ["name"] },
  where: () => ({}),
  count: (sc, _filter, q) => (q ? undefined : projectCount(sc)),
  model: (sc) => ({
    ids: (args) => sc.db.project.findMany({ ...args, select: { id: true } }),
    rows: (args) => sc.db.project.findMany({ ...args, select }),
    count: (where) => sc.db.project.count({ where }),
  }),
  present: (project) => project,
});

/**
 * Oldest first unless sorted otherwise. The default page (no search, no sort) is the busiest list of all: one raw
 * statement (projectsPage) rather than listPage's two Prisma queries, held by `pnpm bench:api` against plain pg.
 */
export async function listProjects(sc: ServiceContext, input: ListProjectsInput): Promise<Page<Project>> {
  return input.q || input.sort || input.order ? listPage(sc, PROJECT_LIST, {}, input) : projectsPage(sc, input);
}

/** Ordered by id, as PROJECT_LIST's default sort, with its total. Raw SQL: see workspaceRows. */
async function projectsPage(sc: ServiceContext, paging: PagingInput): Promise<Page<Project>> {
  const { skip, take } = skipTake(paging);
  const [items, total] = await Promise.all([
    workspaceRows<Project>(
      sc,
      "projects-page",
      // Deferred join: the skipped rows are walked in the index only, not fetched from the table.
      `select p.id, p.name, p.description, p.color, p.criticality, p."createdAt", p."updatedAt" from "Project" p
       join (select id from "Project" where "workspaceId" = $1 order by id limit $2 offset $3) page using (id)
       order by p.id`,
      [take, skip],
    ),
    projectCount(sc),
  ]);
  return { items, total, page: paging.page, limit: paging.limit };
}

async function assertNameFree(tx: Pick<ServiceContext["db"], "project">, name: string, exceptId?: number) {
  const clash = await tx.project.findFirst({
    where: { name, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw alreadyExists("name", `name: a project named "${name}" already exists in this workspace`);
}

export async function createProject(sc: ServiceContext, input: CreateProjectInput) {
  return sc.db.$transaction(async (tx) => {
    await lockWorkspace(tx, sc.workspaceId);
    const { plan, projectCount } = await tx.workspace.findUniqueOrThrow({
      where: { id: sc.workspaceId },
      select: { plan: true, projectCount: true },
    });
    if (projectCount >= PLANS[plan].maxProjects) {
      throw planLimitError(plan, `This workspace already has ${projectCount} projects, the most its plan allows`);
    }
    await assertNameFree(tx, input.name);
    const project = await tx.project.create({
      data: {
        workspaceId: sc.workspaceId,
        name: input.name,
        description: input.description ?? "",
        color: input.color ?? DEFAULT_PROJECT_COLOR,
        criticality: input.criticality,
      },
      select,
    });
    await writeAudit(tx, sc.actor, {
      action: "project.create",
      resourceType: "project",
      resourceId: project.id,
      changes: changesOf(null, project, PROJECT_FIELDS),
    });
    return project;
  });
}

export async function updateProject(sc: ServiceContext, input: UpdateProjectInput) {
  const { id, ...fields } = input;
  if (Object.values(fields).every((v) => v === undefined)) {
    throw validationError("body", "send at least one of name, description, color, criticality");
  }
  return sc.db.$transaction(async (tx) => {
    const before = await tx.project.findUnique({ where: { id }, select });
    if (!before) throw notFound("Project");
    if (fields.name !== undefined && fields.name !== before.name) await assertNameFree(tx, fields.name, id);
    const after = await tx.project.update({ where: { id }, data: fields, select });
    const changes = changesOf(before, after, PROJECT_FIELDS);
    if (Object.keys(changes).length) {
      await writeAudit(tx, sc.actor, { action: "project.update", resourceType: "project", resourceId: id, changes });
    }
    return after;
  });
}

/** Deletes the project and, through the foreign keys' cascades, everything in it. */
export async function deleteProject(sc: ServiceContext, id: number) {
  return sc.db.$transaction(async (tx) => {
    const project = await tx.project.findUnique({ where: { id }, select });
    if (!project) throw notFound("Project");
    const inProject = { asset: { projectId: id } };
    const [assets, scans, findings, issues, schedules] = await Promise.all([
      tx.asset.count({ where: { projectId: id } }),
      tx.scan.count({ where: inProject }),
      tx.finding.count({ where: inProject }),
      tx.issue.count({ where: inProject }),
      tx.scanSchedule.count({ where: inProject }),
    ]);
    await tx.project.delete({ where: { id } });
    const deleted = { assets, scans, findings, issues, schedules };
    await writeAudit(tx, sc.actor, {
      action: "project.delete",
      resourceType: "project",
      resourceId: id,
      changes: { ...changesOf(project, null, PROJECT_FIELDS), deleted: { before: deleted, after: null } },
    });
    return {
      message:
        `Project "${project.name}" deleted with ${assets} assets, ${scans} scans, ${findings} findings, ` +
        `${issues} issues and ${schedules} schedules`,
      deleted,
    };
  });
}
