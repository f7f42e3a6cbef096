// Below the root: follows same-origin links from each home page (breadth
// first, bounded depth and page count, robots.txt Disallow honoured only when
// the operator asks) and judges what it reaches with the catalogue's checks:
// the page checks (directory listings) on every page, and the exposed-file
// checks on linked files of their type (backups, dumps, dotfiles), by
// content. Every request goes through safeFetch without following redirects.
import { Parser } from "htmlparser2";
import { linkedFileProbes, pageProbes, probeFinding } from "../checks/engine/http-run.ts";
import type { HttpResult } from "../http.ts";
import { mapLimit, tryFetch } from "./evidence.ts";
import { httpStageChecks, type HttpCheckContext, type RootResponse } from "./http-scan.ts";

export interface CrawlLimits {
  /** Link hops from the home page (1: pages it links to). */
  maxDepth: number;
  /** Pages fetched per web endpoint, the home page not counted. */
  maxPages: number;
  /** Skip paths robots.txt disallows for every agent ("User-agent: *"). */
  respectRobots: boolean;
}

export const DEFAULT_CRAWL: CrawlLimits = { maxDepth: 2, maxPages: 30, respectRobots: false };

/** Links to these are never fetched: media and assets hold neither listings nor the files we look for. */
const STATIC = /\.(png|jpe?g|gif|svg|webp|ico|css|js|mjs|map|woff2?|ttf|eot|mp[34]|webm|avi|mov|pdf)$/i;
const isHtml = (r: HttpResult) => /html/i.test(r.headers["content-type"] ?? "") || /^\s*</.test(r.body.slice(0, 64));

/** Same-origin links of an HTML page (a, area, frame, iframe, link), absolute and without fragment. */
export function sameOriginLinks(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  const out = new Set<string>();
  const parser = new Parser({
    onopentag(name, attrs) {
      const ref = name === "frame" || name === "iframe" ? attrs.src : attrs.href;
      if (!ref || !["a", "area", "frame", "iframe", "link"].includes(name)) return;
      try {
        const u = new URL(ref, pageUrl);
        u.hash = "";
        if (u.origin === origin && !STATIC.test(u.pathname)) out.add(u.href);
      } catch {
        // not a URL
      }
    },
  });
  parser.write(html);
  parser.end();
  return [...out];
}

/** Disallow prefixes of the "User-agent: *" groups of a robots.txt. */
export function robotsDisallows(text: string): string[] {
  const out: string[] = [];
  let agents: string[] = [];
  let inRules = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, "").trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const [key, value] = [m[1]!.toLowerCase(), m[2]!.trim()];
    if (key === "user-agent") {
      if (inRules) agents = [];
      inRules = false;
      agents.push(value);
    } else {
      inRules = true;
      if (key === "disallow" && value && agents.includes("*")) out.push(value);
    }
  }
  return out;
}

/** Links the crawl saw and did not follow because of a limit. */
export interface CrawlLeftOut {
  /** Same-origin links past the page limit (maxPages), by endpoint. */
  pages: string[];
  /** Links found on the last level (maxDepth) and not followed. */
  depth: string[];
}

/**
 * Crawls below every answering home page; findings go to ctx.emit as they are made. `first`: pages fetched before the
 * home page's links (those the asset's last scan left out), on their own origin. Returns the pages fetched and the
 * links the limits left out.
 */
export async function crawlBelowRoots(
  roots: RootResponse[],
  ctx: HttpCheckContext,
  limits: CrawlLimits = DEFAULT_CRAWL,
  first: readonly string[] = [],
): Promise<{ pages: number; leftOut: CrawlLeftOut }> {
  const { net, signal, emit } = ctx;
  const sig = signal ? { signal } : {};
  const checks = ctx.checks ?? httpStageChecks();
  const pages = pageProbes(checks);
  /** Emits what the probes find on the response; says whether any did. */
  const judge = (r: HttpResult, probes: ReturnType<typeof pageProbes>) => {
    const judgeCtx = {
      scheme: r.url.startsWith("https:") ? ("https" as const) : ("http" as const),
      httpsAvailable: true,
    };
    let found = false;
    for (const { check, probe } of probes) {
      const f = probeFinding(check, probe, r, judgeCtx);
      if (f) {
        emit(f);
        found = true;
        break; // one finding per file
      }
    }
    return found;
  };
  const homes = roots.filter((r) => r.result && r.result.status === 200 && isHtml(r.result)).map((r) => r.result!);
  let fetched = 0;
  let done = 0;
  const leftOut: CrawlLeftOut = { pages: [], depth: [] };
  await mapLimit(homes, 2, async (home) => {
    const origin = new URL(home.url).origin;
    let disallowed: string[] = [];
    if (limits.respectRobots) {
      const robots = (await tryFetch(`${origin}/robots.txt`, net, { followRedirects: false, ...sig })).result;
      if (robots?.status === 200 && !isHtml(robots)) disallowed = robotsDisallows(robots.body);
    }
    const allowed = (u: string) => !disallowed.some((d) => new URL(u).pathname.startsWith(d));
    const seen = new Set([new URL(home.url).href]);
    let budget = limits.maxPages;
    const fresh = (urls: string[]) => [...new Set(urls.filter((u) => !seen.has(u) && allowed(u)))];
    const take = (urls: string[]) => {
      const wanted = fresh(urls);
      const batch = wanted.slice(0, Math.max(0, budget));
      batch.forEach((u) => seen.add(u));
      budget -= batch.length;
      for (const u of wanted.slice(batch.length)) if (!leftOut.pages.includes(u)) leftOut.pages.push(u);
      return batch;
    };
    /** Fetches and judges one page; returns the links to follow from it. */
    const visit = async (url: string): Promise<string[]> => {
      const r = (await tryFetch(url, net, { followRedirects: false, keepBytes: true, ...sig })).result;
      fetched++;
      if (!r || r.status !== 200) return [];
      const files = linkedFileProbes(new URL(r.url).pathname, checks);
      if (files.length) {
        judge(r, files);
        return [];
      }
      if (!isHtml(r)) return [];
      const links = sameOriginLinks(r.body, r.url);
      if (judge(r, pages)) {
        // A listing's backups and dumps are judged at once, whatever the depth: that is what a listing leaks.
        await mapLimit(take(links.filter((u) => linkedFileProbes(new URL(u).pathname, checks).length)), 4, visit);
      }
      return links;
    };
    const picked = first.filter((u) => URL.canParse(u) && new URL(u).origin === origin);
    let level = [...picked, ...sameOriginLinks(home.body, home.url)];
    for (let depth = 1; depth <= limits.maxDepth && level.length && budget > 0; depth++) {
      const found = await mapLimit(take(level), 4, visit);
      level = found.flat();
    }
    const notFollowed = fresh(level).filter((u) => !leftOut.pages.includes(u));
    if (budget > 0) leftOut.depth.push(...notFollowed);
    else leftOut.pages.push(...notFollowed);
    ctx.onProgress?.(++done / homes.length);
  });
  return { pages: fetched, leftOut };
}
