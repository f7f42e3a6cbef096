// Crawl: same-origin links below the home pages the HTTP stage fetched
// (crawl.ts); directory listings and linked backups, dumps and dotfiles. The
// page limit, when it bites, is a cap (the links not fetched; the next scan
// fetches them first); links past the depth limit are the crawl's scope, said
// in a note.
import { listed } from "../caps.ts";
import { crawlBelowRoots, DEFAULT_CRAWL } from "../crawl.ts";
import { catalogueKinds } from "../focus.ts";
import { httpStageChecks } from "../http-scan.ts";
import { scanChecks } from "./checks.ts";
import type { Stage } from "./stage.ts";
import { endpointPort } from "./web.ts";

export const crawlStage: Stage = {
  id: "crawl",
  scanner: "http",
  enabled: (s) => !s.disabled("http") && s.target.kind === "host" && (s.engine.crawl?.maxDepth ?? 1) > 0,
  produces: (kind) => catalogueKinds().crawl.has(kind),
  reads: ["ports", "http"],
  weight: () => 8,
  async run(ctx) {
    const { net, covers, engine, shared, signal, emit, progress, note, wants, pickUp } = ctx;
    if (!shared.roots) return; // the HTTP stage did not run to the end: no home pages to start from
    const limits = { ...DEFAULT_CRAWL, ...engine.crawl };
    const checks = httpStageChecks().filter((c) => wants(c.kind));
    const check = { net, covers, signal, emit, onProgress: progress, checks, ...scanChecks(ctx) };
    const { pages, leftOut } = await crawlBelowRoots(shared.roots, check, limits, pickUp.urls ?? []);
    note(`${pages} page${pages === 1 ? "" : "s"} fetched below the home pages`);
    if (leftOut.depth.length) {
      note(`${leftOut.depth.length} links deeper than ${limits.maxDepth} not followed (the crawl's scope)`);
    }
    if (leftOut.pages.length) {
      const ports = [...new Set(leftOut.pages.map((u) => endpointPort(u)))];
      ctx.cap({
        stage: "crawl",
        cap: "crawl-pages",
        limit: limits.maxPages,
        unit: "pages",
        leftOut: { what: "pages", count: leftOut.pages.length, ports, urls: leftOut.pages.slice(0, 200) },
        reason:
          `the crawl fetched its ${limits.maxPages} pages per web endpoint; ${leftOut.pages.length} linked ` +
          `page${leftOut.pages.length === 1 ? "" : "s"} not fetched: ${listed(leftOut.pages, 5)}`,
      });
    }
  },
};
