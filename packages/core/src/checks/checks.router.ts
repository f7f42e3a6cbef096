import { z } from "zod";
import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import { checkSchema, checksSummarySchema, listChecksInput } from "./checks.schemas.ts";
import { checksSummary, listChecks } from "./checks.service.ts";

const tags = ["Checks"];
const read = { scope: "scans:read", kind: "read" } as const;

export const checksRouter = router({
  summary: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/checks/summary",
        tags,
        summary: "How many checks, per category",
        description: "The catalogue's size, and its checks counted per category (every category, zero included).",
      },
      ...read,
    })
    .input(z.object({}))
    .output(checksSummarySchema)
    .query(() => checksSummary()),

  list: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/checks",
        tags,
        summary: "List the checks scans run",
        description:
          "Every check of the product's catalogue: what it looks for, how sure its findings are, how it is checked, " +
          "its references. The same for every workspace. Default order: by category, most severe first.",
      },
      ...read,
      paged: true,
    })
    .input(listChecksInput)
    .output(pageOf(checkSchema))
    .query(({ input }) => listChecks(input)),
});
