// The API key cache against a real PostgreSQL: two Services on one database
// stand for two API processes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "@ems/db";
import { createTestDatabase, type TestDatabase } from "@ems/db/testing";
import { createServices } from "../context.ts";
import { type Services } from "../service-context.ts";
import { identify } from "../door.ts";
import { asOperator } from "../workspaces/workspaces.service.ts";
import { createApiKey, revokeApiKey } from "../api-keys/api-keys.service.ts";
import { createWorkspace } from "../workspaces/workspaces.service.ts";
import { hashSecret } from "./secrets.ts";

let db: TestDatabase;
let otherDb: Database;
let here: Services;
let elsewhere: Services;
let workspaceId: number;
const op = { channel: "cli", name: "test" } as const;

const bearer = (secret: string) => ({ kind: "bearer", authorization: `Bearer ${secret}` }) as const;
const whoIs = (services: Services, secret: string) =>
  identify(services, bearer(secret)).then(
    (actor) => actor.name,
    (err: { appCode?: string; message: string }) => `${err.appCode}: ${err.message}`,
  );
const newKey = async (name: string, expiresAt?: Date) =>
  (await asOperator(here, workspaceId, op, (sc) => createApiKey(sc, { name, expiresAt }))).key;

/** Changes a key behind the triggers' back (no notification), as a lost notification would. */
const revokeSilently = (secret: string) =>
  db.pool.query(
    `begin; set local session_replication_role = replica;
     update "ApiKey" set "revokedAt" = now() where "tokenHash" = '${hashSecret(secret)}'; commit`,
  );

/** Waits until `check` holds (a notification is asynchronous), failing after 5 s. */
async function eventually(check: () => Promise<boolean>) {
  for (const deadline = Date.now() + 5000; Date.now() < deadline;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("not within 5 s");
}

/** Authenticates until the cache is listening and keeps the key (the first lookup may precede LISTEN). */
async function cached(services: Services, secret: string) {
  await eventually(async () => {
    await whoIs(services, secret);
    return services.keys.get(hashSecret(secret)) !== undefined;
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  otherDb = createDatabase(db.url);
  here = createServices(db);
  elsewhere = createServices(otherDb);
  workspaceId = (await createWorkspace(here, { name: "Keys" }, op)).id;
});
afterAll(async () => {
  await otherDb.close();
  await db.drop();
});

describe("the API key cache", () => {
  it("answers a kept key without reading it again", async () => {
    const secret = await newKey("kept");
    await cached(here, secret);
    await revokeSilently(secret);
    // Proof that the cache answered: the database says revoked, this process still says valid, a fresh one not.
    expect(await whoIs(here, secret)).toBe("kept");
    expect(await whoIs(createServices(db), secret)).toBe("INVALID_API_KEY: API key was revoked");
  });

  it("forgets a key another process revokes once the notification arrives", async () => {
    const secret = await newKey("revoked elsewhere");
    await cached(here, secret);
    const key = await db.prisma.apiKey.findUniqueOrThrow({ where: { tokenHash: hashSecret(secret) } });
    await asOperator(elsewhere, workspaceId, op, (sc) => revokeApiKey(sc, key.id));
    await eventually(async () => (await whoIs(here, secret)) === "INVALID_API_KEY: API key was revoked");
  });

  it("refuses a key revoked in this process from the next request on", async () => {
    const secret = await newKey("revoked here");
    await cached(here, secret);
    const key = await db.prisma.apiKey.findUniqueOrThrow({ where: { tokenHash: hashSecret(secret) } });
    await asOperator(here, workspaceId, op, (sc) => revokeApiKey(sc, key.id));
    expect(await whoIs(here, secret)).toBe("INVALID_API_KEY: API key was revoked");
  });

  it("hears of changes made by hand and of a deleted workspace", async () => {
    const renamed = await newKey("before");
    await cached(here, renamed);
    await db.pool.query(`update "ApiKey" set name = 'after' where "tokenHash" = $1`, [hashSecret(renamed)]);
    await eventually(async () => (await whoIs(here, renamed)) === "after");

    const gone = (await createWorkspace(here, { name: "Gone" }, op)).id;
    const secret = (await asOperator(here, gone, op, (sc) => createApiKey(sc, { name: "doomed" }))).key;
    await cached(here, secret);
    await db.pool.query(`delete from "Workspace" where id = $1`, [gone]);
    await eventually(async () => (await whoIs(here, secret)) === "INVALID_API_KEY: Unknown API key");
  });

  it("checks a kept key's expiry on every request", async () => {
    const secret = await newKey("short-lived", new Date(Date.now() + 1500));
    await cached(here, secret);
    expect(await whoIs(here, secret)).toBe("short-lived");
    await new Promise((r) => setTimeout(r, 1600));
    expect(await whoIs(here, secret)).toBe("INVALID_API_KEY: API key has expired");
    expect(here.keys.get(hashSecret(secret))).toBeDefined(); // still kept: the expiry is checked per request
  });

  it("keeps no unknown key, and drops everything when its LISTEN connection is lost", async () => {
    expect(await whoIs(here, "ems_key_madeup")).toBe("INVALID_API_KEY: Unknown API key");
    expect(here.keys.get(hashSecret("ems_key_madeup"))).toBeUndefined();

    const secret = await newKey("lost");
    await cached(here, secret);
    await revokeSilently(secret);
    await db.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query ilike 'listen %'`,
    );
    // Without its connection the cache cannot know what changed: it reads the key again and sees the revocation.
    await eventually(async () => (await whoIs(here, secret)) === "INVALID_API_KEY: API key was revoked");
  });
});
