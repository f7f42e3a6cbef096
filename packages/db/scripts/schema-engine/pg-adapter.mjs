// A @prisma/adapter-pg factory the WebAssembly schema engine can drive.
// adapter-pg is written for Prisma Client, not for migrations; three of its
// habits break the schema engine, and are corrected here.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const pg = require("pg");
const { PrismaPg } = require("@prisma/adapter-pg");
// Not direct dependencies of @ems/db: take the copies adapter-pg and pg use.
const fromAdapter = createRequire(require.resolve("@prisma/adapter-pg"));
const fromPg = createRequire(require.resolve("pg"));
const { bindMigrationAwareSqlAdapterFactory } = fromAdapter("@prisma/driver-adapter-utils");
const { parse: parseConnectionString } = fromPg("pg-connection-string");

// 1. The engine's catalog queries return columns of type "char" (pg_class.relkind,
//    pg_constraint.contype, ...), which adapter-pg refuses to map ("Column type
//    'char' could not be deserialized"); older adapter-pg versions also refuse
//    `name`. pg already hands both over as strings, so relabelling them as
//    text after the fact is enough.
const RELABEL_AS_TEXT = new Set([18 /* "char" */, 19 /* name */]);
const TEXT = 25;

function relabel(result) {
  for (const r of Array.isArray(result) ? result : [result]) {
    for (const f of r?.fields ?? []) if (RELABEL_AS_TEXT.has(f.dataTypeID)) f.dataTypeID = TEXT;
  }
  return result;
}

// Every query, pooled or inside a transaction, goes through Client#query.
class CatalogFriendlyClient extends pg.Client {
  query(config, values, callback) {
    if (typeof values === "function") [values, callback] = [undefined, values];
    if (typeof callback === "function") {
      return super.query(config, values, (err, res) => callback(err, err ? res : relabel(res)));
    }
    const ret = super.query(config, values);
    return typeof ret?.then === "function" ? ret.then(relabel) : ret;
  }
}

// 2. adapter-pg's executeScript splits the script on ";", which cuts
//    `$$ ... $$` function bodies (and string literals) apart. Migrations are
//    sent as one simple-protocol query instead, like the native engine does:
//    PostgreSQL then runs them as one implicit transaction.
function wholeScripts(adapter) {
  adapter.executeScript = async (script) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      adapter.onError(error); // rethrows as a DriverAdapterError the engine understands
    }
  };
  return adapter;
}

// 3. adapter-pg's own connectToShadowDb() is unusable twice over: it opens
//    `{ ...config, database: <temp> }`, where a `connectionString` in the config
//    wins and the "shadow" migrations would run against the main database; and
//    it drops the temporary database while its own pool is still connected.
//    Hence a config of separate host/user/database fields, and our own version.
export function pgConfigFromUrl(url) {
  const { schema, ...config } = parseConnectionString(url);
  if (schema) config.options = `${config.options ?? ""} -c search_path="${schema}"`.trim();
  return { config: { ...config, Client: CatalogFriendlyClient }, schema };
}

/** An error-capturing, migration-aware adapter factory for `SchemaEngine.new`. */
export function createAdapterFactory(url) {
  const { config, schema } = pgConfigFromUrl(url);
  const factory = new PrismaPg(config, schema ? { schema } : undefined);
  return bindMigrationAwareSqlAdapterFactory({
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => wholeScripts(await factory.connect()),
    connectToShadowDb: async () => {
      const main = await factory.connect();
      const database = `prisma_migrate_shadow_db_${randomUUID()}`;
      await main.executeScript(`CREATE DATABASE "${database}"`);
      const shadow = await new PrismaPg({ ...config, database }).connect();
      const closeShadowPool = shadow.dispose.bind(shadow);
      shadow.dispose = async () => {
        await closeShadowPool();
        await main.executeScript(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
        await main.dispose();
      };
      return wholeScripts(shadow);
    },
  });
}

export { pg };
