// A real API for a test file: its own migrated database, the real server
// listening on 127.0.0.1, and helpers to make workspaces and credentials.
import { createTestDatabase, type TestDatabase } from "@ems/db/testing";
import {
  asOperator,
  createApiKey,
  createCaller,
  createJobQueue,
  createOAuthApp,
  createServices,
  createWorkspace,
  createUserInWorkspace,
  sessionContext,
  startWorker,
  toAppError,
  type DiscoverySettings,
  type Scope,
  type Services,
  type WebhookConfig,
} from "@ems/core";
import type { Plan } from "@ems/db";
import type { NetConfig, ScanEngineConfig } from "@ems/scanners";
import { testScanEngineConfig } from "@ems/scanners/testing";
import type { FastifyInstance } from "fastify";
import { loadConfig, type ApiConfig } from "../src/config.ts";
import { buildServer } from "../src/server.ts";
import { stopBackgroundWork } from "../src/shutdown.ts";

const operator = { channel: "cli" as const, name: "test" };

export interface TestApi {
  db: TestDatabase;
  services: Services;
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/**
 * The API on a fresh database; with `net`, checks and scans use that network
 * config; `queue` lets it enqueue jobs, `worker` also runs them in this process.
 */
export async function startApi(
  opts: {
    net?: NetConfig;
    scanEngine?: ScanEngineConfig;
    discovery?: DiscoverySettings;
    queue?: boolean;
    worker?: boolean;
    webhooks?: WebhookConfig;
    /** The clock of reports and share links. */
    now?: () => Date;
    /** Rows before a list's deep pages may be read from the end (0: every page past the middle is). */
    walkFromStart?: number;
    /** Server settings over the defaults (e.g. corsOrigins). */
    config?: Partial<ApiConfig>;
  } = {},
): Promise<TestApi> {
  const db = await createTestDatabase();
  const jobs = opts.worker || opts.queue ? createJobQueue(db.url) : null;
  const shareBaseUrl = "http://share.example.test";
  const services = createServices(db, {
    net: opts.net,
    scanEngine: opts.scanEngine ?? testScanEngineConfig,
    discovery: opts.discovery,
    jobs,
    webhooks: opts.webhooks,
    now: opts.now,
    shareBaseUrl,
    walkFromStart: opts.walkFromStart,
  });
  const worker = opts.worker ? await startWorker(services, { concurrency: 2 }) : undefined;
  const app = await buildServer(services, {
    ...loadConfig({} as NodeJS.ProcessEnv),
    logLevel: "silent",
    ...opts.config,
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    db,
    services,
    app,
    url,
    async close() {
      await app.close();
      // As the server stops; the worker's loops would otherwise tick on in this test process (files share it).
      await stopBackgroundWork(worker, jobs);
      await db.drop();
    },
  };
}

export async function newWorkspace(services: Services, opts: { plan?: Plan; name?: string } = {}) {
  return createWorkspace(
    services,
    { name: opts.name ?? `ws-${Math.random().toString(36).slice(2, 8)}`, plan: opts.plan },
    operator,
  );
}

export async function newApiKey(
  services: Services,
  workspaceId: number,
  opts: { scopes?: Scope[]; expiresAt?: Date } = {},
) {
  return asOperator(services, workspaceId, operator, (sc) =>
    createApiKey(sc, { name: "test key", scopes: opts.scopes, expiresAt: opts.expiresAt }),
  );
}

export async function newOAuthApp(services: Services, workspaceId: number, scopes: Scope[]) {
  return asOperator(services, workspaceId, operator, (sc) => createOAuthApp(sc, { name: "Test app", scopes }));
}

export async function newUser(
  services: Services,
  workspaceId: number,
  role: "owner" | "admin" | "member" | "read-only",
  email?: string,
) {
  return createUserInWorkspace(
    services,
    {
      workspaceId,
      email: email ?? `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: "correct horse battery",
      role,
    },
    operator,
  );
}

/** A workspace with an all-scopes API key: the common starting point. */
export async function workspaceWithKey(services: Services, opts: { plan?: Plan; scopes?: Scope[] } = {}) {
  const workspace = await newWorkspace(services, { plan: opts.plan });
  const key = await newApiKey(services, workspace.id, { scopes: opts.scopes });
  return { workspace, key: key.key, keyId: key.id };
}

/** A workspace with an API key and an owner, whose dashboard session calls procedures in-process (tRPC). */
export async function workspaceWithOwner(services: Services) {
  const { workspace, key } = await workspaceWithKey(services);
  const owner = await newUser(services, workspace.id, "owner");
  const asOwner = createCaller(sessionContext(services, { userId: owner.user.id, workspaceId: workspace.id }));
  return { ws: workspace.id, key, asOwner };
}

/** An access token from the real token endpoint (client credentials). */
export async function clientCredentialsToken(
  url: string,
  app: { clientId: string; clientSecret: string },
  scope?: string,
) {
  const res = await fetch(`${url}/oauth/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "client_credentials", ...(scope ? { scope } : {}) }),
  });
  if (res.status !== 200) throw new Error(`token endpoint answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { access_token: string; token_type: string; expires_in: number; scope: string };
}

/** fetch with a Bearer credential and an optional JSON body. */
export function call(
  url: string,
  credential: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${url}${path}`, {
    method,
    headers: {
      ...(credential ? { authorization: `Bearer ${credential}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A procedure called in-process (createCaller) must fail with this status and code. */
export async function expectAppError(p: Promise<unknown>, status: number, code: string) {
  const { expect } = await import("vitest");
  // Input errors leave createCaller as tRPC's own errors; both transports map them with toAppError.
  const err = toAppError(
    await p.then(
      () => undefined,
      (e: unknown) => e,
    ),
  );
  expect({ status: err.status, code: err.appCode }).toEqual({ status, code });
  return err;
}

/** The error body every error must have. */
export async function expectError(res: Response, status: number, code: string, field?: string) {
  const body = (await res.json()) as { code: string; message: string; status: number; field?: string };
  const { expect } = await import("vitest");
  expect({ status: res.status, code: body.code }).toEqual({ status, code });
  expect(body.status).toBe(status);
  expect(typeof body.message).toBe("string");
  expect(body.message.length).toBeGreaterThan(0);
  if (field !== undefined) {
    expect(body.field).toBe(field);
    expect(body.message).toContain(field);
  }
  return body;
}

/**
 * Waits until `done()` is true; on timeout fails naming `what` (a function is asked then, e.g. for a child's output).
 * Read the database in `done`, not the API: polling a key's routes spends its 120 reads a minute, and a slow check or
 * scan then sees 429s instead of its answer.
 */
export async function until(done: () => Promise<boolean>, what: string | (() => string), ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "function" ? what() : what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits until the asset's reachability check has finished (its status is no longer pending). */
export const assetChecked = (services: Services, id: number, ms?: number) =>
  until(
    async () =>
      (await services.db.prisma.asset.findUniqueOrThrow({ where: { id }, select: { status: true } })).status !==
      "pending",
    `the check of asset ${id}`,
    ms,
  );
