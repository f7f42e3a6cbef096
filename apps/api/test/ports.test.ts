// GET /app/ports and GET /app/ports/{port}/assets over REST: open-port issues grouped by port with exact counts,
// at most 20 assets a group (the most recently seen), the rest paged by port; nothing of another workspace; the
// groups riskiest first, searched, filtered, sorted and paged like every list. Issues and open ports are seeded in
// SQL (a real port scan is issues.test.ts's part).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

interface PortAsset {
  assetId: number;
  value: string;
  issueId: number;
  status: string;
  severity: string;
  banner: string | null;
  unauthenticated: boolean;
  lastSeenAt: string;
}
interface PortGroup {
  port: number;
  protocol: string;
  service: string | null;
  severity: string;
  category: string;
  dangerous: boolean;
  unauthenticatedCount: number;
  assetCount: number;
  severityCounts: Record<string, number>;
  assetsTruncated: boolean;
  assets: PortAsset[];
}

let api: TestApi;
const sql = (text: string, values: unknown[] = []) => api.services.db.pool.query(text, values);

/** A workspace with a key and one project; `port` adds an asset with that port's issue (and its OpenPort row). */
async function workspace() {
  const { workspace: ws, key } = await workspaceWithKey(api.services);
  const { rows } = await sql(
    `insert into "Project" ("workspaceId", name, "updatedAt") values ($1, 'P', now()) returning id`,
    [ws.id],
  );
  let n = 0;
  const port = async (
    port: number,
    o: {
      status?: string;
      severity?: string;
      minutesAgo?: number;
      banner?: string;
      service?: string;
      kind?: string;
      assetId?: number;
      projectId?: number;
    } = {},
  ) => {
    const asset = o.assetId
      ? await sql(`select id, value from "Asset" where id = $1`, [o.assetId])
      : await sql(
          `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "updatedAt")
           values ($1, $2, 'subdomain', $3, 't', now()) returning id, value`,
          [ws.id, o.projectId ?? rows[0].id, `h${++n}.ws${ws.id}.example.com`],
        );
    const assetId = asset.rows[0].id as number;
    const issue = await sql(
      `insert into "Issue" ("workspaceId", "assetId", kind, title, severity, status, port, "lastSeenAt", "updatedAt")
       values ($1, $2, $3, 'Open port', $4::"Severity", $5::"IssueStatus", $6,
         now() - $7 * interval '1 minute', now()) returning id`,
      [
        ws.id,
        assetId,
        o.kind ?? `port.open.${port}`,
        o.severity ?? "medium",
        o.status ?? "open",
        port,
        o.minutesAgo ?? n,
      ],
    );
    if (o.banner || o.service)
      await sql(
        `insert into "OpenPort" ("workspaceId", "assetId", port, service, banner) values ($1, $2, $3, $4, $5)`,
        [ws.id, assetId, port, o.service ?? "ssh", o.banner ?? null],
      );
    return { assetId, value: asset.rows[0].value as string, issueId: issue.rows[0].id as number };
  };
  const get = async (path: string) => {
    const res = await call(api.url, key, "GET", path);
    expect(res.status, await res.clone().text()).toBe(200);
    return res;
  };
  const groups = async (query = "") => (await (await get(`/app/ports${query}`)).json()) as PortGroup[];
  return { id: ws.id, key, projectId: rows[0].id as number, port, get, groups };
}

let a: Awaited<ReturnType<typeof workspace>>;
/** Workspace a's port-22 assets, the most recently seen first. */
const on22: Awaited<ReturnType<Awaited<ReturnType<typeof workspace>>["port"]>>[] = [];

beforeAll(async () => {
  api = await startApi();
  a = await workspace();
  const severities = ["critical", "high", "medium", "low", "info"];
  // 25 open and one in-progress on port 22, seen 1..26 minutes ago: the first one the most recently.
  for (let i = 0; i < 26; i++)
    on22.push(
      await a.port(22, {
        severity: severities[i % 5],
        minutesAgo: i + 1,
        status: i === 3 ? "in-progress" : "open",
        banner: i === 0 ? "SSH-2.0-OpenSSH_9.2" : undefined,
      }),
    );
  // Not counted: resolved and dismissed port issues, and another kind of issue that carries a port.
  await a.port(22, { status: "resolved", severity: "critical", minutesAgo: 0 });
  await a.port(22, { status: "dismissed", severity: "critical", minutesAgo: 0 });
  await a.port(443, { kind: "tls.expired-certificate", severity: "critical" });
  for (let i = 0; i < 3; i++) await a.port(443, { severity: "low" });
});
afterAll(() => api.close());

