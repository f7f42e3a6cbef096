// A scan next to the previous completed scan of its asset (docs/api.md, Scans,
// "Comparison"): findings are matched by kind, the key that makes one issue
// per kind and asset (issues.sync.ts). A kind of the previous scan that this
// one did not see counts as fixed only if its scanner ran to the end, as a
// rescan resolves an issue only then. Retests (focused scans) are never the
// previous scan; a retest's own fixed kinds are those it looked at to the end.
import type { Severity } from "@ems/db";
import { capHides } from "@ems/scanners";
import { scannerOfKind } from "../issues/issues.sync.ts";
import type { ServiceContext } from "../service-context.ts";
import { workspaceRows } from "../db/sql.ts";
import { capsOf, requireScan } from "./scans.service.ts";
import { scanFocusSchema } from "./scans.schemas.ts";

/** Each list of new or fixed findings carries at most this many (its total says how many there are). */
export const COMPARISON_LIMIT = 100;
const SEVERITY_ORDER: Severity[] = ["critical", "high", "medium", "low", "info"];

interface KindRow {
  kind: string;
  findingId: number;
  title: string;
  severity: Severity;
  port: number | null;
  issueId: number | null;
}

/** One finding per kind that `scanId` has and `otherId` lacks. */
const kindsMissingFrom = (sc: ServiceContext, scanId: number, otherId: number) =>
  workspaceRows<KindRow>(
    sc,
    "scan-compare-kinds",
    `select distinct on (f.kind) f.kind, f.id as "findingId", f.title, f.severity::text as severity, f.port,
       f."issueId"
     from "Finding" f
     where f."workspaceId" = $1 and f."scanId" = $2
       and not exists (select 1 from "Finding" o where o."scanId" = $3 and o.kind = f.kind)
     order by f.kind, f.id`,
    [scanId, otherId],
  );

const bySeverity = (a: KindRow, b: KindRow) =>
  SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) || a.kind.localeCompare(b.kind);
const capped = (rows: KindRow[]) => ({ total: rows.length, items: rows.sort(bySeverity).slice(0, COMPARISON_LIMIT) });

type Stage = { stage: string; ms: number; timedOut: boolean; error?: string };

export async function compareScan(sc: ServiceContext, id: number) {
  const scan = await requireScan(sc, id);
  const [counts, previous] = await Promise.all([
    sc.db.finding.groupBy({ by: ["severity"], where: { scanId: id }, _count: { _all: true } }),
    sc.db.scan.findFirst({
      where: { assetId: scan.assetId, status: "completed", trigger: { not: "retest" }, id: { lt: id } },
      orderBy: { id: "desc" },
      select: { id: true, finishedAt: true, findingsCount: true },
    }),
  ]);
  const summary = { critical: 0, high: 0, medium: 0, low: 0, info: 0, total: 0 };
  for (const c of counts) {
    summary[c.severity] = c._count._all;
    summary.total += c._count._all;
  }
  const stages = (scan.stages as Stage[]).map((s) => ({
    stage: s.stage,
    seconds: Math.round(s.ms / 100) / 10,
    timedOut: s.timedOut,
    error: s.error ?? null,
  }));
  const comparable = scan.status === "completed" && previous !== null;
  let changes = null;
  if (comparable) {
    const completed = new Set(stages.filter((s) => !s.timedOut && !s.error).map((s) => s.stage));
    const lookedAt = scan.focus === null ? null : new Set(scanFocusSchema.parse(scan.focus).lookedAt);
    const { caps } = capsOf(scan.caps);
    // As for issues: not seen by a stage that finished, on a port no cap of that stage left out.
    const fixed = (kind: string, port: number | null) =>
      lookedAt ? lookedAt.has(kind) : completed.has(scannerOfKind(kind)) && !capHides(caps, scannerOfKind(kind), port);
    const [added, gone] = await Promise.all([
      kindsMissingFrom(sc, id, previous.id),
      kindsMissingFrom(sc, previous.id, id),
    ]);
    changes = {
      newFindings: capped(added),
      fixedFindings: capped(gone.filter((f) => fixed(f.kind, f.port))),
    };
  }
  return {
    scanId: id,
    status: scan.status,
    summary,
    previousScan: previous,
    newFindings: changes?.newFindings ?? null,
    fixedFindings: changes?.fixedFindings ?? null,
    stages,
  };
}
