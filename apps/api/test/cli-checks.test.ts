// `pnpm -s ems checks list --json` as an operator runs it: a child process, no database needed; it prints the
// catalogue the scans run (docs/checks.md is generated from the same list).
import { describe, expect, it } from "vitest";
import { CATEGORIES, catalogueSummaries } from "@ems/scanners";
import { runCli } from "./processes.ts";

describe("pnpm ems checks list", () => {
  it("prints every check of the catalogue as JSON, in every category", async () => {
    const r = await runCli(["checks", "list", "--json"], {});
    expect(r.code, r.stderr).toBe(0);
    const listed = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(listed).toEqual(catalogueSummaries());
    expect(new Set(listed.map((c) => c.kind)).size).toBe(listed.length);
    expect(new Set(listed.map((c) => c.category))).toEqual(new Set(CATEGORIES));
    for (const c of listed) {
      expect(Object.keys(c).sort(), String(c.kind)).toEqual([
        "category",
        "confidence",
        "cves",
        "cvss",
        "cwe",
        "description",
        "kind",
        "protocol",
        "references",
        "remediation",
        "severity",
        "title",
      ]);
      expect((c.references as string[]).length, String(c.kind)).toBeGreaterThan(0);
      expect(c.cwe as string[], String(c.kind)).toEqual(expect.arrayContaining([expect.stringMatching(/^CWE-\d+$/)]));
    }
    expect(listed.find((c) => c.kind === "service.unauthenticated.redis")).toMatchObject({
      category: "unauthenticated-service",
      protocol: "tcp",
      severity: "critical",
      confidence: "confirmed",
    });
  });

  it("prints a table for people", async () => {
    const r = await runCli(["checks", "list"], {});
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${catalogueSummaries().length} checks\\n`));
    expect(r.stdout).toMatch(/^http\.exposed\.git\texposed-file\thigh\tconfirmed\thttp\tGit repository exposed$/m);
  });
});
