import { z } from "zod";
import { SEVERITY_VALUES } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";
import { pagingInput } from "../paging.ts";
import { issueSchema } from "../issues/issues.schemas.ts";

/** How many asset names a problem shows before "and n more". */
export const PROBLEM_ASSET_NAMES = 3;

export const problemSchema = z
  .object({
    kind: z.string().meta({ description: "The problem: the kind its issues share (GET /app/problems/{kind})" }),
    title: z.string().meta({ description: "The check's title, else the title of the problem's oldest issue" }),
    severity: z.enum(SEVERITY_VALUES).meta({ description: "The worst severity of its open issues" }),
    issues: z.number().int().meta({ description: "Open and in-progress issues of this kind (one per asset)" }),
    assets: z.number().int().meta({ description: "Assets affected (an issue is one kind on one asset)" }),
    exposures: z
      .number()
      .int()
      .meta({
        description:
          "Issues counted once per exposure: issues on names that reach the same address and port are one " +
          "(docs/api.md, Problems)",
      }),
    firstSeenAt: z.date().meta({ description: "When the oldest of its open issues was first seen" }),
    assetNames: z
      .array(z.string())
      .meta({ description: `The first ${PROBLEM_ASSET_NAMES} assets, oldest issue first (their values)` }),
  })
  .meta({ id: "Problem" });
export type Problem = z.output<typeof problemSchema>;

export const PROBLEM_SORT = {
  severity: { field: "severity", order: "desc" },
  count: { field: "issues", order: "desc" },
  oldest: { field: "firstSeenAt", order: "asc" },
} as const satisfies Record<string, SortColumn<string>>;

export const listProblemsInput = pagingInput.extend({
  q: searchInput("problem kind or title"),
  ...sortInputs(PROBLEM_SORT, "severity"),
  severity: z.enum(SEVERITY_VALUES).optional().meta({ description: "Only the open issues of this severity" }),
  projectId: idParam("projectId").optional(),
  assetId: idParam("assetId").optional(),
});
export type ListProblemsInput = z.output<typeof listProblemsInput>;

export const problemKindInput = z.object({
  kind: z
    .string()
    .min(1)
    // Below the edge's 100-character bound on a path segment (414 past it), so that a kind one past this bound is a
    // 400 naming `kind`; every kind is shorter.
    .max(99)
    .regex(/^[\w.:-]+$/, "must be a problem kind (letters, digits, . _ : -)"),
});

const linkedIssue = z.object({
  id: z.number().int(),
  asset: z.object({ id: z.number().int(), value: z.string() }),
  severity: z.enum(SEVERITY_VALUES),
  status: z.string(),
  firstSeenAt: z.date(),
});
export const exposureSchema = z
  .object({
    address: z.string().nullable().meta({ description: "The address the names reach (null: not known)" }),
    port: z.number().int().nullable(),
    issues: z.array(linkedIssue).meta({ description: "The open issues of this exposure, one per name (asset)" }),
  })
  .meta({ id: "Exposure" });
export const problemDetailSchema = problemSchema
  .extend({
    exposureList: z
      .array(exposureSchema)
      .meta({ description: "Its open issues grouped by exposure (address and port), the linked ones together" }),
  })
  .meta({ id: "ProblemDetail" });

/** GET /app/issues/{id}: the issue, where its latest scan reached it, and the issues it is one exposure with. */
export const issueDetailSchema = issueSchema
  .extend({
    address: z
      .string()
      .nullable()
      .meta({ description: "The address its latest scan reached (with port: the exposure); null when not known" }),
    linked: z
      .array(z.object({ id: z.number().int(), asset: z.object({ id: z.number().int(), value: z.string() }) }))
      .meta({
        description:
          "Open issues of the same kind on other names that reach the same address and port: one exposure " +
          '("also seen as"); empty when none',
      }),
  })
  .meta({ id: "IssueDetail" });