describe("GET /app/ports", () => {
  it("groups open and in-progress port issues by port: exact counts, the 20 most recently seen assets", async () => {
    const groups = await a.groups();
    expect(groups.map((g) => g.port)).toEqual([22, 443]);
    const [ssh, https] = groups as [PortGroup, PortGroup];
    expect(ssh).toMatchObject({
      protocol: "tcp",
      service: "ssh",
      severity: "critical",
      assetCount: 26,
      severityCounts: { critical: 6, high: 5, medium: 5, low: 5, info: 5 },
      assetsTruncated: true,
    });
    expect(ssh.assets.map((x) => x.issueId)).toEqual(on22.slice(0, 20).map((x) => x.issueId));
    expect(ssh.assets[0]).toMatchObject({ value: on22[0]!.value, banner: "SSH-2.0-OpenSSH_9.2", severity: "critical" });
    expect(ssh.assets[3]).toMatchObject({ status: "in-progress" });
    expect(ssh.assets[1]!.banner).toBeNull();
    expect(https).toMatchObject({
      service: null,
      severity: "low",
      assetCount: 3,
      severityCounts: { critical: 0, high: 0, medium: 0, low: 3, info: 0 },
      assetsTruncated: false,
    });
    expect(https.assets).toHaveLength(3);
  });

  it("answers an empty array for a workspace without open ports, and only its own to another", async () => {
    const b = await workspace();
    expect(await b.groups()).toEqual([]);
    const own = await b.port(22, { severity: "high" });
    expect(await b.groups()).toMatchObject([
      { port: 22, assetCount: 1, assetsTruncated: false, assets: [{ issueId: own.issueId }] },
    ]);
    const [ssh] = await a.groups();
    expect(ssh!.assetCount).toBe(26);
    expect(ssh!.assets.map((x) => x.issueId)).not.toContain(own.issueId);
  });
});

describe("GET /app/ports, riskiest first, searched, filtered, sorted and paged", () => {
  let r: Awaited<ReturnType<typeof workspace>>;
  const ports = (groups: PortGroup[]) => groups.map((g) => g.port);
  let redis: { assetId: number; value: string };
  let otherProject: number;

  beforeAll(async () => {
    r = await workspace();
    for (let i = 0; i < 5; i++) await r.port(80, { severity: "info", service: "http" });
    await r.port(22, { severity: "medium" });
    await r.port(22, { severity: "medium" });
    await r.port(9999, { severity: "critical" }); // severe, but an unknown port: after every dangerous one
    await r.port(6379, { severity: "high", service: "redis" });
    redis = await r.port(8080, { severity: "high", service: "redis" }); // a database by its service
    const memcached = await r.port(11211, { severity: "high", service: "memcached" });
    // Its scan found the service answering without a password.
    await r.port(11211, { kind: "service.unauthenticated.memcached", severity: "critical", ...memcached });
    // Not counted: a resolved one elsewhere.
    const closed = await r.port(5432, { severity: "high" });
    await sql(`update "Issue" set status = 'resolved' where id = $1`, [closed.issueId]);
    await r.port(5432, { kind: "service.unauthenticated.postgres", status: "resolved", ...closed });
    otherProject = (
      await sql(`insert into "Project" ("workspaceId", name, "updatedAt") values ($1, 'Q', now()) returning id`, [r.id])
    ).rows[0].id as number;
    await r.port(3389, { severity: "high", projectId: otherProject });
  });

  it("puts services without authentication first, then dangerous ports, then severity, assets and port", async () => {
    const groups = await r.groups();
    expect(ports(groups)).toEqual([11211, 3389, 6379, 8080, 9999, 22, 80]);
    expect(groups[0]).toMatchObject({
      category: "database",
      dangerous: true,
      unauthenticatedCount: 1,
      assets: [{ unauthenticated: true }],
    });
    expect(groups.map((g) => [g.port, g.category, g.dangerous, g.unauthenticatedCount])).toEqual([
      [11211, "database", true, 1],
      [3389, "remote-desktop", true, 0],
      [6379, "database", true, 0],
      [8080, "database", true, 0],
      [9999, "other", false, 0],
      [22, "remote-login", false, 0],
      [80, "web", false, 0],
    ]);
    const res = await r.get("/app/ports");
    expect(res.headers.get("x-total-count")).toBe("7");
    expect(res.headers.get("x-page")).toBe("1");
    expect(res.headers.get("x-limit")).toBe("100");
    // The reverse order is the reverse ranking.
    expect(ports(await r.groups("?order=asc"))).toEqual([80, 22, 9999, 8080, 6379, 3389, 11211]);
  });

  it("sorts by port, assets or severity on request, ties by port in the same direction", async () => {
    expect(ports(await r.groups("?sort=port"))).toEqual([22, 80, 3389, 6379, 8080, 9999, 11211]);
    expect(ports(await r.groups("?sort=port&order=desc"))).toEqual([11211, 9999, 8080, 6379, 3389, 80, 22]);
    expect(ports(await r.groups("?sort=assetCount"))).toEqual([80, 22, 11211, 9999, 8080, 6379, 3389]);
    expect(ports(await r.groups("?sort=severity&order=desc"))).toEqual([9999, 11211, 8080, 6379, 3389, 22, 80]);
    await expectError(await call(api.url, r.key, "GET", "/app/ports?sort=danger"), 400, "VALIDATION_ERROR", "sort");
    await expectError(await call(api.url, r.key, "GET", "/app/ports?order=up"), 400, "VALIDATION_ERROR", "order");
  });

  it("pages the groups with the usual headers", async () => {
    const res = await r.get("/app/ports?limit=3&page=2");
    expect(res.headers.get("x-total-count")).toBe("7");
    expect(res.headers.get("x-page")).toBe("2");
    expect(res.headers.get("x-limit")).toBe("3");
    expect(ports((await res.json()) as PortGroup[])).toEqual([8080, 9999, 22]);
    expect(await r.groups("?page=9")).toEqual([]);
  });

  it("filters by port, service, asset and project, and searches port, service and asset", async () => {
    expect(ports(await r.groups("?port=22"))).toEqual([22]);
    expect(ports(await r.groups("?service=REDIS"))).toEqual([6379, 8080]);
    const [own] = await r.groups(`?assetId=${redis.assetId}`);
    expect(own).toMatchObject({ port: 8080, assetCount: 1, assets: [{ assetId: redis.assetId }] });
    expect(ports(await r.groups(`?projectId=${otherProject}`))).toEqual([3389]);
    expect(ports(await r.groups(`?projectId=${r.projectId}&service=memcached`))).toEqual([11211]);
    expect(ports(await r.groups("?q=80"))).toEqual([8080, 80]);
    expect(ports(await r.groups("?q=memc"))).toEqual([11211]);
    // The asset's value: only its own ports, counted over what matches.
    const byValue = await r.groups(`?q=${encodeURIComponent(redis.value.toUpperCase())}`);
    expect(byValue.map((g) => [g.port, g.assetCount])).toEqual([[8080, 1]]);
    // Filters count exactly, the unauthenticated services too.
    const [http] = await r.groups("?port=80");
    expect(http).toMatchObject({ assetCount: 5, severityCounts: { info: 5 }, unauthenticatedCount: 0 });
    expect(await r.groups("?q=no-such-thing")).toEqual([]);
    expect((await r.groups("?service=memcached"))[0]).toMatchObject({ unauthenticatedCount: 1 });
    for (const [query, field] of [
      ["q=", "q"],
      ["port=0", "port"],
      ["service=", "service"],
      ["assetId=abc", "assetId"],
    ])
      await expectError(await call(api.url, r.key, "GET", `/app/ports?${query}`), 400, "VALIDATION_ERROR", field);
  });
});

