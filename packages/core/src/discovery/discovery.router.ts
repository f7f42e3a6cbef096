import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import { getRun, startRuns } from "./discovery.runs.ts";
import {
  addHostsInput,
  addHostsOutput,
  discoveredHostnameSchema,
  discoveryRunSchema,
  hostIdInput,
  listHostsInput,
  runInput,
  runOutput,
  summaryInput,
  summarySchema,
} from "./discovery.schemas.ts";
import { addHosts, discoverySummary, listHosts, setHostStatus } from "./discovery.service.ts";

const tags = ["Discovery"];
const read = { scope: "assets:read", kind: "read" } as const;
const write = { scope: "assets:write", kind: "write" } as const;

export const discoveryRouter = router({
  hosts: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/discovery/hosts",
        tags,
        summary: "List discovered hostnames",
        description: "Newest first. Filters combine; q matches any part of the host.",
      },
      paged: true,
      ...read,
    })
    .input(listHostsInput)
    .output(pageOf(discoveredHostnameSchema))
    .query(({ ctx, input }) => listHosts(ctx, input)),

  summary: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/discovery/summary",
        tags,
        summary: "Summarize discovery",
        description: "Counts by status, source and domain; the newest run and the runs in progress.",
      },
      ...read,
    })
    .input(summaryInput)
    .output(summarySchema)
    .query(({ ctx, input }) => discoverySummary(ctx, input)),

  // Static paths before /hosts/{id}/…: the first declared of overlapping templates wins.
  add: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/discovery/hosts/add",
        tags,
        summary: "Add hostnames as assets",
        description:
          "Each host becomes a subdomain asset in its domain's project, counted against the plan's slots as " +
          "POST /app/assets counts them. 200 lists what was added and what was refused, with the code " +
          "POST /app/assets would answer (ASSET_SLOT_REQUIRED when the plan is full).",
      },
      ...write,
    })
    .input(addHostsInput)
    .output(addHostsOutput)
    .mutation(({ ctx, input }) => addHosts(ctx, input)),

  ignore: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/discovery/hosts/{id}/ignore",
        tags,
        summary: "Ignore a hostname",
        description: "new → ignored (an ignored host stays ignored on later runs). 409 CONFLICT for an added host.",
      },
      ...write,
    })
    .input(hostIdInput)
    .output(discoveredHostnameSchema)
    .mutation(({ ctx, input }) => setHostStatus(ctx, input.id, "ignore")),

  restore: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/discovery/hosts/{id}/restore",
        tags,
        summary: "Restore an ignored hostname",
        description: "ignored → new; a new host is returned unchanged; 409 CONFLICT for an added host.",
      },
      ...write,
    })
    .input(hostIdInput)
    .output(discoveredHostnameSchema)
    .mutation(({ ctx, input }) => setHostStatus(ctx, input.id, "restore")),

  run: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/discovery/run",
        tags,
        summary: "Run discovery",
        description:
          "Under one proven domain (assetId or domain), or every proven domain of a project or of the workspace. " +
          "202 with the queued runs (a domain with a run in progress gives that run). 409 OWNERSHIP_NOT_PROVEN " +
          "names the field when there is nothing proven to search under.",
      },
      successStatus: 202,
      ...write,
    })
    .input(runInput)
    .output(runOutput)
    .mutation(({ ctx, input }) => startRuns(ctx, input)),

  getRun: procedure
    .meta({
      openapi: { method: "GET", path: "/app/discovery/runs/{id}", tags, summary: "Get a discovery run" },
      ...read,
    })
    .input(hostIdInput)
    .output(discoveryRunSchema)
    .query(({ ctx, input }) => getRun(ctx, input.id)),
});
