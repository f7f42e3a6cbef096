import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { cardLayout, DataTableCards, type DataTableCardsProps } from "./components/data-table-cards.tsx";
import type { DataTableColumn } from "./components/data-table.tsx";
import { plural } from "./plural.ts";
import { attr, render, tag, tags, text } from "./test-utils.ts";

interface Issue {
  id: number;
  title: string;
  severity: string;
  status: string;
  asset: string;
}

const columns: DataTableColumn<Issue>[] = [
  { key: "severity", header: "Severity", card: "badge", sortable: true },
  { key: "title", header: "Issue", sortable: true },
  { key: "asset", header: "Asset" },
  { key: "status", header: "Status", card: "badge" },
  { key: "id", header: "Id", card: "hidden" },
  { key: "actions", header: "", render: (i) => createElement("button", { type: "button" }, `Open ${i.id}`) },
];
const rows = [
  { id: 7, title: "Environment file (.env) exposed", severity: "critical", status: "open", asset: "shop.test" },
  { id: 8, title: "Self-signed TLS certificate", severity: "medium", status: "in-progress", asset: "lab.test" },
].map((r) => ({ id: String(r.id), original: r, selected: r.id === 8, canSelect: true, toggle: () => {} }));

function cards(overrides: Partial<DataTableCardsProps<Issue>> = {}) {
  return render(DataTableCards<Issue>, {
    columns,
    rows,
    cell: (c, r) => (c.render ? c.render(r) : String(r[c.key as keyof Issue])),
    label: "Issues",
    loading: false,
    ...overrides,
  });
}

describe("the phone layout of DataTable", () => {
  it("places columns: badges above the title, header: value lines, actions last, hidden ones left out", () => {
    const { title, badges, fields, actions } = cardLayout(columns);
    expect(title?.key).toBe("title");
    expect(badges.map((c) => c.key)).toEqual(["severity", "status"]);
    expect(fields.map((c) => c.key)).toEqual(["asset"]);
    expect(actions.map((c) => c.key)).toEqual(["actions"]);
    // Without a title column marked, the first column that is not a badge heads the card.
    expect(
      cardLayout(columns.map((c) => ({ ...c, card: c.key === "severity" ? ("badge" as const) : undefined }))).title
        ?.key,
    ).toBe("title");
    expect(
      cardLayout([
        { key: "a", header: "A" },
        { key: "b", header: "B", card: "title" as const },
      ]).title?.key,
    ).toBe("b");
  });

  it("renders one card per row in a named list, keeping the row's test id, key and selection", () => {
    const html = cards();
    expect(attr(tag(html, "<ul"), "aria-label")).toBe("Issues");
    const items = tags(html, 'data-testid="data-table-row"');
    expect(items.map((i) => attr(i, "data-row-key"))).toEqual(["7", "8"]);
    expect(items.every((i) => i.startsWith("<li"))).toBe(true);
    expect(attr(items[1]!, "data-state")).toBe("selected");
    expect(html).toContain("<dt");
    expect(html).toMatch(/<dt[^>]*>Asset<\/dt><dd[^>]*>shop\.test<\/dd>/);
    expect(html).not.toContain(">Id<"); // hidden
    expect(html).not.toMatch(/<dt[^>]*>Severity/); // a badge has no header line
    expect(text(html, 'data-row-key="7"')).toContain("Environment file (.env) exposed");
    expect(html).toContain("Open 7");
  });

  it("offers the sortable columns in a select instead of table headers", () => {
    const html = cards({ onSortChange: () => {}, sort: { key: "title", dir: "desc" } });
    const select = tag(html, 'data-testid="data-table-sort"');
    expect(select).toMatch(/^<select/);
    const options = tags(html, "<option").map((o) => attr(o, "value"));
    expect(options).toEqual(["severity:asc", "severity:desc", "title:asc", "title:desc"]);
    expect(html).toMatch(/<option value="title:desc" selected="">Issue \(descending\)<\/option>/);
    expect(tags(cards({ onSortChange: () => {} }), "<option")[0]).toContain('value=""');
  });

  it("has a select-all checkbox and a checkbox per card when rows can be selected", () => {
    const html = cards({
      selection: { all: "indeterminate", toggleAll: () => {} },
      selectLabel: (i) => `Select ${i.id}`,
    });
    expect(attr(tag(html, 'data-testid="data-table-select-all"'), "aria-label")).toBe("Select all rows on this page");
    expect(tags(html, 'data-testid="data-table-select"').map((t) => attr(t, "aria-label"))).toEqual([
      "Select 7",
      "Select 8",
    ]);
  });

  it("shows skeleton cards while loading and the empty state when there is nothing", () => {
    expect(tags(cards({ rows: [], loading: true }), 'data-testid="data-table-loading"')).toHaveLength(1);
    expect(text(cards({ rows: [] }), 'data-testid="empty-state"')).toContain("No results");
  });
});

describe("plural", () => {
  it("counts with the noun in the form the count takes", () => {
    expect(plural(0, "slot")).toBe("0 slots");
    expect(plural(1, "slot")).toBe("1 slot");
    expect(plural(2, "asset slot")).toBe("2 asset slots");
    expect(plural(1200, "asset")).toBe("1,200 assets");
    expect(plural(1, "person", "people")).toBe("1 person");
    expect(plural(3, "person", "people")).toBe("3 people");
  });
});
