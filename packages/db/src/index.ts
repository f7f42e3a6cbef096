export { createDatabase, type Database } from "./client.ts";
export { ensureEmbeddedPostgres, stopEmbeddedPostgres, type EmbeddedPostgres } from "./embedded.ts";
export { applyMigrations, readMigrations, migrationsDir } from "./migrate.ts";
export { openDatabase, dataDir, repoRoot, type OpenedDatabase } from "./open.ts";
export * from "./generated/prisma/client.ts";
