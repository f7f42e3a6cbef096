// Prints each app route's first-load JavaScript (gzipped) from the last `next build`: the root chunks every page
// loads (build-manifest rootMainFiles; the polyfills are nomodule, which browsers of today skip) plus the chunks of
// the route's page and of the layouts on its path (its client reference manifest). Next 16 no longer prints this
// table itself. Exits 1 when a route is over the budget (e2e/first-load-js.spec.ts runs it after the build).
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
/* global console, process */

const BUDGET_KB = 250;
const next = path.resolve(import.meta.dirname, "../.next");
const build = JSON.parse(readFileSync(path.join(next, "build-manifest.json"), "utf8"));
const gzipped = new Map();
const kb = (files) => {
  let bytes = 0;
  for (const f of files) {
    if (!f.endsWith(".js")) continue;
    if (!gzipped.has(f)) gzipped.set(f, gzipSync(readFileSync(path.join(next, f))).length);
    bytes += gzipped.get(f);
  }
  return bytes / 1024;
};

function* manifests(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* manifests(full);
    else if (name === "page_client-reference-manifest.js") yield full;
  }
}

const root = build.rootMainFiles ?? [];
const appDir = "[project]/apps/web/src/app";
/** The page itself and every layout whose folder holds the page ("/(dashboard)/ports/page" → "/", "/(dashboard)"). */
const onPath = (route, entry) => {
  if (!entry.startsWith(appDir)) return false;
  const name = entry.slice(appDir.length);
  if (name === route) return true;
  return name.endsWith("/layout") && route.startsWith(name.slice(0, -"layout".length));
};
const rows = [];
for (const file of manifests(path.join(next, "server/app"))) {
  const sandbox = { globalThis: {} };
  sandbox.globalThis = sandbox;
  vm.runInNewContext(readFileSync(file, "utf8"), sandbox);
  for (const [route, manifest] of Object.entries(sandbox.__RSC_MANIFEST ?? {})) {
    const own = Object.entries(manifest.entryJSFiles ?? {})
      .filter(([entry]) => onPath(route, entry))
      .flatMap(([, chunks]) => chunks);
    const files = [...new Set([...root, ...own])];
    rows.push({ route: route.replace(/\/page$/, "").replace(/\/\([^)]+\)/g, "") || "/", kb: kb(files) });
  }
}
if (!rows.length) throw new Error(`no app routes in ${next}: run next build first`);
rows.sort((a, b) => a.route.localeCompare(b.route));
const width = Math.max(...rows.map((r) => r.route.length), 5);
console.log(`| ${"Route".padEnd(width)} | First-load JS (gzip) |`);
console.log(`| ${"-".repeat(width)} | -------------------: |`);
for (const r of rows) console.log(`| ${r.route.padEnd(width)} | ${`${r.kb.toFixed(1)} kB`.padStart(20)} |`);
const over = rows.filter((r) => r.kb > BUDGET_KB);
if (over.length) {
  console.error(`over ${BUDGET_KB} kB: ${over.map((r) => r.route).join(", ")}`);
  process.exitCode = 1;
}
