// Template directories read into templates: every .yaml/.yml file, recursively,
// each parsed by parse.ts; a file that cannot be parsed is reported, not fatal.
import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseTemplate, type Template } from "./parse.ts";
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

export interface LoadedTemplates {
  templates: Template[];
  /** Files that were refused, and why. */
  errors: Array<{ file: string; message: string }>;
}

/**
 * Reads every .yaml/.yml under the directories (recursively); a later directory's template replaces an earlier one with
 * the same id.
 */
export async function loadTemplates(dirs: string[]): Promise<LoadedTemplates> {
  const byId = new Map<string, Template>();
  const errors: LoadedTemplates["errors"] = [];
  for (const dir of dirs) {
    let files: string[];
    try {
      files = await yamlFiles(dir);
    } catch (err) {
      errors.push({ file: dir, message: `cannot read the directory: ${(err as Error).message}` });
      continue;
    }
    for (const file of files) {
      try {
        const t = parseTemplate(await readFile(file, "utf8"), file);
        byId.set(t.id, t);
      } catch (err) {
        errors.push({ file, message: (err as Error).message });
      }
    }
  }
  return { templates: [...byId.values()], errors };
}
