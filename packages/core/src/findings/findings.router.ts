import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import { findingSchema, listFindingsInput } from "./findings.schemas.ts";
import { listFindings } from "./findings.service.ts";

export const findingsRouter = router({
  list: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/findings",
        tags: ["Findings"],
        summary: "List findings",
        description: "Everything the scanners found, newest first, with evidence.",
      },
      scope: "issues:read",
      kind: "read",
      paged: true,
    })
    .input(listFindingsInput)
    .output(pageOf(findingSchema))
    .query(({ ctx, input }) => listFindings(ctx, input)),
});
