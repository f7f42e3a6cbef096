// CSV downloads of the reports (the summary's per-day series, the ranked
// assets), through the product's one CSV writer.
import { toCsv } from "../csv.ts";
import type { FileResponse } from "../rest/files.ts";
import type { ServiceContext } from "../service-context.ts";
import type { PeriodInput } from "./period.ts";
import type { ReportFilters } from "./report-sql.ts";
import { reportSummary } from "./summary.ts";
import { vulnerableAssets } from "./vulnerable-assets.ts";

const csv = (filename: string, body: string): FileResponse => ({
  contentType: "text/csv; charset=utf-8",
  filename,
  body,
});

export async function exportSummarySeries(sc: ServiceContext, filters: PeriodInput & ReportFilters) {
  const summary = await reportSummary(sc, filters);
  return csv(
    `report-summary-${summary.period.from}-${summary.period.to}.csv`,
    toCsv(
      summary.series.map(({ open: _bySeverity, ...day }) => day),
      ["date", "opened", "resolved", "openAtEnd"],
    ),
  );
}

/** Every ranked asset (at most 10,000 rows), in the order of the report. */
export async function exportVulnerableAssets(sc: ServiceContext, filters: ReportFilters) {
  const { items } = await vulnerableAssets(sc, { ...filters, page: 1, limit: 10_000 });
  const stamp = sc.services.now().toISOString().slice(0, 10);
  return csv(
    `vulnerable-assets-${stamp}.csv`,
    toCsv(
      items.map(({ priorities, ...a }, i) => ({
        rank: i + 1,
        ...a,
        ...priorities,
        oldestOpenAt: a.oldestOpenAt?.toISOString() ?? "",
        exposedPorts: a.exposedPorts.join(" "),
      })),
      [
        "rank",
        "assetId",
        "value",
        "name",
        "type",
        "projectName",
        "score",
        "issueScore",
        "portScore",
        "critical",
        "high",
        "medium",
        "low",
        "info",
        "P1",
        "P2",
        "P3",
        "P4",
        "exposedPorts",
        "oldestOpenAt",
      ],
    ),
  );
}
