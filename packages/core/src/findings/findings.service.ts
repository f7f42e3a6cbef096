import type { Prisma } from "@ems/db";
import { dateRange } from "../dates.ts";
import { skipTake, type PagingInput } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import type { z } from "zod";
import { FINDING_SORT, type ListFindingsInput, type findingSchema } from "./findings.schemas.ts";
import { orderByOf, textSearchWithAsset, type Direction } from "../list-query.ts";

const include = { asset: { select: { id: true, value: true } } } as const;

export type FindingListQuery = PagingInput & { q?: string; sort?: keyof typeof FINDING_SORT; order?: Direction };

/** Newest first (or by `unsorted`, a scan's findings most severe first), unless sorted otherwise. */
export async function listFindingsWhere(
  sc: ServiceContext,
  filter: Prisma.FindingWhereInput,
  p: FindingListQuery,
  unsorted: keyof typeof FINDING_SORT = "createdAt",
) {
  const where = { AND: [filter, await textSearchWithAsset(sc, p.q, ["title"])] };
  const orderBy = orderByOf(FINDING_SORT, unsorted, p);
  const [rows, total] = await Promise.all([
    sc.db.finding.findMany({ where, include, orderBy, ...skipTake(p) }),
    sc.db.finding.count({ where }),
  ]);
  return {
    // The output schema leaves out workspaceId.
    items: rows.map((f): z.output<typeof findingSchema> => ({ ...f, evidence: f.evidence as Record<string, unknown> })),
    total,
    page: p.page,
    limit: p.limit,
  };
}

export const listFindings = (sc: ServiceContext, i: ListFindingsInput) =>
  listFindingsWhere(
    sc,
    {
      assetId: i.assetId,
      scanId: i.scanId,
      issueId: i.issueId,
      severity: i.severity,
      scanner: i.scanner,
      kind: i.kind,
      asset: i.projectId ? { projectId: i.projectId } : undefined,
      createdAt: dateRange(i.from, i.to),
    },
    i,
  );
