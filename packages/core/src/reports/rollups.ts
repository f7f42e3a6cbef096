// Folding the reports' ledgers, "IssueDayCount" (day-counts.ts) and "AssetIssueCount" (vulnerable-assets.ts):
// triggers only insert signed rows, so each key gathers rows until a worker folds them into one (every minute).
// The sums are exact with or without folding; folding keeps the reads small. The risk score's ledger also folds
// the days past its age cap into one row per asset: their weight no longer changes. Then the assets whose risk score
// may have changed (asset-risk.ts) are recomputed.
import type { Services } from "../service-context.ts";
import { refreshAssetRisk } from "./asset-risk.ts";
import { AGE_CAP_DAYS } from "./risk-score.ts";

/** Keys folded per statement: small transactions beside the writers. */
const KEYS_PER_FOLD = 1000;
/** Folds per ledger and run at most (the next run goes on where this one stopped). */
const MAX_FOLDS = 100;
export const ROLLUP_COMPACTION_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;

/** Folds both ledgers and refreshes the risk scores; returns the keys folded and the scores refreshed. */
export async function compactReportRollups(services: Services, now = services.now()) {
  // A day to spare past the cap: a report computed a little behind this clock still finds those days past it.
  const oldBefore = new Date(now.getTime() - (AGE_CAP_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
  const folds: [string, unknown[]][] = [
    ["select compact_issue_day_counts($1) as n", [KEYS_PER_FOLD]],
    ["select compact_asset_issue_counts($1, $2) as n", [KEYS_PER_FOLD, oldBefore]],
  ];
  let total = 0;
  for (const [sql, values] of folds) {
    for (let i = 0; i < MAX_FOLDS; i++) {
      const { rows } = await services.db.pool.query<{ n: number }>(sql, values);
      total += rows[0]!.n;
      if (rows[0]!.n < KEYS_PER_FOLD) break;
    }
  }
  return total + (await refreshAssetRisk(services, now));
}
