import type { Prisma } from "@ems/db";
import { dateRange } from "../dates.ts";
import { tally, tallyKey, type TallyKey } from "../db/tally.ts";
import { FINDING_MARKS, markedJump } from "../db/marks.ts";
import { deferredPage, type PagingInput } from "../paging.ts";
import type { ServiceContext } from "../service-context.ts";
import type { z } from "zod";
import { FINDING_SORT, type ListFindingsInput, type findingSchema } from "./findings.schemas.ts";
import { orderByOf, textSearchWithAsset, type Direction } from "../list-query.ts";
import { classifyFinding } from "../enrichment/classification.ts";
import { withExploitFigures } from "../enrichment/exploits.figures.ts";

const include = { asset: { select: { id: true, value: true } } } as const;

export type FindingListQuery = PagingInput & { q?: string; sort?: keyof typeof FINDING_SORT; order?: Direction };

/**
 * Newest first (or by `unsorted`: a scan's findings most severe first), unless sorted otherwise; the page is a
 * deferred join. `tallied`: the tally key that counts what `filter` selects, when there is one (never with `q`).
 */
export async function listFindingsWhere(
  sc: ServiceContext,
  filter: Prisma.FindingWhereInput,
  p: FindingListQuery,
  unsorted: keyof typeof FINDING_SORT = "createdAt",
  tallied?: TallyKey,
) {
  const where = { AND: [filter, await textSearchWithAsset(sc, p.q, ["title"])] };
  const orderBy = orderByOf(FINDING_SORT, unsorted, p);
  const counted = p.q ? undefined : tallied;
  const { rows, total } = await deferredPage(sc, p, {
    orderBy,
    ids: (page) => sc.db.finding.findMany({ where, select: { id: true }, ...page }),
    rows: (ids) => sc.db.finding.findMany({ where: { id: { in: ids } }, include }),
    total: () => (counted ? tally(sc, counted) : sc.db.finding.count({ where })),
    jump: markedJump(sc, FINDING_MARKS, counted, orderBy),
  });
  const items = rows.map((f): Omit<z.output<typeof findingSchema>, "kev" | "epss"> => {
    const evidence = f.evidence as Record<string, unknown>;
    // The output schema leaves out workspaceId.
    return { ...f, evidence, ...classifyFinding({ kind: f.kind, evidence }) };
  });
  return {
    items: await withExploitFigures(sc.pool, items),
    total,
    page: p.page,
    limit: p.limit,
  };
}

export function listFindings(sc: ServiceContext, i: ListFindingsInput) {
  const { assetId, scanId, issueId, severity, scanner, kind, projectId, from, to } = i;
  return listFindingsWhere(
    sc,
    {
      assetId,
      scanId,
      issueId,
      severity,
      scanner,
      kind,
      projectId,
      createdAt: dateRange(from, to),
    },
    i,
    "createdAt",
    // No filter, or one severity, scanner or project alone: kept by triggers (tally_keys_finding).
    tallyKey("findings", { assetId, scanId, issueId, severity, scanner, kind, projectId, from, to }, [
      "severity",
      "scanner",
      "projectId",
    ]),
  );
}
