// Deep pages of the three million-row lists without walking every row before them, from the trigger-kept
// "ListMark" counts (see its model): the rows per range of ids, and per severity for the issues, summed in list order
// up to the range a page starts in, first over the coarse ranges, then over the fine ones inside the coarse range
// found; the walk starts at the fine range and passes at most its 16,384 ids.
import type { Direction } from "../list-query.ts";
import { type ServiceContext } from "../service-context.ts";
import { workspaceRows } from "./sql.ts";
import type { TallyKey } from "./tally.ts";

/** A list counted in "ListMark": its table, its key there, and the column it orders by before the id, if any. */
export interface MarkedList {
  table: "AuditEntry" | "Finding" | "Issue";
  list: "audit" | "findings" | "issues";
  lead?: { column: "severity"; type: "Severity" };
}

export const AUDIT_MARKS: MarkedList = { table: "AuditEntry", list: "audit" };
export const FINDING_MARKS: MarkedList = { table: "Finding", list: "findings" };
export const ISSUE_MARKS: MarkedList = {
  table: "Issue",
  list: "issues",
  lead: { column: "severity", type: "Severity" },
};

/** The two range sizes, as shifts of the id (the migration's list_mark_spans): 256 fine ranges in a coarse one. */
const COARSE = 22;
const FINE = 14;

/** The statement that finds a page of `m` in direction `dir`: $2 rows skipped, $3 taken. */
function markedPageSql(m: MarkedList, dir: Direction) {
  const by = (columns: string[]) => columns.map((c) => `${c} ${dir}`).join(", ");
  const lead = m.lead && { column: `"${m.lead.column}"`, value: `lead::"${m.lead.type}"` };
  const marks = `from "ListMark" where "workspaceId" = $1 and list = '${m.list}'`;
  // The fine ranges of a coarse one are those of its bucket shifted by this (as a range, which the index serves).
  const shift = COARSE - FINE;
  // The range (lead, bucket) of `ranges` that holds row $2, with `before`, the rows before it.
  const holding = (ranges: string, order: string[], start = "0") =>
    `select lead, bucket, before from (
       select lead, bucket, n, ${start} + sum(n) over (order by ${by(order)}) - n as before from ${ranges}) r
     where before <= $2::bigint and before + n > $2::bigint`;
  // The first id of the fine range in list order: its lowest going up, its highest going down.
  const first = dir === "asc" ? `(select bucket from t) << ${FINE}` : `((select bucket from t) + 1) << ${FINE}`;
  const from = dir === "asc" ? ">=" : "<";
  // Every row of the earlier leads, and of the range's lead from the range on (a row comparison the index serves).
  const walkFrom = lead
    ? `(${lead.column}, id) ${from} ((select ${lead.value} from t), ${first})`
    : `id ${from} ${first}`;
  return `with coarse as (
      select lead, bucket, sum(n) as n ${marks} and span = ${COARSE} group by lead, bucket
    ), c as (${holding("coarse", lead ? [lead.value, "bucket"] : ["bucket"])}
    ), fine as (
      select lead, bucket, sum(n) as n ${marks} and span = ${FINE} and lead = (select lead from c)
        and bucket >= (select bucket from c) << ${shift} and bucket < ((select bucket from c) + 1) << ${shift}
      group by lead, bucket
    ), t as (${holding("fine", ["bucket"], "(select before from c)")})
    select id from "${m.table}" where "workspaceId" = $1 and ${walkFrom}
    order by ${by(lead ? [lead.column, "id"] : ["id"])}
    offset $2::bigint - (select before from t)::bigint limit $3::bigint`;
}

/** Each list's statement per direction, built when first asked for. */
const statements = new Map<string, string>();

/**
 * For deferredPage: the ids of any page of the whole list `m` in its marked order, read from the counts and the rows
 * in one statement, so both are one snapshot and the page is exact under concurrent writers. `counted` is the tally
 * key that counts the rows asked for, if any: the marks serve them when it is the list's own ("findings": no filter,
 * no search) and `orderBy` is the lead, if any, then the id, in one direction. Undefined otherwise.
 */
export function markedJump<O extends Partial<Record<string, Direction>>>(
  sc: Pick<ServiceContext, "pool" | "workspaceId">,
  m: MarkedList,
  counted: TallyKey | undefined,
  orderBy: O[],
) {
  const columns = orderBy.flatMap((o) => Object.entries(o));
  const marked = [...(m.lead ? [m.lead.column] : []), "id"];
  const dir = columns[0]?.[1];
  if (counted !== m.list || !dir || columns.length !== marked.length) return undefined;
  if (columns.some(([c, d], i) => c !== marked[i] || d !== dir)) return undefined;
  const name = `marked-${m.list}-${dir}`;
  return (page: { skip: number; take: number }) => {
    if (!statements.has(name)) statements.set(name, markedPageSql(m, dir));
    return workspaceRows<{ id: number }>(sc, name, statements.get(name)!, [page.skip, page.take]);
  };
}
