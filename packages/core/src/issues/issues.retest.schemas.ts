// The retest's inputs and answers (issues.retest.ts; docs/api.md, Issues: retest).
import { z } from "zod";
import { idParam } from "../ids.ts";

export const MAX_RETEST_IDS = 100;

export const retestIssuesInput = z.object({
  ids: z
    .array(idParam("ids[]"))
    .min(1, "must name at least one issue")
    .max(MAX_RETEST_IDS, `at most ${MAX_RETEST_IDS} issues at once`)
    .meta({ description: `The issues to retest, 1 to ${MAX_RETEST_IDS}` }),
});

export const retestResultSchema = z
  .object({
    id: z.number().int().meta({ description: "The issue" }),
    started: z.boolean(),
    scanId: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The retest's scan (one per asset: the asset's selected issues share it)" }),
    code: z.string().nullable().meta({ description: "Why it did not start: an error code (NOT_FOUND, …)" }),
    message: z.string().nullable().meta({ description: "Why it did not start, in words" }),
  })
  .meta({ id: "IssueRetestResult" });
export type RetestResult = z.output<typeof retestResultSchema>;

export const retestIssuesOutput = z.object({
  results: z.array(retestResultSchema).meta({ description: "One per distinct id, in the order asked" }),
});
