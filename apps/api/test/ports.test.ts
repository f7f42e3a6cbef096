// GET /app/ports and GET /app/ports/{port}/assets over REST: open-port issues grouped by port with exact counts,
// at most 20 assets a group (the most recently seen), the rest paged by port; nothing of another workspace.
// Issues and open ports are seeded in SQL (a real port scan is issues.test.ts's part).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, startApi, workspaceWithKey, type TestApi } from "./harness.ts";

interface PortAsset {
  assetId: number;
  value: string;
  issueId: number;
  status: string;
  severity: string;
  banner: string | null;
  lastSeenAt: string;
}
interface PortGroup {
  port: number;
  protocol: string;
  service: string | null;
  severity: string;
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
    o: { status?: string; severity?: string; minutesAgo?: number; banner?: string; kind?: string } = {},
  ) => {
    const asset = await sql(
      `insert into "Asset" ("workspaceId", "projectId", type, value, "ownershipToken", "updatedAt")
       values ($1, $2, 'subdomain', $3, 't', now()) returning id, value`,
      [ws.id, rows[0].id, `h${++n}.ws${ws.id}.example.com`],
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
    if (o.banner)
      await sql(
        `insert into "OpenPort" ("workspaceId", "assetId", port, service, banner) values ($1, $2, $3, 'ssh', $4)`,
        [ws.id, assetId, port, o.banner],
      );
    return { assetId, value: asset.rows[0].value as string, issueId: issue.rows[0].id as number };
  };
  const get = async (path: string) => {
    const res = await call(api.url, key, "GET", path);
    expect(res.status, await res.clone().text()).toBe(200);
    return res;
  };
  return { id: ws.id, key, port, get, groups: async () => (await (await get("/app/ports")).json()) as PortGroup[] };
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
