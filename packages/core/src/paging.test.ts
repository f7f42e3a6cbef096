// deferredPage: every page, read from the start or (past the middle of a long list) from the end in the reversed
// order, is the same slice of the list, with ties broken by id; past the end there is nothing.
import { describe, expect, it } from "vitest";
import { deferredPage } from "./db/deferred-page.ts";
import type { Direction } from "./list-query.ts";

interface Row {
  id: number;
  group: number;
}
type Order = Partial<Record<"group" | "id", Direction>>;

/** 53 rows whose `group` repeats (ties), kept in the order the ids query sees them. */
const table: Row[] = Array.from({ length: 53 }, (_, i) => ({ id: i + 1, group: (i * 7) % 5 }));

function sortBy(orderBy: Order[]) {
  return [...table].sort((a, b) => {
    for (const o of orderBy) {
      for (const [field, dir] of Object.entries(o) as ["group" | "id", Direction][]) {
        if (a[field] !== b[field]) return (a[field] - b[field]) * (dir === "asc" ? 1 : -1);
      }
    }
    return 0;
  });
}

function list(orderBy: Order[], walks: { skip: number; reversed: boolean }[]) {
  return {
    orderBy,
    ids: async (page: { skip: number; take: number; orderBy: Order[] }) => {
      walks.push({ skip: page.skip, reversed: JSON.stringify(page.orderBy) !== JSON.stringify(orderBy) });
      return sortBy(page.orderBy).slice(page.skip, page.skip + page.take);
    },
    rows: async (ids: number[]) => table.filter((r) => ids.includes(r.id)).reverse(), // any order: the page reorders
    total: async () => table.length,
  };
}

describe("deferredPage", () => {
  for (const orderBy of [
    [{ id: "desc" }],
    [{ group: "asc" }, { id: "asc" }],
    [{ group: "desc" }, { id: "desc" }],
  ] as Order[][]) {
    it(`pages of every size give the list in order, from either end (${JSON.stringify(orderBy)})`, async () => {
      const expected = sortBy(orderBy).map((r) => r.id);
      for (const limit of [1, 4, 10, 53, 60]) {
        for (const walkFromStart of [0, 1_000]) {
          const walks: { skip: number; reversed: boolean }[] = [];
          for (let page = 1; page <= Math.ceil(53 / limit) + 1; page++) {
            const { rows, total } = await deferredPage(
              { services: { walkFromStart } },
              { page, limit },
              list(orderBy, walks),
            );
            expect(total).toBe(53);
            expect(rows.map((r) => r.id)).toEqual(expected.slice((page - 1) * limit, page * limit));
          }
          // No walk longer than half the list when deep pages may read from the end; from the start otherwise.
          if (walkFromStart === 0) expect(Math.max(...walks.map((w) => w.skip))).toBeLessThanOrEqual(27);
          else expect(walks.every((w) => !w.reversed)).toBe(true);
          if (walkFromStart === 0 && limit < 53) expect(walks.some((w) => w.reversed)).toBe(true);
        }
      }
    });
  }
});
