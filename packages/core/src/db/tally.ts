// Exact totals of the big lists from the trigger-kept "WorkspaceTally" rows
// (see its model): the sum of the workspace's shards under one key.
import { type ServiceContext } from "../service-context.ts";
import { workspaceRows } from "./sql.ts";

/** One tally key, or several whose counts add up. */
export type TallyKey = string | readonly string[];

/** The number of the workspace's rows counted under `key` (e.g. "findings.severity.high"), or under all of `key`. */
export async function tally(sc: ServiceContext, key: TallyKey): Promise<number> {
  const [row] = await workspaceRows<{ n: string | null }>(
    sc,
    "tally",
    `select sum((counts ->> k)::bigint) as n from "WorkspaceTally", unnest($2::text[]) as k where "workspaceId" = $1`,
    [typeof key === "string" ? [key] : key],
  );
  return Number(row?.n ?? 0);
}

/**
 * The tally key(s) that count exactly the rows `filter` selects, when it sets at most one of the tallied fields and
 * nothing else (`prefix` alone when it sets nothing); a field set to several values is the sum of their keys;
 * undefined when only count(*) can say.
 */
export function tallyKey(
  prefix: string,
  filter: Record<string, unknown>,
  tallied: readonly string[],
): TallyKey | undefined {
  const set = Object.entries(filter).filter(([, v]) => v !== undefined);
  if (set.length === 0) return prefix;
  const [field, value] = set[0]!;
  if (set.length !== 1 || !tallied.includes(field)) return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values.every((v) => ["string", "number", "boolean"].includes(typeof v))
    ? values.map((v) => `${prefix}.${field}.${String(v)}`)
    : undefined;
}
