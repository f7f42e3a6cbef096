// `pnpm db:migrate`: applies pending migrations to DATABASE_URL or the embedded database.
import { applyMigrations } from "./migrate.ts";
import { openDatabase } from "./open.ts";

const db = await openDatabase({ migrate: false });

const applied = await applyMigrations(db.pool);
console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
await db.close();
