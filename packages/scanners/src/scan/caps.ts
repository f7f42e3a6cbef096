// Caps that bite: every limit a scan applies that actually left something out
// (a stage's time limit, one port's or web endpoint's time limit, the crawl's
// page limit) is recorded on the result, so that "nothing found"
// and "not looked at" are told apart (issue 32). A cap that did not bite
// records nothing. The next scan of the asset starts with what the last one
// left out (ScanInput.pickUp), and the issues of what a cap left out are not
// resolved (capHides).
import type { ScanStage } from "./types.ts";

export type ScanCapName = "stage-time-limit" | "port-time-limit" | "crawl-pages";

/** What one cap left out: a count of `what`, and which ports or URLs where the stage knows them (at most 200). */
export interface ScanLeftOut {
  /** "open ports", "web endpoints", "ports to probe", "pages", "the rest of the stage". */
  what: string;
  /** How many were left out (absent: unknown, the rest of the stage). */
  count?: number;
  /** Out of how many. */
  of?: number;
  /** The ports left out (open ports whose checks did not all run; web endpoints' ports). */
  ports?: number[];
  /** The URLs left out (web endpoints' base URLs, pages not crawled). */
  urls?: string[];
}

export interface ScanCap {
  stage: ScanStage;
  cap: ScanCapName;
  /** The limit that bit, in `unit`. */
  limit: number;
  unit: "ms" | "pages";
  leftOut: ScanLeftOut;
  /** In words, for people: why and what was not looked at. */
  reason: string;
}

/** What a scan should look at first: what the asset's last scan left out. */
export interface ScanPickUp {
  ports?: number[];
  urls?: string[];
}

const MAX_ITEMS = 200;

/** The units of work a stage walks (its open ports, its web endpoints); if it is cut, those not done are left out. */
export class StageWork {
  private readonly pending: Set<number | string>;
  private finished = 0;

  constructor(
    readonly what: string,
    readonly items: readonly (number | string)[],
    /** The port of an item that is not itself a port (a web endpoint's base URL). */
    private readonly portOf: (item: number | string) => number | null = (i) => (typeof i === "number" ? i : null),
  ) {
    this.pending = new Set(items);
  }

  done(item: number | string): void {
    if (this.pending.delete(item)) this.finished++;
  }

  get doneCount(): number {
    return this.finished;
  }

  /** What is left, as a cap's leftOut (null: nothing). */
  leftOut(): ScanLeftOut | null {
    if (!this.pending.size) return null;
    const left = [...this.pending];
    const ports = left.map(this.portOf).filter((p): p is number => p !== null);
    const urls = left.filter((i): i is string => typeof i === "string");
    return {
      what: this.what,
      count: left.length,
      of: this.items.length,
      ...(ports.length ? { ports: ports.slice(0, MAX_ITEMS) } : {}),
      ...(urls.length ? { urls: urls.slice(0, MAX_ITEMS) } : {}),
    };
  }
}

const seconds = (ms: number) => (ms >= 10_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 1000).toFixed(1)} s`);

/** "8081, 9200, … (12 more)" */
export function listed(items: readonly (number | string)[], max = 10): string {
  const shown = items.slice(0, max).join(", ");
  return items.length > max ? `${shown}, … (${items.length - max} more)` : shown;
}

/** The cap of a stage stopped at its time limit. */
export function stageTimeCap(stage: ScanStage, limitMs: number, work: StageWork | null): ScanCap {
  const left = work?.leftOut() ?? { what: "the rest of the stage" };
  const items = left.urls ?? left.ports ?? [];
  const after =
    left.count !== undefined && left.of !== undefined
      ? ` after ${left.of - left.count} of ${left.of} ${left.what}`
      : "";
  return {
    stage,
    cap: "stage-time-limit",
    limit: limitMs,
    unit: "ms",
    leftOut: left,
    reason:
      `the ${stage} stage ran out of time (${seconds(limitMs)})${after}` +
      (items.length ? `; not looked at: ${listed(items)}` : ""),
  };
}

/** The cap of ports (or web endpoints) whose own time limit ended their checks. */
export function portTimeCap(
  stage: ScanStage,
  limitMs: number,
  what: string,
  ports: number[],
  urls?: string[],
): ScanCap {
  const sorted = [...ports].sort((a, b) => a - b);
  return {
    stage,
    cap: "port-time-limit",
    limit: limitMs,
    unit: "ms",
    leftOut: { what, count: sorted.length, ports: sorted, ...(urls?.length ? { urls } : {}) },
    reason: `the ${stage} stage's checks on ${what} ${listed(sorted)} did not finish within ${seconds(limitMs)} each`,
  };
}

/**
 * Whether a cap of `stage` may have hidden a finding on this port, so that its absence proves nothing: the cap names
 * the port among those it left out, or names no ports (the rest of the stage). `stage` is the stage that reports the
 * kind (core's scannerOfKind); the crawl's caps hide nothing the HTTP stage looked for itself.
 */
export function capHides(
  caps: readonly { stage: string; leftOut: Pick<ScanLeftOut, "ports"> }[],
  stage: string,
  port: number | null,
): boolean {
  return caps.some((c) => c.stage === stage && (!c.leftOut.ports || port === null || c.leftOut.ports.includes(port)));
}

/** What the next scan should start with: the ports and URLs these caps left out. */
export function pickUpFrom(caps: readonly Pick<ScanCap, "leftOut">[]): ScanPickUp {
  const ports = [...new Set(caps.flatMap((c) => c.leftOut.ports ?? []))];
  const urls = [...new Set(caps.flatMap((c) => c.leftOut.urls ?? []))];
  return { ...(ports.length ? { ports } : {}), ...(urls.length ? { urls } : {}) };
}

/** Items in their usual order, those the last scan left out first. */
export function pickedUpFirst<T>(items: readonly T[], isPickedUp: (item: T) => boolean): T[] {
  return [...items.filter(isPickedUp), ...items.filter((i) => !isPickedUp(i))];
}
