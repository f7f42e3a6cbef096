// Template directories read into templates: every .yaml/.yml file, recursively.
// A checkout of the public nuclei-templates repository holds thousands, so
// each file is parsed once per process (cached by path, size and mtime) and
// the files that are refused are counted by reason, not listed one by one.
import { readdir, readFile, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkJqFilter } from "./jq.ts";
import { TemplateError, type Template } from "./model.ts";
import { parseTemplate } from "./parse.ts";

/** Our own templates, shipped with the package. */
// Not `new URL("../../templates/", import.meta.url)`: bundlers (the dashboard's) try to resolve that as a module.
export const BUILTIN_TEMPLATES_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "templates");

async function yamlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith(".")) out.push(...(await yamlFiles(path)));
    else if (entry.isFile() && /\.ya?ml$/i.test(entry.name)) out.push(path);
  }
  return out.sort();
}

export interface Refusal {
  file: string;
  /** Short reason to count by ("protocol code", "DSL function jarm", "oob"…). */
  code: string;
  message: string;
}

export interface LoadedTemplates {
  templates: Template[];
  /** Files that were refused (or directories that could not be read), and why. */
  errors: Refusal[];
  /** Files read in this call. */
  files: number;
  /** Files parsed now (not served from the cache). */
  parsed: number;
  ms: number;
}

type Parsed = { template: Template } | { error: Refusal };

const cache = new Map<string, { stamp: string; parsed: Parsed }>();
const jqChecked = new Map<string, Promise<string | null>>();

async function jqProblem(filter: string): Promise<string | null> {
  let p = jqChecked.get(filter);
  if (!p) {
    p = checkJqFilter(filter).then(
      () => null,
      (err: Error) => err.message,
    );
    jqChecked.set(filter, p);
  }
  return p;
}

async function parseFile(file: string, root: string): Promise<Parsed> {
  try {
    const t = parseTemplate(await readFile(file, "utf8"), file, { root });
    for (const r of t.requests)
      for (const e of r.operators.extractors)
        for (const f of e.json) {
          const problem = await jqProblem(f);
          if (problem) throw new TemplateError(`${file}: ${problem}`, "jq syntax");
        }
    return { template: t };
  } catch (err) {
    const code = err instanceof TemplateError ? err.code : "unreadable";
    return { error: { file, code, message: (err as Error).message } };
  }
}

/**
 * Reads every .yaml/.yml under the directories (recursively); a later directory's template replaces an earlier one with
 * the same id.
 */
export async function loadTemplates(dirs: string[]): Promise<LoadedTemplates> {
  const start = performance.now();
  const byId = new Map<string, Template>();
  const errors: Refusal[] = [];
  let files = 0;
  let parsed = 0;
  for (const dir of dirs) {
    let list: string[];
    try {
      list = await yamlFiles(dir);
    } catch (err) {
      errors.push({ file: dir, code: "directory", message: `cannot read the directory: ${(err as Error).message}` });
      continue;
    }
    files += list.length;
    for (const file of list) {
      let stamp: string;
      try {
        const s = await stat(file);
        stamp = `${s.size}:${s.mtimeMs}`;
      } catch {
        continue;
      }
      let entry = cache.get(file);
      if (entry?.stamp !== stamp) {
        entry = { stamp, parsed: await parseFile(file, dir) };
        cache.set(file, entry);
        parsed++;
      }
      if ("template" in entry.parsed) byId.set(entry.parsed.template.id, entry.parsed.template);
      else errors.push(entry.parsed.error);
    }
  }
  return { templates: [...byId.values()], errors, files, parsed, ms: Math.round(performance.now() - start) };
}

/** "1203 refused: 600 oob, 400 protocol code, …": refusals counted by reason, most common first. */
export function refusalSummary(errors: Refusal[], top = 12): string[] {
  const counts = new Map<string, { n: number; example: string }>();
  for (const e of errors) {
    const c = counts.get(e.code) ?? { n: 0, example: e.message };
    c.n++;
    counts.set(e.code, c);
  }
  const sorted = [...counts.entries()].sort((a, b) => b[1].n - a[1].n);
  const lines = sorted.slice(0, top).map(([code, c]) => `${c.n} × ${code} (e.g. ${c.example})`);
  const rest = sorted.slice(top).reduce((n, [, c]) => n + c.n, 0);
  if (rest) lines.push(`${rest} × other reasons`);
  return lines;
}
