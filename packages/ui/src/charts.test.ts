import { describe, expect, it } from "vitest";
import { describeData, paletteColor } from "./chart.ts";
import { BarChart, DonutChart, TrendChart } from "./components/charts.tsx";
import { attr, render, tag } from "./test-utils.ts";

const data = [
  { label: "Critical", value: 5 },
  { label: "High", value: 1200 },
  { label: "Low", value: 0, color: "#1d4ed8" },
];

describe("chart helpers", () => {
  it("puts the data in words, formatted", () => {
    expect(describeData(data, (n) => `${n}!`)).toBe("Critical: 5!, High: 1200!, Low: 0!");
    expect(describeData([], String)).toBe("No data");
  });

  it("cycles through eight palette colours", () => {
    expect(paletteColor(0)).toBe("var(--chart-1)");
    expect(paletteColor(9)).toBe("var(--chart-2)");
  });
});

describe("charts", () => {
  it("are one image named by the title and the data in words, the drawing hidden from screen readers", () => {
    const html = render(BarChart, { data, title: "Open issues", "data-testid": "bars" });
    const figure = tag(html, 'data-testid="bars"');
    expect(attr(figure, "role")).toBe("img");
    expect(attr(figure, "aria-label")).toBe("Open issues: Critical: 5, High: 1,200, Low: 0");
    expect(html).toContain('<div aria-hidden="true">');
  });

  it("show a donut's total in the hole and list every datum in the legend", () => {
    const html = render(DonutChart, { data, title: "By severity", centerCaption: "open" });
    expect(html).toContain(">1,205</span>");
    expect(html).toContain(">open</span>");
    for (const d of data) expect(html).toContain(`<span>${d.label}</span>`);
    expect(html).toContain("background:#1d4ed8");
  });

  it("describe a trend by each series' total", () => {
    const html = render(TrendChart, {
      title: "Issues",
      data: [
        { label: "11-01", opened: 3, resolved: 1 },
        { label: "11-02", opened: 2, resolved: 4 },
      ],
      series: [
        { key: "opened", label: "Opened" },
        { key: "resolved", label: "Resolved" },
      ],
    });
    expect(attr(tag(html, 'role="img"'), "aria-label")).toBe("Issues: Opened 5 in total, Resolved 5 in total");
  });

  it("describe a stock (a level per day, stacked) by each series' latest value", () => {
    const html = render(TrendChart, {
      title: "Open issues",
      kind: "stock",
      data: [
        { label: "11-01", critical: 3, high: 1 },
        { label: "11-02", critical: 2, high: 4 },
      ],
      series: [
        { key: "critical", label: "Critical" },
        { key: "high", label: "High" },
      ],
    });
    expect(attr(tag(html, 'role="img"'), "aria-label")).toBe("Open issues: Critical 2 now, High 4 now");
  });
});
