// The three-fixture harness: every check of the catalogue is run against
// (a) each of its faithful stand-ins, where it must fire with its declared
// confidence (and severity and extracted values where the fixture says), (b)
// its clean twin, and (c) the decoys of its protocol family (a catch-all site
// answering 200 to everything and a soft-404 site, over HTTPS and HTTP; an
// echo server, a web server and a yes-man on a TCP port; a plain web server
// and a text service where TLS was expected; a domain that does not exist and
// a wildcard zone), where it must not. The catalogue itself refuses a check
// without its fixtures, so no check escapes.
//
// One file or category only: EMS_CHECKS_FILE=exposed-file/vcs.ts (or exposed-file) pnpm --filter @ems/scanners
// exec vitest run src/checks/harness.test.ts
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapLimit } from "../scan/evidence.ts";
import type { ScanFinding } from "../scan/types.ts";
import { catalogue } from "./catalogue.ts";
import { list, runAt, runDecoys, startHarness, type Harness } from "./fixtures/harness.ts";
import type { CheckDeclaration } from "./format/index.ts";

const only = process.env.EMS_CHECKS_FILE?.trim();
const all = catalogue();
const checks = all.all.filter((c) => !only || all.fileOf.get(c.kind)!.startsWith(only));

interface Outcome {
  vulnerable: ScanFinding[][];
  clean: ScanFinding[];
  decoys: Record<string, ScanFinding[]>;
}
const outcomes = new Map<string, Outcome>();
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness(checks);
  const decoys = await runDecoys(harness, checks);
  await mapLimit(checks, 16, async (c) => {
    const places = harness.placed.get(c.kind)!;
    outcomes.set(c.kind, {
      vulnerable: await Promise.all(places.vulnerable.map((p) => runAt(harness, c, p))),
      clean: await runAt(harness, c, places.clean),
      decoys: decoys.get(c.kind)!,
    });
  });
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

const mine = (c: CheckDeclaration, found: ScanFinding[]) => found.filter((f) => f.kind === c.kind);
const shown = (found: ScanFinding[]) => found.map((f) => `${f.kind}: ${f.evidence.matched}`).join("; ");

it("runs every check of the catalogue (or of EMS_CHECKS_FILE)", () => {
  expect(checks.length).toBeGreaterThan(0);
  if (!only) expect(checks.length).toBe(all.all.length);
  for (const c of checks) {
    expect(list<unknown>(c.fixtures.vulnerable).length, c.kind).toBeGreaterThan(0);
    expect(c.fixtures.clean, c.kind).toBeTruthy();
  }
});

for (const file of [...new Set(checks.map((c) => all.fileOf.get(c.kind)!))].sort()) {
  describe(file, () => {
    for (const c of checks.filter((x) => all.fileOf.get(x.kind) === file)) {
      it(`${c.kind}: fires on its stand-in, not on its clean twin nor the decoys`, () => {
        const o = outcomes.get(c.kind)!;
        list(c.fixtures.vulnerable).forEach((fixture, i) => {
          const hits = mine(c, o.vulnerable[i]!);
          expect(hits.length, `stand-in #${i + 1} found: ${shown(o.vulnerable[i]!) || "nothing"}`).toBeGreaterThan(0);
          const f = hits[0]!;
          expect(f.confidence, "confidence").toBe(c.confidence ?? "confirmed");
          const expected = (fixture as { expect?: { severity?: string; extracted?: Record<string, unknown> } }).expect;
          expect(f.severity, "severity").toBe(expected?.severity ?? c.severity);
          if (expected?.extracted) expect(f.evidence, "extracted values").toMatchObject(expected.extracted);
          expect(String(f.evidence.matched ?? ""), "matched").not.toBe("");
        });
        expect(shown(mine(c, o.clean)), "clean twin").toBe("");
        for (const [decoy, found] of Object.entries(o.decoys)) expect(shown(mine(c, found)), decoy).toBe("");
      });
    }
  });
}
