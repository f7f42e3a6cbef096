// `BENCH_DB=<name> pnpm bench:risk`: what refreshing every asset's "AssetRisk" row costs (as after a backfill; the
// workers refresh the marked assets every minute), with the three partial indexes of the steady and growing rows
// (migration asset_risk_steady) and without them: dropped for the run in one transaction, then built again. On a
// database that `BENCH_KEEP=1 pnpm bench:lists` kept. Prints each round's seconds; the numbers are kept in
// docs/benchmarks.md by hand.
import { createServices } from "@ems/core";
import { compactReportRollups } from "@ems/core/testing";
import { openBenchDatabase } from "./seed.ts";

if (!process.env.BENCH_DB) throw new Error("BENCH_DB=<a database kept by BENCH_KEEP=1 pnpm bench:lists>");
const ROUNDS = 3;
const db = await openBenchDatabase();
const services = createServices(db);
const q = (sql: string) => db.pool.query(sql);
const indexes = (
  await q(`select indexname, indexdef from pg_indexes where tablename = 'AssetRisk'
           and indexname in ('AssetRisk_steady_open_idx', 'AssetRisk_steady_all_idx', 'AssetRisk_growing_idx')`)
).rows as { indexname: string; indexdef: string }[];
if (indexes.length !== 3) throw new Error(`expected the three partial indexes, found ${indexes.length}`);

/** Marks every asset, refreshes them all, and says how long the refresh took. */
async function refreshAll() {
  await q(`insert into "AssetRiskDirty" ("workspaceId", "assetId") select "workspaceId", "assetId" from "AssetRisk"`);
  const t = performance.now();
  const taken = await compactReportRollups(services);
  return { seconds: (performance.now() - t) / 1000, taken };
}

await compactReportRollups(services);
const rows = (await q(`select count(*)::int as n from "AssetRisk"`)).rows[0].n as number;
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const withIndexes of [true, false]) {
      if (!withIndexes) for (const { indexname } of indexes) await q(`drop index "${indexname}"`);
      const { seconds, taken } = await refreshAll();
      console.log(`round ${round}, ${withIndexes ? "with" : "without"} the partial indexes: ${rows} rows,`, {
        seconds: Number(seconds.toFixed(2)),
        taken,
      });
      if (!withIndexes) for (const { indexdef } of indexes) await q(indexdef);
    }
  }
} finally {
  for (const { indexdef } of indexes) await q(indexdef.replace("CREATE INDEX", "CREATE INDEX IF NOT EXISTS"));
  await db.close();
}
