// `pnpm ems <command>`: the operator's CLI. Works on DATABASE_URL or the
// embedded database, whether or not the server runs. Every command takes
// --json for scripts; bad arguments print a clear message and exit 1.
import os from "node:os";
import { Command, CommanderError } from "commander";
import { z } from "zod";
import { openDatabase, stopEmbeddedPostgres, dataDir, type OpenedDatabase } from "@ems/db/node";
import {
  AdvisoryDatasetError,
  advisoriesDirFromEnv,
  catalogueSummaries,
  importAdvisories,
  netConfigFromEnv,
} from "@ems/scanners";
import {
  AppError,
  asOperator,
  changeWorkspacePlan,
  createApiKey,
  createApiKeyInput,
  createJobQueue,
  createOAuthApp,
  createOAuthAppInput,
  createServices,
  discoverySettingsFromEnv,
  createUserInWorkspace,
  createWorkspace,
  listApiKeys,
  operatorIn,
  revokeApiKeyById,
  setNameInput,
  setUserName,
  setUserPassword,
  startWorker,
  toAppError,
  userByEmail,
  webhookConfigFromEnv,
  type Services,
} from "@ems/core";
import { loadConfig } from "../config.ts";
import { exitAfterDeadline, stopBackgroundWork } from "../shutdown.ts";
import { exploitCommands } from "./exploits.ts";

const operator = { channel: "cli" as const, name: `cli (${os.userInfo().username})` };

class UsageError extends Error {}

/** Parses a positive integer option, or fails with the option's name. */
function id(name: string) {
  return (value: string) => {
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > Number.MAX_SAFE_INTEGER) {
      throw new UsageError(`${name} must be a positive integer, got "${value}"`);
    }
    return Number(value);
  };
}

/** Validates with a core schema and turns its first issue into a usage error. */
function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new UsageError(`${issue.path.join(".") || "input"}: ${issue.message}`);
}

let db: OpenedDatabase | undefined;
async function services(): Promise<Services> {
  db ??= await openDatabase();
  return createServices(db);
}

function output(json: boolean, value: unknown, human: string) {
  console.log(json ? JSON.stringify(value, null, 2) : human);
}

const program = new Command("ems")
  .description("Exposure Monitoring Service: operator commands")
  .option("--json", "print machine-readable JSON")
  .exitOverride()
  .configureOutput({ writeErr: (s) => process.stderr.write(s) });

const json = () => Boolean(program.opts().json);

const workspace = program.command("workspace").description("workspaces");
workspace
  .command("create")
  .requiredOption("--name <name>", "workspace name")
  .option("--plan <plan>", "essential, pro or premium", "essential")
  .option("--json", "print JSON")
  .action(async (o: { name: string; plan: string; json?: boolean }) => {
    const ws = await createWorkspace(await services(), { name: o.name, plan: o.plan }, operator);
    output(json() || !!o.json, ws, `Created workspace ${ws.id} "${ws.name}" on plan ${ws.plan}`);
  });

workspace
  .command("set-plan")
  .argument("<id>", "workspace id", id("id"))
  .requiredOption("--plan <plan>", "essential, pro or premium")
  .option("--json", "print JSON")
  .action(async (workspaceId: number, o: { plan: string; json?: boolean }) => {
    const r = await changeWorkspacePlan(await services(), workspaceId, o.plan, operator);
    const disabled = r.disabledSchedules
      ? `; ${r.disabledSchedules} schedule(s) the plan does not allow were disabled (see the audit log)`
      : "";
    output(json() || !!o.json, r, `Workspace ${workspaceId} is on plan ${r.workspace.plan}${disabled}`);
  });

const user = program.command("user").description("users");
user
  .command("create")
  .requiredOption("--workspace <id>", "workspace id", id("--workspace"))
  .requiredOption("--email <email>", "email address (sign-in name)")
  .requiredOption("--password <password>", "password, at least 12 characters")
  .option("--role <role>", "owner, admin, member or read-only", "member")
  .option("--first-name <name>", "first name (shown instead of the email)")
  .option("--last-name <name>", "last name")
  .option("--json", "print JSON")
  .action(
    async (o: {
      workspace: number;
      email: string;
      password: string;
      role: string;
      firstName?: string;
      lastName?: string;
      json?: boolean;
    }) => {
      const name = parse(setNameInput, { firstName: o.firstName ?? "", lastName: o.lastName ?? "" });
      const r = await createUserInWorkspace(
        await services(),
        { workspaceId: o.workspace, email: o.email, password: o.password, role: o.role, ...name },
        operator,
      );
      output(
        json() || !!o.json,
        r,
        `User ${r.user.id} <${r.user.email}> is ${r.role.replace("_", "-")} of workspace ${o.workspace}`,
      );
    },
  );

