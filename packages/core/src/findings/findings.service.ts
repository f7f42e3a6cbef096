import type { Prisma } from "@ems/db";
import { dateRange } from "../dates.ts";
import { FINDING_MARKS } from "../db/marks.ts";
import { listPage, type ListSpec } from "../db/list-page.ts";
import { type PagingInput } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import type { z } from "zod";
import { FINDING_SORT, type ListFindingsInput, type findingSchema } from "./findings.schemas.ts";
import type { Direction } from "../list-query.ts";

const include = { asset: { select: { id: true, value: true } } } as const;

export type FindingListQuery = PagingInput & { q?: string; sort?: keyof typeof FINDING_SORT; order?: Direction };

type FindingFilter = Pick<ListFindingsInput, "assetId" | "scanId" | "issueId" | "severity" | "scanner" | "kind"> &
  Pick<ListFindingsInput, "projectId" | "from" | "to">;
type FindingRow = Prisma.FindingGetPayload<{ include: typeof include }>;
type Finding = z.output<typeof findingSchema>;

/** The findings list, declared once (db/list-page.ts); the page is a deferred join. */
export const FINDING_LIST: ListSpec<
  FindingFilter,
  Prisma.FindingWhereInput,
  FindingRow,
  Finding,
  keyof typeof FINDING_SORT
> = {
  // No filter, or one severity, scanner or project alone: kept by triggers (tally_keys_finding).
  tally: { prefix: "findings", fields: ["severity", "scanner", "projectId"] },
  marks: FINDING_MARKS,
  sorts: FINDING_SORT,
  defaultSort: "createdAt",
  search: { fields: ["title"], asset: true },
  where: ({ from, to, ...fields }) => ({ ...fields, createdAt: dateRange(from, to) }),
  model: (sc) => ({
    ids: (args) => sc.db.finding.findMany({ ...args, select: { id: true } }),
    rows: (ids) => sc.db.finding.findMany({ where: { id: { in: ids } }, include }),
    count: (where) => sc.db.finding.count({ where }),
  }),
  // The output schema leaves out workspaceId.
  present: (f) => ({ ...f, evidence: f.evidence as Record<string, unknown> }),
};

/** Newest first, unless sorted otherwise. */
export function listFindings(sc: ServiceContext, i: ListFindingsInput) {
  const { assetId, scanId, issueId, severity, scanner, kind, projectId, from, to } = i;
  return listPage(sc, FINDING_LIST, { assetId, scanId, issueId, severity, scanner, kind, projectId, from, to }, i);
}

/** A scan's findings: most severe first, unless sorted otherwise. */
export const listScanFindings = (sc: ServiceContext, scanId: number, p: FindingListQuery) =>
  listPage(sc, FINDING_LIST, { scanId }, p, { defaultSort: "severity" });
