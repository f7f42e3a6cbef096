// The advisory dataset: end-of-life dates and known-vulnerable version ranges
// of the products the technology detector names. Bundled in
// packages/scanners/data/advisories.json; an operator replaces it with
// `pnpm ems advisories import <file>`, which validates the file and stores it
// in <EMS_DATA_DIR>/advisories/advisories.json, read instead of the bundled
// one from the next scan on. Nothing here touches the network.
import { readFileSync, renameSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { z } from "zod";
import { parseJsonDataset } from "../json-dataset.ts";

const range = z.string().refine((r) => semver.validRange(r) !== null, 'is not a semver range (e.g. ">=1.2.0 <3.5.0")');
const day = z.iso.date();

const advisory = z.object({
  id: z.string().regex(/^(CVE-\d{4}-\d{4,}|GHSA(-[23456789cfghjmpqrvwx]{4}){3})$/, "must be a CVE or GHSA id"),
  range,
  fixed: z.string().min(1).optional(),
  severity: z.enum(["low", "medium", "high", "critical"]),
  summary: z.string().min(1).max(500),
  source: z.url(),
});

const eol = z.object({
  cycle: z.string().min(1),
  range,
  eol: day,
  source: z.url(),
});

export const advisoryDatasetSchema = z.object({
  version: z.string().min(1),
  generatedAt: z.iso.datetime(),
  note: z.string().optional(),
  products: z
    .array(
      z.object({
        /** As the technology detector names it ("jQuery", "Apache HTTP Server"). */
        name: z.string().min(1),
        eol: z.array(eol).optional(),
        advisories: z.array(advisory).optional(),
      }),
    )
    .min(1),
});

export type AdvisoryDataset = z.infer<typeof advisoryDatasetSchema>;
export type Advisory = z.infer<typeof advisory>;
export type EolCycle = z.infer<typeof eol>;

// Paths from this file's directory, not `new URL(…, import.meta.url)`: bundlers (the dashboard's) rewrite that.
const here = () => path.dirname(fileURLToPath(import.meta.url));
export const bundledAdvisoriesFile = () => path.join(here(), "..", "..", "data", "advisories.json");
const FILE = "advisories.json";

/** A file that is not a valid dataset; the message names the field. */
export class AdvisoryDatasetError extends Error {}

/** Parses and validates a dataset; throws an AdvisoryDatasetError naming the first bad field. */
export const parseAdvisoryDataset = (text: string, where = "the file"): AdvisoryDataset =>
  parseJsonDataset(text, advisoryDatasetSchema, where, (m) => new AdvisoryDatasetError(m));

/** The directory the operator's dataset lives in: <EMS_DATA_DIR or <repo>/.data>/advisories. */
export function advisoriesDirFromEnv(env: Record<string, string | undefined> = process.env): string {
  const repo = path.resolve(here(), "..", "..", "..", "..");
  return path.join(path.resolve(env.EMS_DATA_DIR ?? path.join(repo, ".data")), "advisories");
}

let cache: { file: string; mtimeMs: number; data: AdvisoryDataset } | null = null;

/** The operator's dataset in `dir` when there is one, else the bundled one; re-read when the file changes. */
export function loadAdvisories(dir: string = advisoriesDirFromEnv()): AdvisoryDataset {
  let file = path.join(dir, FILE);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    file = bundledAdvisoriesFile();
    mtimeMs = statSync(file).mtimeMs;
  }
  if (cache?.file !== file || cache.mtimeMs !== mtimeMs) {
    cache = { file, mtimeMs, data: parseAdvisoryDataset(readFileSync(file, "utf8"), file) };
  }
  return cache.data;
}

/**
 * Validates `source` and stores it as the dataset in `dir` (written to a temporary file, then renamed, so a scan
 * never reads half a file); a bad file throws and changes nothing.
 */
export function importAdvisories(source: string, dir: string = advisoriesDirFromEnv()) {
  let text: string;
  try {
    text = readFileSync(source, "utf8");
  } catch (err) {
    throw new AdvisoryDatasetError(`cannot read ${source}: ${(err as Error).message}`);
  }
  const data = parseAdvisoryDataset(text, source);
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, FILE);
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(data, null, 2) + "\n");
  renameSync(temp, target);
  const count = (k: "eol" | "advisories") => data.products.reduce((n, p) => n + (p[k]?.length ?? 0), 0);
  return {
    file: target,
    version: data.version,
    generatedAt: data.generatedAt,
    products: data.products.length,
    advisories: count("advisories"),
    eolCycles: count("eol"),
  };
}
