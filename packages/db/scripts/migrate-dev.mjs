// `prisma migrate dev` without the native schema engine (which cannot be
// downloaded here): the CLI is pointed at scripts/schema-engine, a stand-in that
// runs Prisma's WebAssembly engine over @prisma/adapter-pg.
//
//   DATABASE_URL=postgresql://... pnpm --filter @ems/db migrate:dev -- --name add_x [--create-only]
//
// Works for any `migrate` subcommand too: MIGRATE_COMMAND=status|deploy|reset|diff.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

if (!process.env.DATABASE_URL) {
  console.error(
    "DATABASE_URL is not set. Point it at a development PostgreSQL database, e.g.\n" +
      "  DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:5432/ems_dev pnpm --filter @ems/db migrate:dev -- " +
      "--name my_change",
  );
  process.exit(1);
}

// pnpm passes a literal "--" through to the script.
const args = process.argv.slice(2).filter((a, i) => !(i === 0 && a === "--"));
const command = process.env.MIGRATE_COMMAND ?? "dev";

const { status, error } = spawnSync(
  process.execPath,
  [path.join(pkg, "node_modules/prisma/build/index.js"), "migrate", command, ...args],
  {
    cwd: pkg,
    stdio: "inherit",
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: path.join(pkg, "scripts/schema-engine/schema-engine.mjs"),
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  },
);
if (error) throw error;
process.exit(status ?? 1);
