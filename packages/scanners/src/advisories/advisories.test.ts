import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdvisoryDatasetError, bundledAdvisoriesFile, importAdvisories, loadAdvisories } from "./dataset.ts";
import { versionFindings } from "./findings.ts";
import { assessVersion } from "./match.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "ems-advisories-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const NOW = new Date("2026-11-23T12:00:00Z");
const bundled = () => loadAdvisories(path.join(dir, "none"));

describe("the bundled dataset", () => {
  it("is valid and versioned", () => {
    const d = bundled();
    expect(d.version).toMatch(/^\d{4}\.\d{2}\.\d{2}$/);
    expect(d.generatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(d.products.map((p) => p.name)).toEqual(
      expect.arrayContaining(["jQuery", "PHP", "nginx", "Apache HTTP Server", "OpenSSH", "WordPress", "Bootstrap"]),
    );
  });

  it("names jQuery 1.12.4's advisories, the worst first, and the version that fixes them all", () => {
    const v = assessVersion(bundled(), "jquery", "1.12.4", NOW)!;
    expect(v.advisories.map((a) => a.id).sort()).toEqual([
      "CVE-2015-9251",
      "CVE-2019-11358",
      "CVE-2020-11022",
      "CVE-2020-11023",
    ]);
    expect(v.fixedIn).toBe("3.5.0");
    expect(v.endOfLife).toBeNull();
    const [f] = versionFindings(v, "jquery", { url: "https://x.test/", matched: "jquery-1.12.4.min.js" }, bundled());
    expect(f).toMatchObject({ kind: "tech.jquery.vulnerable", severity: "medium" });
    expect(f!.title).toMatch(/^jQuery 1\.12\.4 is affected by CVE-\d{4}-\d+ and 3 more; fixed in 3\.5\.0$/);
  });

  it("matches range edges exactly", () => {
    const ids = (product: string, version: string) =>
      assessVersion(bundled(), product, version, NOW)
        ?.advisories.map((a) => a.id)
        .sort() ?? [];
    expect(ids("jQuery", "3.4.1")).toEqual(["CVE-2020-11022", "CVE-2020-11023"]);
    expect(ids("jQuery", "3.5.0")).toEqual([]);
    expect(ids("Apache HTTP Server", "2.4.49")).toEqual([
      "CVE-2021-41773",
      "CVE-2021-42013",
      "CVE-2021-44790",
      "CVE-2023-25690",
    ]);
    expect(ids("Apache HTTP Server", "2.4.50")).toEqual(["CVE-2021-42013", "CVE-2021-44790", "CVE-2023-25690"]);
    expect(ids("Apache HTTP Server", "2.4.57")).toEqual([]);
    expect(ids("nginx", "1.22.1")).toEqual([]);
    expect(ids("nginx", "1.22.0")).toEqual(["CVE-2022-41741"]);
    expect(ids("OpenSSH", "9.6p1")).toEqual(["CVE-2024-6387"]);
    expect(ids("OpenSSH", "8.4p1")).toEqual(["CVE-2023-48795"]);
    expect(ids("OpenSSH", "4.3p2")).toEqual(["CVE-2023-48795", "CVE-2024-6387"]); // regreSSHion's old range too
    expect(ids("Drupal", "8.4.5")).toEqual(["CVE-2018-7600"]);
    expect(ids("Drupal", "8.4.6")).toEqual([]);
    expect(assessVersion(bundled(), "Bootstrap", "4.2.0", NOW)!.fixedIn).toBe("4.3.1");
    expect(assessVersion(bundled(), "Unknown Product", "1.0", NOW)).toBeNull();
    expect(assessVersion(bundled(), "jQuery", "not a version", NOW)).toBeNull();
  });

  it("says when a release line reached its end of life, and not before", () => {
    const php = assessVersion(bundled(), "PHP", "7.2", NOW)!;
    expect(php.endOfLife).toMatchObject({ cycle: "7.2", eol: "2020-11-30" });
    const [f] = versionFindings(php, "php", { url: "https://x.test/", matched: "x-powered-by: PHP/7.2" }, bundled());
    expect(f).toMatchObject({ kind: "tech.php.end-of-life", severity: "medium" });
    expect(f!.title).toBe("PHP 7.2 reached end of life on 2020-11-30");
    expect(assessVersion(bundled(), "PHP", "8.1.2", new Date("2025-12-30T00:00:00Z"))).toBeNull();
    expect(assessVersion(bundled(), "PHP", "8.1.2", new Date("2025-12-31T00:00:00Z"))?.endOfLife?.cycle).toBe("8.1");
    expect(assessVersion(bundled(), "PHP", "8.3.1", NOW)).toBeNull();
  });
});

describe("importAdvisories (what `pnpm ems advisories import` runs)", () => {
  const good = {
    version: "2027.01.01",
    generatedAt: "2027-01-01T00:00:00Z",
    products: [
      {
        name: "jQuery",
        advisories: [
          {
            id: "CVE-2020-11022",
            range: ">=1.2.0 <3.5.0",
            fixed: "3.5.0",
            severity: "medium",
            summary: "XSS",
            source: "https://nvd.nist.gov/vuln/detail/CVE-2020-11022",
          },
        ],
      },
    ],
  };

  it("stores a good file where the engine reads it, instead of the bundled one", async () => {
    const store = path.join(dir, "store-good");
    const file = path.join(dir, "good.json");
    await writeFile(file, JSON.stringify(good));
    expect(importAdvisories(file, store)).toMatchObject({ version: "2027.01.01", products: 1, advisories: 1 });
    expect(loadAdvisories(store).version).toBe("2027.01.01");
    expect(assessVersion(loadAdvisories(store), "PHP", "7.2", NOW)).toBeNull(); // the bundled PHP data is replaced
  });

  it("refuses a bad file with the field named, and changes nothing", async () => {
    const store = path.join(dir, "store-bad");
    const file = path.join(dir, "good-first.json");
    await writeFile(file, JSON.stringify(good));
    importAdvisories(file, store);
    const before = await readFile(path.join(store, "advisories.json"), "utf8");
    const cases: Array<[unknown, RegExp]> = [
      [{ ...good, generatedAt: "yesterday" }, /generatedAt: /],
      [
        { ...good, products: [{ name: "x", advisories: [{ ...good.products[0]!.advisories[0], range: "1.2.x.y" }] }] },
        /products\.0\.advisories\.0\.range: is not a semver range/,
      ],
      [
        {
          ...good,
          products: [{ name: "x", eol: [{ cycle: "1", range: "<2", eol: "2020-13-45", source: "https://a.b" }] }],
        },
        /products\.0\.eol\.0\.eol/,
      ],
      [
        { ...good, products: [{ name: "x", advisories: [{ ...good.products[0]!.advisories[0], id: "BUG-1" }] }] },
        /products\.0\.advisories\.0\.id: must be a CVE or GHSA id/,
      ],
    ];
    for (const [content, message] of cases) {
      const bad = path.join(dir, "bad.json");
      await writeFile(bad, JSON.stringify(content));
      expect(() => importAdvisories(bad, store)).toThrow(message);
      expect(() => importAdvisories(bad, store)).toThrow(AdvisoryDatasetError);
    }
    await writeFile(path.join(dir, "broken.json"), "{ not json");
    expect(() => importAdvisories(path.join(dir, "broken.json"), store)).toThrow(/is not JSON/);
    expect(() => importAdvisories(path.join(dir, "missing.json"), store)).toThrow(/cannot read/);
    expect(await readFile(path.join(store, "advisories.json"), "utf8")).toBe(before);
    expect(bundledAdvisoriesFile()).toMatch(/packages\/scanners\/data\/advisories\.json$/);
  });
});
