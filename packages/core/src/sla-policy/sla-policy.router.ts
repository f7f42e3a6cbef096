import { procedure, router } from "../trpc.ts";
import { projectIdInput, setProjectSlaPolicyInput, setSlaPolicyInput, slaPolicySchema } from "./sla-policy.schemas.ts";
import { deleteProjectSlaPolicy, getSlaPolicy, setProjectSlaPolicy, setSlaPolicy } from "./sla-policy.service.ts";
import { z } from "zod";

const tags = ["SLA policy"];
// Reading goes with the reports; changing is a workspace setting: reports:write for keys and tokens, admin or
// owner for people (docs/api.md, SLA).
const read = { scope: "reports:read", kind: "read" } as const;
const write = { scope: "reports:write", kind: "write", minRole: "admin" } as const;
const days = "Days per severity, each 1 to 3650.";

export const slaPolicyRouter = router({
  get: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/sla-policy",
        tags,
        summary: "The SLA policy",
        description: "The workspace's remediation days per severity (or the defaults) and every project override.",
      },
      ...read,
    })
    .input(z.object({}))
    .output(slaPolicySchema)
    .query(({ ctx }) => getSlaPolicy(ctx)),

  set: procedure
    .meta({
      openapi: { method: "PUT", path: "/app/sla-policy", tags, summary: "Set the workspace's SLA", description: days },
      ...write,
    })
    .input(setSlaPolicyInput)
    .output(slaPolicySchema)
    .mutation(({ ctx, input }) => setSlaPolicy(ctx, input)),

  setProject: procedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/app/projects/{id}/sla-policy",
        tags,
        summary: "Give a project its own SLA",
        description: `${days} Replaces the workspace's days for the project's issues.`,
      },
      ...write,
    })
    .input(setProjectSlaPolicyInput)
    .output(slaPolicySchema)
    .mutation(({ ctx, input: { id, ...d } }) => setProjectSlaPolicy(ctx, id, d)),

  deleteProject: procedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/app/projects/{id}/sla-policy",
        tags,
        summary: "Remove a project's own SLA",
        description: "The project's issues follow the workspace's days again. 404 when it has none.",
      },
      ...write,
    })
    .input(projectIdInput)
    .output(slaPolicySchema)
    .mutation(({ ctx, input }) => deleteProjectSlaPolicy(ctx, input.id)),
});
