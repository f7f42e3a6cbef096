import { findingSchema } from "../findings/findings.schemas.ts";
import { issueSchema } from "../issues/issues.schemas.ts";
import { pageOf } from "../paging.ts";
import { procedure, router } from "../trpc.ts";
import {
  activeScansInput,
  deleteScanOutput,
  listScansInput,
  scanComparisonSchema,
  scanFindingsInput,
  scanIssuesInput,
  scanIdInput,
  scanSchema,
  startScanInput,
  startScansInput,
  startScansOutput,
} from "./scans.schemas.ts";
import { startScans } from "./scans.many.ts";
import { compareScan } from "./scans.compare.ts";
import {
  deleteScan,
  getScan,
  listActiveScans,
  listScans,
  scanFindings,
  scanIssues,
  startScan,
} from "./scans.service.ts";

const tags = ["Scans"];
const read = { scope: "scans:read", kind: "read" } as const;

export const scansRouter = router({
  // Static paths before /app/scans/{id}: the adapter takes the first match.
  active: procedure
    .meta({
      openapi: { method: "GET", path: "/app/scans/active", tags, summary: "List queued and running scans" },
      paged: true,
      ...read,
    })
    .input(activeScansInput)
    .output(pageOf(scanSchema))
    .query(({ ctx, input }) => listActiveScans(ctx, input)),

  list: procedure
    .meta({
      openapi: { method: "GET", path: "/app/scans", tags, summary: "List scans", description: "Newest first." },
      paged: true,
      ...read,
    })
    .input(listScansInput)
    .output(pageOf(scanSchema))
    .query(({ ctx, input }) => listScans(ctx, input)),

  get: procedure
    .meta({
      openapi: { method: "GET", path: "/app/scans/{id}", tags, summary: "Get a scan with its progress" },
      ...read,
    })
    .input(scanIdInput)
    .output(scanSchema)
    .query(({ ctx, input }) => getScan(ctx, input.id)),

  findings: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/scans/{id}/findings",
        tags,
        summary: "List a scan's findings",
        description: "Most severe first, unless sorted otherwise.",
      },
      paged: true,
      scope: "issues:read",
      kind: "read",
    })
    .input(scanFindingsInput)
    .output(pageOf(findingSchema))
    .query(({ ctx, input }) => scanFindings(ctx, input.id, input)),

  comparison: procedure
    .meta({
      openapi: {
        method: "GET",
        path: "/app/scans/{id}/comparison",
        tags,
        summary: "A scan's findings by severity, what is new and fixed since the previous scan, stage times",
        description:
          "Findings are matched across scans by kind. New and fixed lists are computed when this scan and the " +
          "asset's previous completed scan both completed (else null). docs/api.md, Scans.",
      },
      scope: "issues:read",
      kind: "read",
    })
    .input(scanIdInput)
    .output(scanComparisonSchema)
    .query(({ ctx, input }) => compareScan(ctx, input.id)),

  issues: procedure
    .meta({
      openapi: { method: "GET", path: "/app/scans/{id}/issues", tags, summary: "List the issues a scan saw" },
      paged: true,
      scope: "issues:read",
      kind: "read",
    })
    .input(scanIssuesInput)
    .output(pageOf(issueSchema))
    .query(({ ctx, input }) => scanIssues(ctx, input.id, input)),

  start: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/scans",
        tags,
        summary: "Start a scan",
        description:
          "The asset's ownership must be proven (409 OWNERSHIP_NOT_PROVEN); one active scan per asset (409 " +
          "SCAN_ALREADY_ACTIVE). A profile sent is saved on the asset with the start.",
      },
      scope: "scans:write",
      kind: "write",
      successStatus: 201,
    })
    .input(startScanInput)
    .output(scanSchema)
    .mutation(({ ctx, input }) => startScan(ctx, input.assetId, input.profile)),

  startMany: procedure
    .meta({
      openapi: {
        method: "POST",
        path: "/app/scans/bulk",
        tags,
        summary: "Start scans of many assets: selected ones, a project's or every asset",
        description:
          "Exactly one of assetIds (at most 500), projectId or all (400 naming the field otherwise); an unknown " +
          "projectId is a 404. One answer per asset: started (the scan, and whether it waits for the plan's " +
          "concurrent scans) or not, with a code and the reason. docs/api.md, Scans: scan many.",
      },
      scope: "scans:write",
      kind: "write",
    })
    .input(startScansInput)
    .output(startScansOutput)
    .mutation(({ ctx, input }) => startScans(ctx, input)),

  delete: procedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/app/scans/{id}",
        tags,
        summary: "Cancel an active scan, or delete a finished one with its findings",
      },
      scope: "scans:write",
      kind: "write",
    })
    .input(scanIdInput)
    .output(deleteScanOutput)
    .mutation(({ ctx, input }) => deleteScan(ctx, input.id)),
});
