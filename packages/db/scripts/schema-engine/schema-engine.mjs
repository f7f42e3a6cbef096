#!/usr/bin/env node
// Stand-in for Prisma's native `schema-engine` binary, which the CLI would
// download (impossible offline). Name this file in PRISMA_SCHEMA_ENGINE_BINARY.
// It speaks the binary's interface (argv + JSON-RPC over stdio, logs as JSON
// lines on stderr) and delegates to Prisma's WebAssembly schema engine running
// on @prisma/adapter-pg. PostgreSQL only.
//
//   schema-engine.mjs [--datamodels FILE]... --datasource '{"url":...}'    JSON-RPC server
//   schema-engine.mjs --datasource '{"url":...}' cli <can-connect-to-database|create-database|drop-database>
//   schema-engine.mjs --version
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline";
import { createAdapterFactory, pg, pgConfigFromUrl } from "./pg-adapter.mjs";

const require = createRequire(import.meta.url);

// The CLI collects stderr lines of this shape and shows the last ERROR.
function log(level, fields) {
  process.stderr.write(JSON.stringify({ level, target: "schema_engine::logger", fields }) + "\n");
}

function parseArgs(argv) {
  const args = { datamodels: [], datasource: {}, cli: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "-d" || a === "--datamodels") args.datamodels.push(argv[++i]);
    else if (a === "--datasource") args.datasource = JSON.parse(argv[++i]);
    else if (a === "--enabled-preview-features" || a === "--extension-types")
      i++; // not applicable
    else if (a === "-V" || a === "--version") args.version = true;
    else if (a === "cli") args.cli = argv[++i];
  }
  return args;
}

// ------------------------------------------------------------ wasm engine ---

// The package's own entry point imports the .wasm as an ES module, which Node 20
// only does behind --experimental-wasm-modules; instantiate it by hand instead.
// Prefer the engine build bundled with the prisma CLI: it is exactly the engines
// version the CLI was released with (the npm package is a slightly different
// build), and it shares the package's JS glue as long as the imports line up.
async function loadWasmEngine() {
  const bg = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const candidates = [
    path.join(path.dirname(require.resolve("prisma/package.json")), "build/schema_engine_bg.wasm"),
    path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm"),
  ].filter((f) => fs.existsSync(f));
  for (const file of candidates) {
    const module = new WebAssembly.Module(fs.readFileSync(file));
    if (!WebAssembly.Module.imports(module).every((i) => typeof bg[i.name] === "function")) continue;
    const instance = new WebAssembly.Instance(module, { "./schema_engine_bg.js": bg });
    bg.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start();
    return bg;
  }
  throw new Error("No schema_engine_bg.wasm compatible with @prisma/schema-engine-wasm's JS glue");
}

// Rust panics inside the wasm only surface as "unreachable"; the engine reports
// the actual message here first.
const panic = {
  message: "",
  set_message(m) {
    this.message = m;
  },
};
globalThis.PRISMA_WASM_PANIC_REGISTRY = panic;

// ------------------------------------------------------------- JSON-RPC ---

function send(msg) {
  process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...msg }) + "\n");
}

// Native error shape: the CLI reads error.data.{is_panic, message, error_code}.
function rpcError(e, registry) {
  if (e?.name === "RuntimeError") {
    return {
      code: 4466,
      message: "panic",
      data: { is_panic: true, message: panic.message || String(e), error: { message: panic.message || String(e) } },
    };
  }
  // Errors thrown by the adapter's JS code itself reach us as "External error
  // id#N"; the original is parked in the factory's registry.
  const jsId = /External error id#(\d+)/.exec(e?.message ?? "")?.[1];
  const jsError = jsId !== undefined ? registry.consumeError?.(Number(jsId))?.error : undefined;
  const message = jsError?.message ?? e?.message ?? String(e);
  return {
    code: 4466,
    message: "An error happened. Check the data field for details.",
    data: { is_panic: false, message, error_code: e?.code, meta: e?.meta ?? null },
  };
}

// RPC names the CLI uses that the wasm engine spells differently.
const METHOD_ALIASES = { getDatabaseVersion: "version" };

