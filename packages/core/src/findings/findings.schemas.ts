import { z } from "zod";
import { confidenceSchema, instant, SEVERITY_VALUES } from "../common-schemas.ts";
import { idParam } from "../ids.ts";
import { searchInput, sortInputs, type SortColumn } from "../list-query.ts";
import { pagingInput } from "../paging.ts";
import { enrichmentFields, exploitFilters } from "../enrichment/enrichment.schemas.ts";
import { evidenceSecretSchema } from "../secrets/secrets.mask.ts";

export const findingSchema = z
  .object({
    id: z.number().int(),
    scanId: z.number().int(),
    assetId: z.number().int(),
    asset: z.object({ id: z.number().int(), value: z.string() }),
    issueId: z.number().int().nullable(),
    scanner: z.string(),
    kind: z.string(),
    title: z.string(),
    severity: z.enum(SEVERITY_VALUES),
    confidence: confidenceSchema,
    port: z.number().int().nullable(),
    evidence: z
      .object({ secrets: z.array(evidenceSecretSchema) })
      .catchall(z.unknown())
      .meta({
        description:
          "description, url, request, response (excerpt) or transcript, matched, …; secrets in them masked, " +
          "each named in `secrets` (docs/api.md, Secrets in evidence)",
      }),
    ...enrichmentFields,
    createdAt: z.date(),
  })
  .meta({ id: "Finding" });

export const FINDING_SORT = {
  createdAt: { field: "id", order: "desc" },
  severity: { field: "severity", order: "desc" },
  title: { field: "title", order: "asc" },
} as const satisfies Record<string, SortColumn<string>>;

/** The sort and search inputs of every finding list (also a scan's findings). */
export const findingListInputs = {
  q: searchInput("finding title, asset name or value"),
  ...sortInputs(FINDING_SORT, "createdAt"),
};

export const listFindingsInput = pagingInput.extend({
  ...findingListInputs,
  assetId: idParam("assetId").optional(),
  projectId: idParam("projectId").optional(),
  scanId: idParam("scanId").optional(),
  issueId: idParam("issueId").optional(),
  severity: z.enum(SEVERITY_VALUES).optional(),
  scanner: z.string().max(50).optional(),
  kind: z.string().max(200).optional(),
  from: instant.optional(),
  to: instant.optional(),
  ...exploitFilters,
});
export type ListFindingsInput = z.output<typeof listFindingsInput>;
