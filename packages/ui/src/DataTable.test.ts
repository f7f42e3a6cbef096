import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { DataTable, type DataTableProps } from "./components/data-table.tsx";
import { nextSort, pageInfo, rangeText } from "./paging.ts";
import { attr, render, tag, tags, text } from "./test-utils.ts";

interface Project {
  id: number;
  name: string;
  owner: string | null;
}

const rows: Project[] = [
  { id: 101, name: "Production", owner: "ana" },
  { id: 102, name: "Staging", owner: null },
];

function table(overrides: Partial<DataTableProps<Project>> = {}): string {
  return render(DataTable<Project>, {
    columns: [
      { key: "name", header: "Name", sortable: true },
      { key: "owner", header: "Owner" },
      { key: "id", header: "ID", sortable: true, render: (p) => createElement("code", null, `#${p.id}`) },
    ],
    rows,
    rowKey: (p) => p.id,
    total: 1234,
    page: 2,
    limit: 100,
    onPageChange: () => {},
    onSortChange: () => {},
    ...overrides,
  });
}

const isDisabled = (html: string, testId: string) =>
  attr(tag(html, `data-testid="${testId}"`), "disabled") !== undefined;

describe("paging arithmetic", () => {
  it("describes the rows shown", () => {
    expect(rangeText(1234, 2, 100)).toBe("Showing 101–200 of 1,234");
    expect(rangeText(1234, 1, 100)).toBe("Showing 1–100 of 1,234");
    expect(rangeText(1234, 13, 100)).toBe("Showing 1,201–1,234 of 1,234");
    expect(rangeText(5, 1, 25)).toBe("Showing 1–5 of 5");
    expect(rangeText(0, 1, 25)).toBe("0 results");
    // The API answers a page past the end with an empty array.
    expect(rangeText(1234, 20, 100)).toBe("Showing 0 of 1,234");
  });

  it("knows the ends", () => {
    expect(pageInfo(1234, 1, 100)).toEqual({ from: 1, to: 100, pageCount: 13, hasPrev: false, hasNext: true });
    expect(pageInfo(1234, 13, 100)).toMatchObject({ hasPrev: true, hasNext: false });
    expect(pageInfo(0, 1, 100)).toEqual({ from: 0, to: 0, pageCount: 1, hasPrev: false, hasNext: false });
    expect(pageInfo(200, 2, 100)).toMatchObject({ from: 101, to: 200, hasNext: false });
  });

  it("flips the sorted column and starts others ascending", () => {
    expect(nextSort(undefined, "name")).toEqual({ key: "name", dir: "asc" });
    expect(nextSort({ key: "name", dir: "asc" }, "name")).toEqual({ key: "name", dir: "desc" });
    expect(nextSort({ key: "name", dir: "desc" }, "name")).toEqual({ key: "name", dir: "asc" });
    expect(nextSort({ key: "name", dir: "desc" }, "id")).toEqual({ key: "id", dir: "asc" });
  });
});

