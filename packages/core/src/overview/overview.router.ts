import { procedure, router } from "../trpc.ts";
import { overviewInput, overviewSchema } from "./overview.schemas.ts";
import { getOverview } from "./overview.service.ts";

export const overviewRouter = router({
  get: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/overview",
        tags: ["Overview"],
        summary: "What a security lead opens first",
        description:
          "Open issues by severity, the 30-day trend (opened vs resolved), the five riskiest assets, the ten latest " +
          "changes, queued and running scans, and the assets waiting for an ownership proof or unreachable. " +
          "Optional projectId (404 if not the caller's). docs/api.md, Overview.",
      },
      scope: "reports:read",
      kind: "read",
    })
    .input(overviewInput)
    .output(overviewSchema)
    .query(({ ctx, input }) => getOverview(ctx, input)),
});
