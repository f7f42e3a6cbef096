// The check catalogue (packages/scanners, checks/catalogue/): what the product
// looks for. It is the same for every workspace and small (hundreds of rows),
// so it is filtered, sorted and paged in memory.
import { catalogueSummaries, CATEGORIES, type CheckSummary } from "@ems/scanners";
import { SEVERITY_VALUES } from "../common-schemas.ts";
import { CHECK_SORT, type ListChecksInput } from "./checks.schemas.ts";

const rank = (s: CheckSummary["severity"]) => SEVERITY_VALUES.indexOf(s);

function compare(sort: keyof typeof CHECK_SORT): (a: CheckSummary, b: CheckSummary) => number {
  switch (sort) {
    case "severity":
      return (a, b) => rank(a.severity) - rank(b.severity);
    case "category":
      return (a, b) =>
        CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || rank(b.severity) - rank(a.severity);
    default:
      return (a, b) => a[sort].localeCompare(b[sort]);
  }
}

export function listChecks(i: ListChecksInput) {
  const q = i.q?.toLowerCase();
  const sort = i.sort ?? "category";
  const dir = (i.order ?? CHECK_SORT[sort].order) === "asc" ? 1 : -1;
  const by = compare(sort);
  const rows = catalogueSummaries()
    .filter(
      (c) =>
        (!i.category || c.category === i.category) &&
        (!i.protocol || c.protocol === i.protocol) &&
        (!i.severity || c.severity === i.severity) &&
        (!q || [c.kind, c.title, c.description].some((t) => t.toLowerCase().includes(q))),
    )
    // Ties are broken by kind, in the same direction, so pages never overlap.
    .sort((a, b) => dir * (by(a, b) || a.kind.localeCompare(b.kind)));
  return {
    items: rows.slice((i.page - 1) * i.limit, i.page * i.limit),
    total: rows.length,
    page: i.page,
    limit: i.limit,
  };
}

export function checksSummary() {
  const all = catalogueSummaries();
  return {
    total: all.length,
    categories: CATEGORIES.map((category) => ({ category, count: all.filter((c) => c.category === category).length })),
  };
}
