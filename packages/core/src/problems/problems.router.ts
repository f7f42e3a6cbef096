import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import { listProblemsInput, problemDetailSchema, problemKindInput, problemSchema } from "./problems.schemas.ts";
import { getProblem, listProblems } from "./problems.service.ts";

const tags = ["Problems"];
const read = { scope: "issues:read", kind: "read" } as const;

export const problemsRouter = router({
  list: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/problems",
        tags,
        summary: "List problems",
        description:
          "Open issues grouped by problem (their kind): worst severity, issues, assets, exposures (issues on names " +
          "that reach the same address and port counted once), oldest first seen, the first assets. Most severe " +
          "first (ties: most issues).",
      },
      ...read,
      paged: true,
    })
    .input(listProblemsInput)
    .output(pageOf(problemSchema))
    .query(({ ctx, input }) => listProblems(ctx, input)),

  get: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/problems/{kind}",
        tags,
        summary: "Get a problem",
        description:
          "One problem's counts and its oldest open issues (up to 200) grouped by exposure: the issues of names " +
          "that reach the same address and port together. 404 when no open issue has the kind.",
      },
      ...read,
    })
    .input(problemKindInput)
    .output(problemDetailSchema)
    .query(({ ctx, input }) => getProblem(ctx, input.kind)),
});
