// The CLI and the server as the child processes of the tests start them: built once per run into plain JavaScript,
// since `node --import tsx` compiles the whole import graph again in every child (seconds per start, tens of seconds
// on a busy runner). Packages from node_modules stay imports (by absolute URL, so pnpm's per-package resolution
// holds); `import.meta.url` keeps each source file's own URL, so paths read beside a source file still resolve.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The directory holding cli.mjs and main.mjs (see entry-points.ts). */
    entryPointsDir: string;
  }
}

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fromNodeModules = Symbol("resolving a node_modules import");

const keepSourcePaths: Plugin = {
  name: "keep-source-paths",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith("@ems/") || args.path.startsWith("node:") || args.pluginData === fromNodeModules) {
        return undefined;
      }
      const found = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: fromNodeModules,
      });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: found.external ? args.path : pathToFileURL(found.path).href, external: true };
    });
    b.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, "utf8")).replaceAll(
        "import.meta.url",
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: "ts",
    }));
  },
};

export async function buildEntryPoints(outdir: string) {
  await build({
    absWorkingDir: apiDir,
    entryPoints: { cli: "src/cli/main.ts", main: "src/main.ts" },
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "warning",
    plugins: [keepSourcePaths],
  });
}

/** vitest globalSetup: builds once for every test file, removes the build at the end. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "ems-entry-points-"));
  await buildEntryPoints(dir);
  project.provide("entryPointsDir", dir);
  return () => rm(dir, { recursive: true, force: true });
}
