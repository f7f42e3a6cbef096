import { procedure, router } from "../trpc.ts";
import { z } from "zod";
import { overviewInput, overviewSchema, overviewSeenSchema } from "./overview.schemas.ts";
import { getOverview } from "./overview.service.ts";
import { markOverviewSeen } from "./overview.since.ts";

export const overviewRouter = router({
  get: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/overview",
        tags: ["Overview"],
        summary: "What a security lead opens first",
        description:
          "Open issues by severity, what is new and serious since the caller's last visit and in the last 24 hours, " +
          "the 90-day exposure trend by severity, the 30-day trend (opened vs resolved), the five riskiest assets, " +
          "the ten latest " +
          "changes, queued and running scans, and the assets waiting for an ownership proof or unreachable. " +
          "Optional projectId (404 if not the caller's). docs/api.md, Overview.",
      },
      scope: "reports:read",
      kind: "read",
    })
    .input(overviewInput)
    .output(overviewSchema)
    .query(({ ctx, input }) => getOverview(ctx, input)),

  /** Marks the caller's visit (the dashboard calls it on opening the overview); not audited: it is the caller's own. */
  seen: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/overview/seen",
        tags: ["Overview"],
        summary: "Mark the overview seen",
        description:
          "Records that the caller looked at the overview now: their next visit (after 30 minutes away) counts " +
          '"since your last visit" from here. A no-op for API keys. docs/api.md, Overview.',
      },
      scope: "reports:read",
      kind: "write",
      minRole: "read_only",
    })
    .input(z.object({}).optional())
    .output(overviewSeenSchema)
    .mutation(({ ctx }) => markOverviewSeen(ctx, ctx.services.now())),
});