user
  .command("set-name")
  .requiredOption("--email <email>", "the user's email address")
  .option("--first-name <name>", "first name (empty to remove it)")
  .option("--last-name <name>", "last name (empty to remove it)")
  .option("--json", "print JSON")
  .action(async (o: { email: string; firstName?: string; lastName?: string; json?: boolean }) => {
    if (o.firstName === undefined && o.lastName === undefined)
      throw new UsageError("give --first-name, --last-name or both");
    const s = await services();
    const u = await userByEmail(s, o.email);
    const name = parse(setNameInput, { firstName: o.firstName ?? u.firstName, lastName: o.lastName ?? u.lastName });
    const r = await setUserName(s, u.id, name, operatorIn(operator));
    output(json() || !!o.json, r, `User ${r.id} <${r.email}> is now "${`${r.firstName} ${r.lastName}`.trim()}"`);
  });

user
  .command("set-password")
  .description("sets a person's password (e.g. a forgotten one) and ends their dashboard sessions")
  .requiredOption("--email <email>", "the user's email address")
  .requiredOption("--password <password>", "the new password, at least 12 characters")
  .option("--json", "print JSON")
  .action(async (o: { email: string; password: string; json?: boolean }) => {
    const s = await services();
    const u = await userByEmail(s, o.email);
    await setUserPassword(s, u.id, { newPassword: o.password }, operatorIn(operator));
    output(
      json() || !!o.json,
      { id: u.id, email: u.email },
      `Password of user ${u.id} <${u.email}> changed; their dashboard sessions have ended`,
    );
  });

const apiKey = program.command("api-key").description("API keys");
apiKey
  .command("create")
  .requiredOption("--workspace <id>", "workspace id", id("--workspace"))
  .requiredOption("--name <name>", "a name to recognise the key by")
  .option("--scopes <scopes>", "comma-separated scopes (default: every scope the API has)")
  .option("--expires-at <iso>", "expiry, ISO 8601 date-time")
  .option("--json", "print JSON")
  .action(async (o: { workspace: number; name: string; scopes?: string; expiresAt?: string; json?: boolean }) => {
    const input = parse(createApiKeyInput, {
      name: o.name,
      scopes: o.scopes
        ?.split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      expiresAt: o.expiresAt,
    });
    const key = await asOperator(await services(), o.workspace, operator, (sc) => createApiKey(sc, input));
    output(
      json() || !!o.json,
      key,
      `Created API key ${key.id} "${key.name}" ` +
        `(${key.scopes.join(", ")})${key.expiresAt ? `, expires ${key.expiresAt.toISOString()}` : ""}\n` +
        `Key (shown once, store it now): ${key.key}`,
    );
  });
apiKey
  .command("list")
  .requiredOption("--workspace <id>", "workspace id", id("--workspace"))
  .option("--json", "print JSON")
  .action(async (o: { workspace: number; json?: boolean }) => {
    const keys = [];
    for (let page = 1; ; page++) {
      const p = await asOperator(await services(), o.workspace, operator, (sc) =>
        listApiKeys(sc, { page, limit: 500 }),
      );
      keys.push(...p.items);
      if (keys.length >= p.total || p.items.length === 0) break;
    }
    const lines = keys.map((k) => `${k.id}\t${k.status}\t${k.prefix}…\t${k.name}\t${k.scopes.join(",")}`);
    output(
      json() || !!o.json,
      keys,
      keys.length ? ["id\tstatus\tprefix\tname\tscopes", ...lines].join("\n") : "No API keys",
    );
  });
apiKey
  .command("revoke")
  .argument("<id>", "API key id", id("id"))
  .option("--json", "print JSON")
  .action(async (keyId: number, o: { json?: boolean }) => {
    const key = await revokeApiKeyById(await services(), keyId, operator);
    output(json() || !!o.json, key, `Revoked API key ${key.id} "${key.name}"`);
  });

