import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfidenceBadge, SeverityBadge } from "./components/badge.tsx";
import { StatusPill } from "./components/badge.tsx";
import { attr, render, tag, text } from "./test-utils.ts";
import { SEVERITIES, SEVERITY_COLORS } from "./tokens.ts";

describe("SeverityBadge", () => {
  it.each(SEVERITIES)("paints %s with its severity colour and white text", (severity) => {
    const badge = tag(render(SeverityBadge, { severity }), 'data-testid="severity-badge"');
    expect(attr(badge, "class")).toContain(`bg-severity-${severity} text-white`);
    expect(attr(badge, "data-severity")).toBe(severity);
  });

  it("uses the same colours in the theme's CSS variables as SEVERITY_COLORS (charts, reports)", () => {
    const css = readFileSync(new URL("./theme.css", import.meta.url), "utf8");
    for (const severity of SEVERITIES) expect(css).toContain(`--severity-${severity}: ${SEVERITY_COLORS[severity]};`);
  });

  it("labels with the capitalized severity, or a given label", () => {
    expect(text(render(SeverityBadge, { severity: "critical" }), "severity-badge")).toBe("Critical");
    expect(text(render(SeverityBadge, { severity: "info", label: "Informational" }), "severity-badge")).toBe(
      "Informational",
    );
  });

  it("has the agreed colors", () => {
    expect(SEVERITY_COLORS).toEqual({
      critical: "#7f1d1d",
      high: "#b91c1c",
      medium: "#b45309",
      low: "#1d4ed8",
      info: "#475569",
    });
  });
});

describe("StatusPill", () => {
  it("shows the status with its tone", () => {
    const html = render(StatusPill, { status: "verified", tone: "success" });
    const pill = tag(html, 'data-testid="status-pill"');
    expect(html).toContain('<span class="size-2 rounded-full bg-success" aria-hidden="true"></span>');
    expect(attr(pill, "data-tone")).toBe("success");
    expect(text(html, "status-pill")).toBe("verified");
    expect(attr(tag(render(StatusPill, { status: "pending" }), "status-pill"), "data-tone")).toBe("neutral");
  });
});

describe("ConfidenceBadge", () => {
  it("names the confidence, explains it on hover, and dashes the tentative", () => {
    const confirmed = tag(render(ConfidenceBadge, { confidence: "confirmed" }), 'data-testid="confidence-badge"');
    expect(attr(confirmed, "title")).toMatch(/^Confirmed: the exposure itself was seen/);
    expect(attr(confirmed, "class")).not.toContain("border-dashed");
    expect(text(render(ConfidenceBadge, { confidence: "firm" }), "confidence-badge")).toBe("firm");
    const tentative = tag(render(ConfidenceBadge, { confidence: "tentative" }), 'data-testid="confidence-badge"');
    expect(attr(tentative, "class")).toContain("border-dashed");
    expect(attr(tentative, "data-confidence")).toBe("tentative");
    expect(text(render(ConfidenceBadge, { confidence: "firm", label: "Firm" }), "confidence-badge")).toBe("Firm");
  });
});
