// Crawl: same-origin links below the home pages the HTTP stage fetched
// (crawl.ts); directory listings and linked backups, dumps and dotfiles.
import { crawlBelowRoots, DEFAULT_CRAWL } from "../crawl.ts";
import { catalogueKinds } from "../focus.ts";
import { httpStageChecks } from "../http-scan.ts";
import { scanChecks } from "./checks.ts";
import type { Stage } from "./stage.ts";

export const crawlStage: Stage = {
  id: "crawl",
  scanner: "http",
  enabled: (s) => !s.disabled("http") && s.target.kind === "host" && (s.engine.crawl?.maxDepth ?? 1) > 0,
  produces: (kind) => catalogueKinds().crawl.has(kind),
  reads: ["ports", "http"],
  weight: () => 8,
  async run(ctx) {
    const { net, covers, engine, shared, signal, emit, progress, note, wants } = ctx;
    if (!shared.roots) return; // the HTTP stage did not run to the end: no home pages to start from
    const limits = { ...DEFAULT_CRAWL, ...engine.crawl };
    const checks = httpStageChecks().filter((c) => wants(c.kind));
    const check = { net, covers, signal, emit, onProgress: progress, checks, ...scanChecks(ctx) };
    const { pages } = await crawlBelowRoots(shared.roots, check, limits);
    note(`${pages} page${pages === 1 ? "" : "s"} fetched below the home pages`);
  },
};