program
  .command("oauth-app")
  .description("OAuth apps")
  .command("create")
  .requiredOption("--workspace <id>", "workspace id", id("--workspace"))
  .requiredOption("--name <name>", "app name, shown on the consent page")
  .requiredOption("--scopes <scopes>", "comma-separated scopes the app may ask for")
  .option("--redirect-uri <uri>", "allowed redirect URI (repeatable)", (v: string, all: string[] = []) => [...all, v])
  .option("--json", "print JSON")
  .action(async (o: { workspace: number; name: string; scopes: string; redirectUri?: string[]; json?: boolean }) => {
    const input = parse(createOAuthAppInput, {
      name: o.name,
      scopes: o.scopes
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
      redirectUris: o.redirectUri,
    });
    const app = await asOperator(await services(), o.workspace, operator, (sc) => createOAuthApp(sc, input));
    output(
      json() || !!o.json,
      app,
      `Created OAuth app ${app.id} "${app.name}" (${app.scopes.join(", ")})\nclient_id:     ` +
        `${app.clientId}\nclient_secret: ${app.clientSecret}   (shown once)`,
    );
  });

program
  .command("advisories")
  .description("the advisory dataset scans match detected versions against (end of life, known vulnerabilities)")
  .command("import <file>")
  .description(
    "validate a dataset file (format: packages/scanners/data/advisories.json) and use it instead of the bundled one " +
      "from the next scan on; stored in <EMS_DATA_DIR>/advisories/",
  )
  .action((file: string) => {
    try {
      const r = importAdvisories(file, advisoriesDirFromEnv());
      output(
        json(),
        r,
        `Advisory dataset ${r.version} (generated ${r.generatedAt}) imported: ${r.products} products, ` +
          `${r.advisories} advisories, ${r.eolCycles} end-of-life dates; stored in ${r.file}`,
      );
    } catch (err) {
      if (err instanceof AdvisoryDatasetError) throw new UsageError(err.message);
      throw err;
    }
  });

exploitCommands(program, {
  services,
  output: (value, human) => output(json(), value, human),
  usage: (message) => new UsageError(message),
});

program
  .command("checks")
  .description("the check catalogue: what scans look for (docs/checks.md)")
  .command("list")
  .description("every check: kind, category, severity, confidence, protocol, title, CWE and references")
  .option("--json", "print JSON")
  .action((o: { json?: boolean }) => {
    const checks = catalogueSummaries();
    const lines = checks.map(
      (c) => `${c.kind}\t${c.category}\t${c.severity}\t${c.confidence}\t${c.protocol}\t${c.title}`,
    );
    output(
      json() || !!o.json,
      checks,
      [`${checks.length} checks`, "kind\tcategory\tseverity\tconfidence\tprotocol\ttitle", ...lines].join("\n"),
    );
  });

program
  .command("worker")
  .description("run background jobs (reachability checks, scans, discovery) until stopped; several may run at once")
  .option("--concurrency <n>", "jobs at a time", id("--concurrency"), 4)
  .action(async (o: { concurrency: number }) => {
    db ??= await openDatabase();
    const jobs = createJobQueue(db.url);
    const s = createServices(db, {
      net: netConfigFromEnv(),
      discovery: discoverySettingsFromEnv(),
      jobs,
      webhooks: webhookConfigFromEnv(),
    });
    const worker = await startWorker(s, { concurrency: o.concurrency, ...loadConfig().worker });
    console.log(`Worker running (${o.concurrency} at a time); Ctrl-C to stop`);
    await new Promise<void>((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    console.log("Stopping: no new work; running jobs get 10 s to finish");
    exitAfterDeadline("the worker");
    await stopBackgroundWork(worker, jobs);
  });

program
  .command("db")
  .description("the embedded database")
  .command("stop")
  .option("--json", "print JSON")
  .action(async (o: { json?: boolean }) => {
    const stopped = await stopEmbeddedPostgres(dataDir());
    output(
      json() || !!o.json,
      { stopped },
      stopped ? "Embedded PostgreSQL stopped" : "Embedded PostgreSQL was not running",
    );
  });

async function main() {
  try {
    await program.parseAsync(process.argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version are not failures; commander already printed its message.
      process.exitCode = err.exitCode === 0 || err.code === "commander.helpDisplayed" ? 0 : 1;
    } else {
      const message = err instanceof UsageError ? err.message : toAppError(err).message;
      if (!(err instanceof UsageError || err instanceof AppError)) console.error(err);
      if (json()) console.error(JSON.stringify({ error: message }));
      else console.error(`error: ${message}`);
      process.exitCode = 1;
    }
  } finally {
    await db?.close();
  }
}

await main();
