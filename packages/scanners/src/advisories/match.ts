// What a detected version means: the advisories whose range holds it and the
// release cycle's end of life, matched with semver ranges ("1.12.4", "7.2",
// "9.6p1" are coerced to x.y.z first).
import semver from "semver";
import { severityRank, type Severity } from "../scan/types.ts";
import type { Advisory, AdvisoryDataset, EolCycle } from "./dataset.ts";

export interface VersionVerdict {
  product: string;
  version: string;
  /** Affected advisories, most severe first. */
  advisories: Advisory[];
  /** The highest "fixed" among them (the version that fixes all), when they say. */
  fixedIn: string | null;
  /** The release cycle, when it has reached its end of life by `now`. */
  endOfLife: EolCycle | null;
}

const norm = (s: string) => s.trim().toLowerCase();

/** Null when the dataset knows nothing wrong with this version (or cannot read it). */
export function assessVersion(
  data: AdvisoryDataset,
  product: string,
  version: string,
  now: Date = new Date(),
): VersionVerdict | null {
  const entry = data.products.find((p) => norm(p.name) === norm(product));
  const v = semver.coerce(version, { loose: true });
  if (!entry || !v) return null;
  const advisories = (entry.advisories ?? [])
    .filter((a) => semver.satisfies(v, a.range, { loose: true }))
    .sort((a, b) => severityRank(b.severity as Severity) - severityRank(a.severity as Severity));
  const today = now.toISOString().slice(0, 10);
  const endOfLife =
    (entry.eol ?? []).find((c) => semver.satisfies(v, c.range, { loose: true }) && c.eol <= today) ?? null;
  if (!advisories.length && !endOfLife) return null;
  return { product: entry.name, version, advisories, fixedIn: highestFixed(advisories, v), endOfLife };
}

/**
 * Of the fixed versions listed ("3.4.1, 4.3.1"), the lowest one above `v` in each advisory, then the highest of those.
 */
function highestFixed(advisories: Advisory[], v: semver.SemVer): string | null {
  let best: { raw: string; sv: semver.SemVer } | null = null;
  for (const a of advisories) {
    const options = (a.fixed ?? "")
      .split(",")
      .map((raw) => ({ raw: raw.trim(), sv: semver.coerce(raw.trim()) }))
      .filter((x): x is { raw: string; sv: semver.SemVer } => !!x.sv && semver.gt(x.sv, v))
      .sort((x, y) => semver.compare(x.sv, y.sv));
    const mine = options[0];
    if (!mine) return null; // one of them names no fix above this version: no single answer
    if (!best || semver.gt(mine.sv, best.sv)) best = mine;
  }
  return best?.raw ?? null;
}