async function serve({ datamodels, datasource }) {
  if (!datasource.url) throw new Error("--datasource must contain a url");
  if (datasource.shadowDatabaseUrl) {
    log("WARN", { message: "shadowDatabaseUrl is ignored: a temporary shadow database is created instead" });
  }
  const bg = await loadWasmEngine();
  const factory = createAdapterFactory(datasource.url);
  const files = datamodels.map((p) => [p, fs.readFileSync(p, "utf8")]);
  const onLog = (line) => process.stderr.write(line.endsWith("\n") ? line : line + "\n");
  const ready = bg.SchemaEngine.new({ datamodels: files.length ? files : undefined }, onLog, factory);

  // The engine takes `&mut self`: one request at a time.
  let queue = ready.catch(() => {});
  let printId = 0;
  let current = null;
  // Input the engine cannot deserialize is thrown from inside a wasm-bindgen
  // callback, i.e. as an uncaught exception: fail the request at hand and stop,
  // as the engine instance is left mid-call.
  process.on("uncaughtException", (e) => {
    if (current) send({ id: current.id, error: rpcError(e, factory.errorRegistry) });
    log("ERROR", { is_panic: false, message: e?.stack ?? String(e) });
    process.exit(1);
  });
  const handle = async (req) => {
    current = req;
    try {
      const engine = await ready;
      const method = METHOD_ALIASES[req.method] ?? req.method;
      if (typeof engine[method] !== "function" || method === "free") {
        throw new Error(`Schema engine method not supported by the wasm shim: ${req.method}`);
      }
      if (method === "evaluateDataLoss") {
        // evaluateDataLoss/createMigration get no shadow-database factory in the
        // wasm engine; they only work off the schema cache that devDiagnostic
        // fills for the current migrations list. The CLI's own devDiagnostic
        // ran before `migrate dev` applied pending migrations, so refresh it.
        const { migrationsList, filters } = req.params;
        await engine.devDiagnostic({ migrationsList, filters });
      }
      let result = await engine[method](req.params);
      if (method === "diff" && result.stdout != null) {
        // The native engine prints the diff through the CLI ("print" request),
        // so that `migrate diff --output` can capture it.
        send({ id: `print-${++printId}`, method: "print", params: { content: result.stdout.replace(/\n$/, "") } });
        result = { ...result, stdout: null };
      }
      send({ id: req.id, result: result ?? {} });
    } catch (e) {
      send({ id: req.id, error: rpcError(e, factory.errorRegistry) });
      if (e?.name === "RuntimeError") process.exit(101); // a panicked wasm instance is unusable
    }
  };

  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  rl.on("line", (line) => {
    if (!line.trim()) return;
    const msg = JSON.parse(line);
    if (!msg.method) return; // the CLI's replies to our "print" requests
    queue = queue.then(() => handle(msg));
  });
  // The CLI ends stdin to stop us; open pools would otherwise keep us alive.
  rl.on("close", () => queue.then(() => process.exit(0)));
}

// --------------------------------------------------- `cli` subcommands ---
// Used by the CLI before migrate dev/deploy/status/reset to check that the
// database exists and create it (P1003 → create-database).

function location(c) {
  return `${c.host ?? "localhost"}:${c.port ?? 5432}`;
}

function knownError(e, config) {
  switch (e.code) {
    case "3D000":
      return {
        error_code: "P1003",
        message: `Database \`${config.database}\` does not exist on the database server at \`${location(config)}\`.`,
      };
    case "28P01":
    case "28000":
      return {
        error_code: "P1000",
        message:
          `Authentication failed against database server at \`${location(config)}\`, the provided database ` +
          `credentials for \`${config.user}\` are not valid.`,
      };
    case "ECONNREFUSED":
    case "ENOTFOUND":
    case "ETIMEDOUT":
      return { error_code: "P1001", message: `Can't reach database server at \`${location(config)}\`` };
    default:
      return { message: e.message };
  }
}

async function withClient(config, fn) {
  const client = new pg.Client(config);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function runCli(command, { datasource }) {
  // The CLI discards the first stderr line (the native engine's greeting).
  log("INFO", { message: `Starting schema engine CLI (wasm shim), command: ${command}` });
  const { config } = pgConfigFromUrl(datasource.url);
  const admin = { ...config, database: "postgres" };
  const ident = `"${String(config.database).replaceAll('"', '""')}"`;
  try {
    switch (command) {
      case "can-connect-to-database":
        await withClient(config, (c) => c.query("SELECT 1"));
        break;
      case "create-database":
        await withClient(admin, (c) => c.query(`CREATE DATABASE ${ident}`));
        process.stdout.write(`Database '${config.database}' was successfully created.\n`);
        break;
      case "drop-database":
        await withClient(admin, (c) => c.query(`DROP DATABASE ${ident}`));
        process.stdout.write(`The database was successfully dropped.\n`);
        break;
      default:
        throw new Error(`Unknown cli subcommand: ${command}`);
    }
  } catch (e) {
    log("ERROR", { is_panic: false, ...knownError(e, config) });
    process.exit(1);
  }
}

// -------------------------------------------------------------------- main ---

const args = parseArgs(process.argv.slice(2));
if (args.version) {
  const bg = await loadWasmEngine();
  process.stdout.write(`schema-engine-cli ${bg.version()}\n`);
} else if (args.cli) {
  await runCli(args.cli, args);
} else {
  await serve(args).catch((e) => {
    log("ERROR", { is_panic: false, message: e?.message ?? String(e) });
    process.exit(1);
  });
}
