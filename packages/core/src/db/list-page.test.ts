// Every list declared with a tally counts its total from the keys its trigger keeps: a field the spec says is tallied
// that the trigger does not count would answer X-Total-Count from a key that is never written (0), and a field the
// trigger counts that the spec leaves out only costs a count(*). Read from the database's own trigger functions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@ems/db/testing";
// The whole router: every resource folder, so every list its services declare with defineList.
import "../router.ts";
import { LIST_SPECS } from "./list-page.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

/**
 * The fields the trigger function `name` makes tally keys of under `prefix` ('prefix.field.' || value), or, for keys
 * kept per value of `within`, under 'prefix.' || row."within" || '.field.' || value.
 */
async function triggerFields(name: string, prefix: string, within?: string) {
  const { rows } = await db.pool.query<{ def: string }>(`select pg_get_functiondef($1::regproc) as def`, [name]);
  const def = rows[0]!.def;
  const fieldKey = within ? `'\\.(\\w+)\\.'` : `'${prefix}\\.(\\w+)\\.'`;
  if (within) expect(def).toMatch(new RegExp(`'${prefix}\\.' \\|\\| \\w+\\."${within}" \\|\\| '\\.`));
  const keys = [...def.matchAll(new RegExp(fieldKey, "g"))].map((m) => m[1]!);
  return [...new Set(keys)].sort();
}

const tallied = [...LIST_SPECS].flatMap(([name, spec]) => (spec.tally ? [[name, spec.tally] as const] : []));

describe("the lists' tallied fields", () => {
  it("are read from a registry holding every list", () => {
    const lists = [
      "assessments",
      "assets",
      "audit",
      "deliveries",
      "findings",
      "hosts",
      "issues",
      "projects",
      "scans",
      "schedules",
    ];
    expect([...LIST_SPECS.keys()]).toEqual(expect.arrayContaining(lists));
  });

  it.each(tallied)("of %s are the fields its trigger counts", async (_name, tally) => {
    expect(await triggerFields(tally.keys, tally.prefix, tally.within)).toEqual([...tally.fields].sort());
  });
});
