// The risk score's definition (docs/api.md, Reports, "Risk score") and the SQL pieces that compute it exactly:
//   score = Σ over open issues of weight(severity) × (1 + min(age, cap) / cap) + 10 per exposed port
// SQL computes score × cap in whole weight·milliseconds (bigint): no rounding anywhere, so the ranking's order and
// ties are the definition's. Times count from SCORE_EPOCH_MS so that Σ weight × time stays far inside a bigint.
import { SEVERITIES } from "./report-sql.ts";

export const SEVERITY_WEIGHTS = { critical: 40, high: 15, medium: 5, low: 1, info: 0 } as const;
/** Age at which an issue's weight has doubled (and stops growing). */
export const AGE_CAP_DAYS = 90;
export const EXPOSED_PORT_BONUS = 10;
/** Datastores and remote administration that should never face the internet. */
export const EXPOSED_PORTS = [
  21, 23, 445, 1433, 1521, 2375, 2376, 3306, 3389, 5432, 5900, 5984, 6379, 9200, 9300, 11211, 27017, 50070,
];

export const CAP_MS = AGE_CAP_DAYS * 86_400_000;
export const SCORE_EPOCH_MS = Date.UTC(2026, 0, 1);
/** Milliseconds since the score's epoch, as SQL parameters and columns hold them. */
export const scoreTime = (at: Date) => at.getTime() - SCORE_EPOCH_MS;
/** One exposed port, in score × cap units. */
export const PORT_SCORE = EXPOSED_PORT_BONUS * CAP_MS;

/** Issue `i`'s weight, as SQL. */
export const issueWeight = `(case i.severity ${SEVERITIES.map((s) => `when '${s}' then ${SEVERITY_WEIGHTS[s]}`).join(
  " ",
)} end)`;
/** Issue `i`'s first sighting in milliseconds since the score's epoch, as SQL. */
export const issueSeen = `((extract(epoch from i."firstSeenAt") * 1000)::bigint - ${SCORE_EPOCH_MS})`;
/** Issue `i`'s score × cap at `now` (SQL, milliseconds since the epoch): the definition itself. */
export const issueScore = (now: string) =>
  `${issueWeight}::bigint * (${CAP_MS} + least(${now} - ${issueSeen}, ${CAP_MS}))`;

/** How many exposed ports asset `assetId` (SQL) has open, one per port whatever the protocols; `ports` binds them. */
export const exposedPortCount = (assetId: string, ports: string) =>
  `(select count(distinct p.port)::int from "OpenPort" p
    where p."assetId" = ${assetId} and p."closedAt" is null and p.port = any(${ports}))`;
