// The benches that keep a section of docs/benchmarks.md replace only their own section (from its heading to the
// next "## "), and write the file as `pnpm lint` checks it: formatted by prettier, so a run leaves the docs clean.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { format, resolveConfig } from "prettier";
import { repoRoot } from "@ems/db/node";

/** Writes `section` (starting with `heading`) into docs/benchmarks.md; returns the file's path. */
export async function writeBenchmarkSection(heading: string, section: string): Promise<string> {
  const file = path.join(repoRoot, "docs", "benchmarks.md");
  const old = existsSync(file) ? await readFile(file, "utf8") : "# Benchmarks\n";
  // The result tables stay compact, as written: prettier would pad every row to the widest cell.
  const compact = section.replace(/(^|\n\n)\|/g, "$1<!-- prettier-ignore -->\n|");
  const start = old.indexOf(heading);
  const end = start < 0 ? -1 : old.indexOf("\n## ", start + 1);
  const updated =
    start < 0
      ? `${old.trimEnd()}\n\n${compact}`
      : old.slice(0, start) + compact + (end < 0 ? "" : "\n" + old.slice(end + 1));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, await format(updated, { ...(await resolveConfig(file)), filepath: file }));
  return file;
}
