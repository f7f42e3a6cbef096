// deferredPage: every page, read from the start or (past the middle of a long list) from the end in the reversed
// order, is the same slice of the list, with ties broken by id; past the end there is nothing.
import { describe, expect, it } from "vitest";
import { deferredPage } from "./db/deferred-page.ts";
import type { Direction } from "./list-query.ts";
import { ONE_QUERY_SKIP } from "./paging.ts";

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

describe("deferredPage with a one-query page", () => {
  // A list of ONE_QUERY_SKIP + 100 rows in id order, counting which query read each page.
  const size = ONE_QUERY_SKIP + 100;
  const range = (from: number, n: number) =>
    Array.from({ length: Math.max(0, Math.min(n, size - from)) }, (_, i) => i + from + 1);
  function counted() {
    const used = { page: 0, ids: 0 };
    return {
      used,
      list: {
        orderBy: [{ id: "asc" }] as Order[],
        ids: async ({ skip, take }: { skip: number; take: number }) => (
          used.ids++,
          range(skip, take).map((id) => ({ id }))
        ),
        rows: async (ids: number[]) => ids.map((id) => ({ id })),
        page: async ({ skip, take }: { skip: number; take: number }) => (
          used.page++,
          range(skip, take).map((id) => ({ id }))
        ),
        total: async () => size,
      },
    };
  }

  it("reads pages near the top in one query, deeper ones as ids then rows: the same rows either way", async () => {
    for (const [page, limit, oneQuery] of [
      [1, 50, true],
      [10, 50, true], // skip 450
      [11, 50, false], // skip 500: ONE_QUERY_SKIP
      [ONE_QUERY_SKIP / 10 + 1, 10, false],
      [ONE_QUERY_SKIP / 10, 10, true],
    ] as const) {
      const { used, list } = counted();
      const { rows, total } = await deferredPage({ services: { walkFromStart: 10_000 } }, { page, limit }, list);
      expect(total).toBe(size);
      expect(rows.map((r) => r.id)).toEqual(range((page - 1) * limit, limit));
      expect(used).toEqual(oneQuery ? { page: 1, ids: 0 } : { page: 0, ids: 1 });
    }
  });
});
