import { describe, expect, it } from "vitest";
import { BarChart, barLength } from "./BarChart.tsx";
import { DonutChart, donutSegments } from "./DonutChart.tsx";
import { attr, render, tag, tags, text } from "./test-utils.ts";

const data = [
  { label: "Critical", value: 5 },
  { label: "High", value: 20 },
  { label: "Medium", value: 10 },
  { label: "Low", value: 0, color: "#1d4ed8" },
];

const bars = (html: string) => tags(html, 'data-testid="bar"');
const num = (tag: string, name: string) => Number(attr(tag, name));

describe("BarChart", () => {
  it("draws one bar per datum, as long as its value relative to the largest", () => {
    const html = render(BarChart, { data, title: "Open issues by severity" });
    const found = bars(html);
    expect(found.map((b) => attr(b, "data-label"))).toEqual(["Critical", "High", "Medium", "Low"]);
    const widths = found.map((b) => num(b, "width"));
    const full = 480 - 120 - 56; // width - labelWidth - room for the value
    expect(widths).toEqual([full / 4, full, full / 2, 0]);
    // Labels and values are drawn as text.
    expect(html).toContain(">Critical</text>");
    expect(html).toContain(">20</text>");
  });

  it("scales to max when given, and draws vertical bars by height", () => {
    const html = render(BarChart, { data, title: "t", orientation: "vertical", max: 40, height: 240 });
    const heights = bars(html).map((b) => num(b, "height"));
    const full = 240 - 22 - 18;
    expect(heights).toEqual([full / 8, full / 2, full / 4, 0]);
    // Bars stand on the same baseline.
    const bottoms = bars(html).map((b) => num(b, "y") + num(b, "height"));
    expect(new Set(bottoms).size).toBe(1);
  });

  it("uses the datum's color or the palette's bar color", () => {
    const found = bars(render(BarChart, { data, title: "t" }));
    expect(attr(found[0]!, "style")).toBe("fill:var(--ems-chart-bar)");
    expect(attr(found[3]!, "style")).toBe("fill:#1d4ed8");
  });

  it("is an image named by its title and described by its data", () => {
    const html = render(BarChart, { data, title: "Open issues by severity", formatValue: (v) => `${v} issues` });
    const svg = tag(html, "<svg");
    expect(attr(svg, "role")).toBe("img");
    const [titleId, descId] = attr(svg, "aria-labelledby")!.split(" ");
    expect(text(html, `id="${titleId}"`)).toBe("Open issues by severity");
    expect(text(html, `id="${descId}"`)).toBe("Critical: 5 issues, High: 20 issues, Medium: 10 issues, Low: 0 issues");
  });

  it("copes with no data, zeros and negatives", () => {
    expect(bars(render(BarChart, { data: [], title: "t" }))).toHaveLength(0);
    expect(barLength(0, 0, 300)).toBe(0);
    expect(barLength(-5, 10, 300)).toBe(0);
    expect(barLength(50, 10, 300)).toBe(300); // capped at the scale
  });
});

describe("DonutChart", () => {
  it("splits the ring by share and lists every datum in the legend", () => {
    const html = render(DonutChart, { data, title: "Issues" });
    // Zero-valued data get no arc but stay in the legend.
    expect(tags(html, 'data-testid="donut-segment"').map((s) => attr(s, "data-label"))).toEqual([
      "Critical",
      "High",
      "Medium",
    ]);
    expect(tags(html, 'data-testid="donut-legend-item"')).toHaveLength(4);
    expect(html).toContain('<span class="ems-legend__share">57%</span>'); // 20 of 35
    expect(html).toContain(">35</text>"); // the total in the hole
  });

  it("computes consecutive arcs that fill the circle", () => {
    const segments = donutSegments(data, 100);
    expect(segments.map((s) => Math.round(s.length * 100) / 100)).toEqual([14.29, 57.14, 28.57, 0]);
    expect(segments.map((s) => Math.round(s.offset * 100) / 100)).toEqual([0, 14.29, 71.43, 100]);
    expect(segments[3]!.color).toBe("#1d4ed8");
    expect(segments[0]!.color).toBe("var(--ems-chart-1)");
    expect(donutSegments([{ label: "a", value: 0 }], 100)[0]!.fraction).toBe(0);
  });
});
