// "AssetRisk": each asset's risk score as parts linear in time, so that the ranking reads one narrow row per asset
// instead of aggregating the ledger and the open ports per request. From the asset's open issues at refresh time T:
//   an issue first seen at or before T − cap weighs 2w × cap for good          → open
//   a younger one weighs w × (cap + now − seen) = w × (cap − seen) + w × now    → open, openPerMs
// (the same for dismissed issues in dismissed, dismissedPerMs), so score × cap = open + openPerMs × now + ports; the
// row is exact while validFrom (the last old sighting + cap) <= now <= validUntil (the first young sighting + cap).
// Scores only grow with time, so the score at validUntil is the most the row reaches while valid: its ceiling
// (openCeiling; allCeiling with dismissed issues), which lets the ranking skip rows that cannot reach a page.
//
// Why a reader may trust a row: the row is computed from the asset's issues and ports in ONE statement that also
// deletes the asset's marks in "AssetRiskDirty" that the statement sees. Every change to an asset after that
// snapshot left a mark or a loose ledger row (triggers, in the writer's transaction; folding a loose ledger row
// marks its asset in the same statement), which the reader sees in its own snapshot and then computes that asset
// from its issues instead. Refreshes run one at a time (a transaction-level advisory lock taken before the
// statement's snapshot), so a refresh from an older snapshot never overwrites a newer one.
import type { Services } from "../service-context.ts";
import {
  EXPOSED_PORTS,
  issueSeen,
  issueWeight,
  exposedPortCount,
  CAP_MS,
  PORT_SCORE,
  scoreTime,
} from "./risk-score.ts";

/** Assets refreshed per statement: small transactions beside the writers. */
const ASSETS_PER_REFRESH = 2000;
/** Statements per run at most (the next run goes on where this one stopped). */
const MAX_REFRESHES = 100;
/** validFrom/validUntil of a row that has no bound on that side. */
export const NEVER = 9_000_000_000_000_000_000n;

/** One part of the row: Σ over the issues of `status` (SQL condition) of what `term` gives. */
const part = (status: string, term: string) => `coalesce(sum(${term}) filter (where ${status}), 0)`;
const young = `x.w > 0 and not x.old`;

/**
 * Score × cap of the "AssetRisk" row aliased `row` at time `at` (SQL), exact while the row is valid there; with the
 * dismissed issues' parts when `withDismissed`. At validUntil it is the row's ceiling (a row without young issues has
 * no slope, so its NEVER validUntil multiplies zero).
 */
export const rowScoreAt = (row: string, at: string, withDismissed: boolean) =>
  (withDismissed
    ? `${row}.open + ${row}.dismissed + (${row}."openPerMs" + ${row}."dismissedPerMs")::bigint * ${at}`
    : `${row}.open + ${row}."openPerMs"::bigint * ${at}`) + ` + ${PORT_SCORE}::bigint * ${row}."exposedPorts"`;

const REFRESH = `with taken as (
    delete from "AssetRiskDirty" where id in (select id from "AssetRiskDirty" order by id limit $1)
    returning "workspaceId", "assetId"
  ), due as (
    select "workspaceId", "assetId" from "AssetRisk" where "validUntil" < $2 order by "validUntil" limit $1
  ), assets as (
    select "workspaceId", "assetId" from taken union select "workspaceId", "assetId" from due
  ), computed as (
    select a."workspaceId", a."assetId", s.*, ${exposedPortCount(`a."assetId"`, "$3::int[]")} as "exposedPorts"
    from assets a cross join lateral (
      select ${part("not x.dismissed", `case when x.old then 2 * ${CAP_MS} * x.w else x.w * (${CAP_MS} - x.seen) end`)}
          ::bigint as open,
        ${part("x.dismissed", `case when x.old then 2 * ${CAP_MS} * x.w else x.w * (${CAP_MS} - x.seen) end`)}
          ::bigint as dismissed,
        coalesce(max(x.seen) filter (where x.w > 0 and x.old) + ${CAP_MS}, -${NEVER}) as "validFrom",
        coalesce(min(x.seen) filter (where ${young}) + ${CAP_MS}, ${NEVER}) as "validUntil",
        ${part(`not x.dismissed and ${young}`, "x.w")}::int as "openPerMs",
        ${part(`x.dismissed and ${young}`, "x.w")}::int as "dismissedPerMs"
      from (
        select ${issueWeight}::bigint as w, ${issueSeen} as seen, ${issueSeen} <= $2 - ${CAP_MS} as old,
          i.status = 'dismissed' as dismissed
        from "Issue" i
        where i."workspaceId" = a."workspaceId" and i."assetId" = a."assetId"
          and i.status in ('open', 'in-progress', 'dismissed')
      ) x
    ) s
  ), ceilings as (
    select c.*, ${rowScoreAt("c", `c."validUntil"`, false)} as "openCeiling",
      ${rowScoreAt("c", `c."validUntil"`, true)} as "allCeiling"
    from computed c
  ), gone as (
    delete from "AssetRisk" r using computed c
    where r."workspaceId" = c."workspaceId" and r."assetId" = c."assetId"
      and (c.open, c."openPerMs", c.dismissed, c."dismissedPerMs", c."exposedPorts") = (0, 0, 0, 0, 0)
  ), kept as (
    insert into "AssetRisk" ("workspaceId", "assetId", open, dismissed, "validFrom", "validUntil", "openPerMs",
      "dismissedPerMs", "exposedPorts", "openCeiling", "allCeiling")
    select "workspaceId", "assetId", open, dismissed, "validFrom", "validUntil", "openPerMs", "dismissedPerMs",
      "exposedPorts", "openCeiling", "allCeiling"
    from ceilings
    where (open, "openPerMs", dismissed, "dismissedPerMs", "exposedPorts") <> (0, 0, 0, 0, 0)
    on conflict ("workspaceId", "assetId") do update set open = excluded.open, dismissed = excluded.dismissed,
      "validFrom" = excluded."validFrom", "validUntil" = excluded."validUntil", "openPerMs" = excluded."openPerMs",
      "dismissedPerMs" = excluded."dismissedPerMs", "exposedPorts" = excluded."exposedPorts",
      "openCeiling" = excluded."openCeiling", "allCeiling" = excluded."allCeiling"
  )
  select (select count(*) from taken)::int as marks, (select count(*) from due)::int as due`;

/**
 * Recomputes the rows of the marked assets and of the rows that have passed their validity at `now`; returns how
 * many marks and expired rows it took. Each statement in its own READ COMMITTED transaction, after the lock.
 */
export async function refreshAssetRisk(services: Services, now = services.now()) {
  let total = 0;
  for (let i = 0; i < MAX_REFRESHES; i++) {
    const client = await services.db.pool.connect();
    let taken: { marks: number; due: number };
    try {
      await client.query("begin isolation level read committed");
      await client.query(`select pg_advisory_xact_lock(hashtext('AssetRisk'))`);
      taken = (await client.query(REFRESH, [ASSETS_PER_REFRESH, scoreTime(now), EXPOSED_PORTS])).rows[0];
      await client.query("commit");
    } catch (e) {
      await client.query("rollback");
      throw e;
    } finally {
      client.release();
    }
    total += taken.marks + taken.due;
    if (taken.marks < ASSETS_PER_REFRESH && taken.due < ASSETS_PER_REFRESH) break;
  }
  return total;
}
