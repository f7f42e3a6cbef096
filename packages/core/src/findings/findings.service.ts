import type { Prisma } from "@ems/db";
import { dateRange } from "../dates.ts";
import { FINDING_MARKS } from "../db/marks.ts";
import { defineList, listPage } from "../db/list-page.ts";
import { type PagingInput } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import type { z } from "zod";
import { FINDING_SORT, type ListFindingsInput, type findingSchema } from "./findings.schemas.ts";
import type { Direction } from "../list-query.ts";
import { classifyFinding } from "../enrichment/classification.ts";
import { withExploitFigures } from "../enrichment/exploits.figures.ts";
import { presentedEvidence } from "../secrets/secrets.mask.ts";

const include = { asset: { select: { id: true, value: true } } } as const;

export type FindingListQuery = PagingInput & { q?: string; sort?: keyof typeof FINDING_SORT; order?: Direction };

type FindingFilter = Pick<ListFindingsInput, "assetId" | "scanId" | "issueId" | "severity" | "scanner" | "kind"> &
  Pick<ListFindingsInput, "projectId" | "from" | "to" | "kev" | "epssMin">;
type FindingRow = Prisma.FindingGetPayload<{ include: typeof include }>;
/** A finding as the list presents it; KEV and EPSS figures are added per page (withExploitFigures). */
type Finding = Omit<z.output<typeof findingSchema>, "kev" | "epss">;

/** The findings list, declared once (db/list-page.ts); the page is a deferred join. */
export const FINDING_LIST = defineList<
  FindingFilter,
  Prisma.FindingWhereInput,
  FindingRow,
  Finding,
  keyof typeof FINDING_SORT
>("findings", {
  // No filter, or one severity, scanner or project alone: kept by triggers (tally_keys_finding).
  tally: { keys: "tally_keys_finding", prefix: "findings", fields: ["severity", "scanner", "projectId"] },
  marks: FINDING_MARKS,
  sorts: FINDING_SORT,
  defaultSort: "createdAt",
  search: { fields: ["title"], asset: true },
  // KEV and EPSS by the finding's issue (its figures are kept on the issue, not on each finding).
  where: ({ from, to, kev, epssMin, ...fields }) => ({
    ...fields,
    createdAt: dateRange(from, to),
    issue:
      kev === undefined && epssMin === undefined
        ? undefined
        : { kev, epssScore: epssMin === undefined ? undefined : { gte: epssMin } },
  }),
  model: (sc) => ({
    ids: (args) => sc.db.finding.findMany({ ...args, select: { id: true } }),
    rows: (args) => sc.db.finding.findMany({ ...args, include }),
    count: (where) => sc.db.finding.count({ where }),
  }),
  // The output schema leaves out workspaceId; the classification comes from the finding's check and source.
  present: (f) => {
    const evidence = presentedEvidence(f.evidence as Record<string, unknown>) as Finding["evidence"];
    return { ...f, evidence, ...classifyFinding({ kind: f.kind, evidence }) };
  },
});

/** Newest first, unless sorted otherwise. */
export async function listFindings(sc: ServiceContext, i: ListFindingsInput) {
  const { assetId, scanId, issueId, severity, scanner, kind, projectId, from, to, kev, epssMin } = i;
  const filter = { assetId, scanId, issueId, severity, scanner, kind, projectId, from, to, kev, epssMin };
  return withFigures(sc, await listPage(sc, FINDING_LIST, filter, i));
}

/** A scan's findings: most severe first, unless sorted otherwise. */
export const listScanFindings = async (sc: ServiceContext, scanId: number, p: FindingListQuery) =>
  withFigures(sc, await listPage(sc, FINDING_LIST, { scanId }, p, { defaultSort: "severity" }));

/** A page's findings with the KEV and EPSS figures of their CVEs (two look-ups per page). */
async function withFigures<P extends { items: Finding[] }>(sc: ServiceContext, page: P) {
  return { ...page, items: await withExploitFigures(sc.pool, page.items) };
}
