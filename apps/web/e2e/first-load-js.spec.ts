// The first-load JavaScript budget (issue 13, docs/benchmarks.md): each route of the build these tests run against
// loads at most 250 kB of JavaScript (gzipped) before it is interactive. scripts/first-load-js.mjs reads the
// build's manifests, in a second or two.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "../scripts/first-load-js.mjs");

test("no route loads more than 250 kB of JavaScript, gzipped, before it is interactive", () => {
  const run = spawnSync(process.execPath, [script], { encoding: "utf8" });
  const sizes = new Map([...run.stdout.matchAll(/^\| (\S+) +\| +([\d.]+) kB \|$/gm)].map((m) => [m[1]!, Number(m[2])]));
  expect([...sizes.keys()]).toEqual(expect.arrayContaining(["/", "/assets/[id]", "/settings/api-keys", "/login"]));
  expect(
    [...sizes].filter(([, kb]) => kb > 250),
    run.stdout,
  ).toEqual([]);
  expect(run.status, run.stderr).toBe(0);
});