describe("GET /app/ports/{port}/assets", () => {
  it("pages every asset of one port, the most recently seen first, with exact paging headers", async () => {
    const seen: number[] = [];
    for (const page of [1, 2, 3]) {
      const res = await a.get(`/app/ports/22/assets?limit=10&page=${page}`);
      expect(res.headers.get("x-total-count")).toBe("26");
      expect(res.headers.get("x-page")).toBe(String(page));
      expect(res.headers.get("x-limit")).toBe("10");
      const items = (await res.json()) as PortAsset[];
      expect(items).toHaveLength(page < 3 ? 10 : 6);
      seen.push(...items.map((x) => x.issueId));
    }
    expect(seen).toEqual(on22.map((x) => x.issueId));
    const [first] = (await (await a.get("/app/ports/22/assets?limit=1")).json()) as PortAsset[];
    expect(first).toMatchObject({ assetId: on22[0]!.assetId, banner: "SSH-2.0-OpenSSH_9.2", status: "open" });
    // Page 1 at the group's size is the group.
    const page1 = (await (await a.get("/app/ports/22/assets?limit=20")).json()) as PortAsset[];
    expect(page1).toEqual((await a.groups())[0]!.assets);
  });

  it("is empty for a port open nowhere, and for another workspace's port", async () => {
    const none = await a.get("/app/ports/8080/assets");
    expect(none.headers.get("x-total-count")).toBe("0");
    expect(await none.json()).toEqual([]);
    const c = await workspace();
    const res = await c.get("/app/ports/443/assets");
    expect(res.headers.get("x-total-count")).toBe("0");
    expect(await res.json()).toEqual([]);
  });

  it("400s a port that is not a port number, naming port", async () => {
    for (const bad of ["0", "65536", "abc", "-1", "22.5", "1e3"])
      await expectError(await call(api.url, a.key, "GET", `/app/ports/${bad}/assets`), 400, "VALIDATION_ERROR", "port");
    await expectError(await call(api.url, a.key, "GET", "/app/ports/22/assets?limit=0"), 400, "VALIDATION_ERROR");
  });
});
