// Generates the Prisma client into src/generated (never node_modules).
// The Prisma CLI insists on a native schema-engine binary that it would
// download; generation does not use it, so any existing file satisfies it.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.resolve(here, "..");
execFileSync(process.execPath, [path.join(pkg, "node_modules/prisma/build/index.js"), "generate"], {
  cwd: pkg,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
