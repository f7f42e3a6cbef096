// Opens the product's database: DATABASE_URL when set, else the embedded
// PostgreSQL under the data directory; applies pending migrations.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase, type Database } from "./client.ts";
import { ensureEmbeddedPostgres, type EmbeddedPostgres } from "./embedded.ts";
import { applyMigrations } from "./migrate.ts";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Where embedded PostgreSQL (and other local state) lives: EMS_DATA_DIR or `<repo>/.data`. */
export function dataDir(): string {
  return path.resolve(process.env.EMS_DATA_DIR ?? path.join(repoRoot, ".data"));
}

export interface OpenedDatabase extends Database {
  embedded?: EmbeddedPostgres;
}

export async function openDatabase(
  opts: { url?: string; poolSize?: number; migrate?: boolean } = {},
): Promise<OpenedDatabase> {
  let url = opts.url ?? process.env.DATABASE_URL;
  let embedded: EmbeddedPostgres | undefined;
  if (!url) {
    const port = process.env.EMS_EMBEDDED_PG_PORT ? Number(process.env.EMS_EMBEDDED_PG_PORT) : undefined;
    embedded = await ensureEmbeddedPostgres({ root: dataDir(), port });
    url = embedded.url;
  }
  const db = createDatabase(url, { max: opts.poolSize });
  if (opts.migrate !== false) await applyMigrations(db.pool);
  return { ...db, embedded };
}
