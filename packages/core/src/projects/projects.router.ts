import { procedure, router } from "../trpc.ts";
import { pageOf } from "../paging.ts";
import {
  createProjectInput,
  deleteProjectInput,
  deleteProjectOutput,
  listProjectsInput,
  projectSchema,
  updateProjectInput,
} from "./projects.schemas.ts";
import { createProject, deleteProject, listProjects, updateProject } from "./projects.service.ts";

const tags = ["Projects"];

export const projectsRouter = router({
  list: procedure
    .meta({
      openapi: { method: "GET", path: "/app/projects", tags, summary: "List projects", description: "Ordered by id." },
      scope: "assets:read",
      kind: "read",
      paged: true,
    })
    .input(listProjectsInput)
    .output(pageOf(projectSchema))
    .query(({ ctx, input }) => listProjects(ctx, input)),

  create: procedure
    .meta({
      openapi: { method: "POST", path: "/app/projects", tags, summary: "Create a project" },
      scope: "assets:write",
      kind: "write",
      successStatus: 201,
    })
    .input(createProjectInput)
    .output(projectSchema)
    .mutation(({ ctx, input }) => createProject(ctx, input)),

  update: procedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/app/projects/{id}",
        tags,
        summary: "Update a project",
        description:
          "Send any of name, description, color, criticality (its issues are re-scored in the same transaction).",
      },
      scope: "assets:write",
      kind: "write",
    })
    .input(updateProjectInput)
    .output(projectSchema)
    .mutation(({ ctx, input }) => updateProject(ctx, input)),

  delete: procedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/app/projects/{id}",
        tags,
        summary: "Delete a project",
        description:
          "Deletes the project with its assets, scans, findings, issues and schedules, in one transaction. Cannot be " +
          "undone.",
      },
      scope: "assets:write",
      kind: "write",
    })
    .input(deleteProjectInput)
    .output(deleteProjectOutput)
    .mutation(({ ctx, input }) => deleteProject(ctx, input.id)),
});
