// Test helpers: the fixture templates of ./fixtures, read as an operator's
// files would be (some name a port that the test's server replaces).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Template } from "./model.ts";
import { parseTemplate } from "./parse.ts";

export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), "fixtures");

/** Parses fixtures/<name>.yaml, replacing the texts given (a port the test server got) first. */
export function fixture(name: string, replace: Record<string, string> = {}): Template {
  const file = join(FIXTURES_DIR, `${name}.yaml`);
  let text = readFileSync(file, "utf8");
  for (const [from, to] of Object.entries(replace)) text = text.split(from).join(to);
  return parseTemplate(text, file, { root: FIXTURES_DIR });
}
