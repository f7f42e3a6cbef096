import { z } from "zod";
import { criticalitySchema, messageSchema, text } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { pagingInput } from "../paging.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";

/** `#rrggbb`; stored lowercase. */
const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "must be a hex color like #1f6feb")
  .max(7, "must be a hex color like #1f6feb")
  .transform((c) => c.toLowerCase());

export const DEFAULT_PROJECT_COLOR = "#64748b";

export const projectSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    color: z.string(),
    criticality: criticalitySchema.meta({
      description: "Of its assets that have none of their own; an input of their issues' priority. Default medium",
    }),
    createdAt: z.date(),
    updatedAt: z.date(),
  })
  .meta({ id: "Project" });

export const PROJECT_SORT = {
  createdAt: { field: "id", order: "asc" },
  name: { field: "name", order: "asc" },
} as const satisfies Record<string, SortColumn<string>>;

export const listProjectsInput = pagingInput.extend({
  q: searchInput("project name"),
  ...sortInputs(PROJECT_SORT, "createdAt"),
});
export type ListProjectsInput = z.output<typeof listProjectsInput>;

export const createProjectInput = z.object({
  name: text(255, 1),
  description: text(2000).optional(),
  color: color.optional(),
  criticality: criticalitySchema.optional(),
});

export const updateProjectInput = z.object({
  id: idParam(),
  name: text(255, 1).optional(),
  description: text(2000).optional(),
  color: color.optional(),
  criticality: criticalitySchema.optional(),
});

export const deleteProjectInput = z.object({ id: idParam() });

export const deleteProjectOutput = messageSchema.extend({
  deleted: z.object({
    assets: z.number().int(),
    scans: z.number().int(),
    findings: z.number().int(),
    issues: z.number().int(),
    schedules: z.number().int(),
  }),
});

export type Project = z.output<typeof projectSchema>;
export type CreateProjectInput = z.output<typeof createProjectInput>;
export type UpdateProjectInput = z.output<typeof updateProjectInput>;