describe("DataTable", () => {
  it("shows the range and the page, and enables both buttons mid-way", () => {
    const html = table();
    expect(text(html, 'data-testid="data-table-range"')).toBe("Showing 101–200 of 1,234");
    expect(text(html, 'data-testid="data-table-page"')).toBe("Page 2 of 13");
    expect(isDisabled(html, "data-table-prev")).toBe(false);
    expect(isDisabled(html, "data-table-next")).toBe(false);
    expect(attr(tag(html, 'data-testid="data-table-prev"'), "aria-label")).toBe("Previous page");
  });

  it("disables Previous on the first page and Next on the last", () => {
    const first = table({ page: 1 });
    expect(isDisabled(first, "data-table-prev")).toBe(true);
    expect(isDisabled(first, "data-table-next")).toBe(false);

    const last = table({ page: 13 });
    expect(text(last, 'data-testid="data-table-range"')).toBe("Showing 1,201–1,234 of 1,234");
    expect(isDisabled(last, "data-table-prev")).toBe(false);
    expect(isDisabled(last, "data-table-next")).toBe(true);

    const single = table({ page: 1, total: 2 });
    expect(isDisabled(single, "data-table-prev")).toBe(true);
    expect(isDisabled(single, "data-table-next")).toBe(true);
  });

  it("marks the sorted column with aria-sort and makes sortable headers buttons", () => {
    const html = table({ sort: { key: "name", dir: "desc" } });
    const th = (key: string) => tags(html, `data-column="${key}"`)[0]!; // the header comes first
    expect(th("name")).toMatch(/^<th /);
    expect(attr(th("name"), "aria-sort")).toBe("descending");
    expect(attr(th("id"), "aria-sort")).toBe("none");
    expect(attr(th("owner"), "aria-sort")).toBeUndefined(); // not sortable
    expect(tags(html, 'data-testid="sort-')).toHaveLength(2);
    expect(tag(html, 'data-testid="sort-name"')).toMatch(/^<button type="button"/);

    expect(attr(tags(table({ sort: { key: "id", dir: "asc" } }), 'data-column="id"')[0]!, "aria-sort")).toBe(
      "ascending",
    );
  });

  it("renders sortable headers as plain text without onSortChange", () => {
    const html = table({ onSortChange: undefined });
    expect(tags(html, 'data-testid="sort-')).toHaveLength(0);
    expect(tags(html, "aria-sort")).toHaveLength(0);
  });

  it("renders one row per item, with custom and default cells", () => {
    const html = table();
    const rowTags = tags(html, 'data-testid="data-table-row"');
    expect(rowTags.map((r) => attr(r, "data-row-key"))).toEqual(["101", "102"]);
    expect(html).toContain("<code>#101</code>");
    expect(html).toMatch(/<td data-column="owner"[^>]*>—<\/td>/); // null owner
    expect(tags(html, 'data-testid="empty-state"')).toHaveLength(0);
  });

  it("shows a Date in a default cell as its ISO string", () => {
    const html = render(DataTable<{ id: number; at: Date }>, {
      columns: [{ key: "at", header: "At" }],
      rows: [{ id: 1, at: new Date("2026-11-23T10:00:00Z") }],
      rowKey: (r) => r.id,
      total: 1,
      page: 1,
      limit: 10,
      onPageChange: () => {},
    });
    expect(html).toMatch(/<td data-column="at"[^>]*>2026-11-23T10:00:00.000Z<\/td>/);
  });

  it("shows the default empty state when there are no rows", () => {
    const html = table({ rows: [], total: 0, page: 1 });
    expect(tags(html, 'data-testid="data-table-row"')).toHaveLength(0);
    expect(text(html, 'data-testid="empty-state"')).toContain("No results");
    expect(attr(tags(html, "<td")[0]!, "colspan")).toBe("3"); // spans every column
    expect(text(html, 'data-testid="data-table-range"')).toBe("0 results");
    expect(isDisabled(html, "data-table-prev")).toBe(true);
    expect(isDisabled(html, "data-table-next")).toBe(true);
  });

  it("shows a custom empty node, and a loading row instead while loading", () => {
    const custom = table({
      rows: [],
      total: 0,
      page: 1,
      empty: createElement("p", { "data-testid": "no-projects" }, "No projects yet"),
    });
    expect(text(custom, 'data-testid="no-projects"')).toBe("No projects yet");
    expect(tags(custom, 'data-testid="empty-state"')).toHaveLength(0);

    const loading = table({ rows: [], total: 0, page: 1, loading: true });
    expect(tags(loading, 'data-testid="data-table-loading"')).toHaveLength(1);
    expect(tags(loading, 'data-testid="empty-state"')).toHaveLength(0);
    expect(attr(tag(loading, "<table"), "aria-busy")).toBe("true");
  });

  it("offers page sizes only with onLimitChange, and makes rows focusable only with onRowClick", () => {
    expect(tags(table({ limitOptions: [25, 50, 100] }), "data-table-limit")).toHaveLength(0);
    const html = table({
      limitOptions: [25, 50],
      onLimitChange: () => {},
      onRowClick: () => {},
      toolbar: "filters",
      label: "Projects",
    });
    // The current limit stays selectable even when not among the options.
    expect(tags(html, "<option").map((o) => attr(o, "value"))).toEqual(["25", "50", "100"]);
    expect(tags(html, 'data-testid="data-table-row"').every((r) => attr(r, "tabindex") === "0")).toBe(true);
    expect(text(html, 'data-testid="data-table-toolbar"')).toBe("filters");
    expect(attr(tag(html, "<table"), "aria-label")).toBe("Projects");
    // Without onRowClick rows are not tab stops; only the scroll region is (so it scrolls from the keyboard).
    const plain = table();
    expect(tags(plain, 'data-testid="data-table-row"').some((r) => attr(r, "tabindex") !== undefined)).toBe(false);
    expect(tags(plain, "tabindex")).toHaveLength(1);
    expect(attr(tag(plain, 'role="region"'), "tabindex")).toBe("0");
  });

  it("adds a checkbox column with selection: checked rows, a page checkbox, rows that may not be selected", () => {
    const html = table({
      rowSelection: { "102": true },
      onRowSelectionChange: () => {},
      canSelectRow: (p) => p.owner === null,
      selectLabel: (p) => `Select ${p.name}`,
    });
    const boxes = tags(html, 'data-testid="data-table-select"');
    expect(boxes.map((b) => attr(b, "aria-label"))).toEqual(["Select Production", "Select Staging"]);
    expect(boxes.map((b) => attr(b, "aria-checked"))).toEqual(["false", "true"]);
    expect(boxes.map((b) => attr(b, "disabled") !== undefined)).toEqual([true, false]);
    // Every row that may be selected is: the page counts as selected.
    expect(attr(tag(html, 'data-testid="data-table-select-all"'), "aria-checked")).toBe("true");
    const some = table({ rowSelection: { "101": true }, onRowSelectionChange: () => {} });
    expect(attr(tag(some, 'data-testid="data-table-select-all"'), "aria-checked")).toBe("mixed");
    expect(text(html, 'data-testid="data-table-range"')).toBe("1 selected · Showing 101–200 of 1,234");
    expect(tags(table(), "data-table-select")).toHaveLength(0);
  });

  it("offers a column menu only when more than three columns can be hidden", () => {
    expect(tags(table(), "data-table-columns")).toHaveLength(0);
    const many = table({
      columns: ["a", "b", "c", "d"].map((key) => ({ key, header: key.toUpperCase() })),
    });
    expect(tags(many, 'data-testid="data-table-columns"')).toHaveLength(1);
    const headerless = table({
      columns: [...["a", "b", "c"].map((key) => ({ key, header: key })), { key: "actions", header: "" }],
    });
    expect(tags(headerless, "data-table-columns")).toHaveLength(0);
  });
});
