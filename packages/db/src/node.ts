// For the processes that own the database (API server, CLI, worker, tests):
// the embedded PostgreSQL, migrations, and opening the database with both.
export { ensureEmbeddedPostgres, stopEmbeddedPostgres, type EmbeddedPostgres } from "./embedded.ts";
export { applyMigrations, readMigrations, migrationsDir } from "./migrate.ts";
export { openDatabase, dataDir, repoRoot, type OpenedDatabase } from "./open.ts";
