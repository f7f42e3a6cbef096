// Every list declared with a tally counts its total from the keys its trigger keeps: a field the spec says is tallied
// that the trigger does not count would answer X-Total-Count from a key that is never written (0), and a field the
// trigger counts that the spec leaves out only costs a count(*). Read from the database's own trigger functions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@ems/db/testing";
import { ASSET_LIST } from "../assets/assets.service.ts";
import { HOST_LIST } from "../discovery/discovery.service.ts";
import { FINDING_LIST } from "../findings/findings.service.ts";
import { ISSUE_LIST } from "../issues/issues.service.ts";
import { SCAN_LIST } from "../scans/scans.service.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

/** The fields the trigger function `name` makes tally keys of under `prefix` ('prefix.field.' || value). */
async function triggerFields(name: string, prefix: string) {
  const { rows } = await db.pool.query<{ def: string }>(`select pg_get_functiondef($1::regproc) as def`, [name]);
  const keys = [...rows[0]!.def.matchAll(new RegExp(`'${prefix}\\.(\\w+)\\.'`, "g"))].map((m) => m[1]!);
  return [...new Set(keys)].sort();
}

describe("the lists' tallied fields", () => {
  it.each([
    ["tally_keys_scan", SCAN_LIST.tally],
    ["tally_keys_finding", FINDING_LIST.tally],
    ["tally_keys_asset", ASSET_LIST.tally],
    ["tally_keys_host", HOST_LIST.tally],
    ["tally_keys_issue", ISSUE_LIST.tally],
  ])("are the fields %s counts", async (fn, tally) => {
    expect(tally).toBeDefined();
    expect(await triggerFields(fn, tally!.prefix)).toEqual([...tally!.fields].sort());
  });
});
