// `pnpm ems advisories import <file>` as an operator runs it: a child process,
// no database needed; the dataset lands under EMS_DATA_DIR where scans read it.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advisoriesDirFromEnv, assessVersion, loadAdvisories } from "@ems/scanners";
import { runCli } from "./processes.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ems-cli-advisories-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const dataset = (range: string) => ({
  version: "2027.02.01",
  generatedAt: "2027-02-01T08:00:00Z",
  products: [
    {
      name: "nginx",
      advisories: [
        {
          id: "CVE-2099-0001",
          range,
          fixed: "9.9.9",
          severity: "high",
          summary: "A test advisory",
          source: "https://example.org/advisory",
        },
      ],
    },
  ],
});

describe("pnpm ems advisories import", () => {
  it("imports a good file, which scans then read instead of the bundled dataset", async () => {
    const file = path.join(dir, "good.json");
    await writeFile(file, JSON.stringify(dataset(">=1.0.0 <9.9.9")));
    const r = await runCli(["advisories", "import", file, "--json"], { EMS_DATA_DIR: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ version: "2027.02.01", products: 1, advisories: 1, eolCycles: 0 });
    const store = advisoriesDirFromEnv({ EMS_DATA_DIR: dir });
    expect(assessVersion(loadAdvisories(store), "nginx", "1.22.1")?.advisories.map((a) => a.id)).toEqual([
      "CVE-2099-0001",
    ]);
  });

  it("refuses a bad file with the field named, exit 1, and keeps the stored dataset", async () => {
    const stored = path.join(advisoriesDirFromEnv({ EMS_DATA_DIR: dir }), "advisories.json");
    const before = await readFile(stored, "utf8");
    const file = path.join(dir, "bad.json");
    await writeFile(file, JSON.stringify(dataset("soon")));
    const r = await runCli(["advisories", "import", file], { EMS_DATA_DIR: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*bad\.json: products\.0\.advisories\.0\.range: is not a semver range/m);
    expect(await readFile(stored, "utf8")).toBe(before);
  });
});
