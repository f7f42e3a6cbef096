// The product's events as webhooks, from real scans, checks and the watchdog: new and resolved issues,
// scan.completed only when something changed, port.opened, scan.failed, asset.unreachable, issue.sla_breached.
import { createServer as createNetServer } from "node:net";
import { describe, expect, it } from "vitest";
import { MAX_SCAN_ATTEMPTS, recoverAbandonedScans } from "@ems/core";
import { notifySlaBreaches, runInWorkspace } from "@ems/core/testing";
import { assetChecked, call, until } from "./harness.ts";
import {
  api,
  at,
  ct,
  deliveries,
  dns,
  key,
  newEndpoint,
  scanAssetId,
  settled,
  setupWebhookStack,
  verified,
  web,
  workspaceId,
  type Sent,
} from "./webhooks-fixture.ts";

setupWebhookStack();

describe("events from the product", () => {
  interface ScanBody {
    id: number;
  }
  async function scan(assetId = scanAssetId) {
    const res = await call(api.url, key, "POST", "/app/scans", { assetId });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as ScanBody;
    const status = () => api.services.db.prisma.scan.findUniqueOrThrow({ where: { id }, select: { status: true } });
    await until(async () => (await status()).status === "completed", `scan ${id}`);
    return id;
  }

  it("a scan sends its new issues and one scan.completed; a rescan with no change sends nothing", async () => {
    const ep = await newEndpoint("/scans", { events: ["issue.created", "issue.resolved", "scan.completed"] });
    const first = await scan();
    await settled(ep.id, 2, "the first scan's messages");
    const payloads = at("/scans").map((r) => verified(ep.secret, r));
    const created = payloads.filter((p) => p.type === "issue.created");
    const completed = payloads.filter((p) => p.type === "scan.completed");
    expect(created.length).toBeGreaterThan(0);
    expect(completed).toHaveLength(1);
    const issueIds = created.map((p) => p.data.issue.id).sort();
    expect(completed[0]!.data.changes.newIssues.map((i) => i.id).sort()).toEqual(issueIds);
    expect(completed[0]!.data.scan).toMatchObject({
      id: first,
      trigger: "manual",
      url: `https://dash.example.test/scans/${first}`,
    });
    for (const p of created) {
      expect(p.data.asset).toEqual({
        id: scanAssetId,
        value: "alert-target.com",
        name: "Alert target",
        url: `https://dash.example.test/assets/${scanAssetId}`,
      });
      expect(p.data.issue).toMatchObject({ url: `https://dash.example.test/issues/${p.data.issue.id}` });
      expect(["info", "low", "medium", "high", "critical"]).toContain(p.data.issue.severity);
      expect(p.data.scan.id).toBe(first);
    }
    const git = created.find((p) => p.data.issue.kind.includes("git"));
    expect(git, created.map((p) => p.data.issue.kind).join()).toBeDefined();

    const count = (await deliveries(ep.id)).length;
    await scan(); // nothing changed on the site
    expect(await deliveries(ep.id)).toHaveLength(count);

    web.routes.delete("alert-target.com/.git/HEAD");
    const third = await scan();
    await settled(ep.id, count + 2, "the resolution's messages");
    const later = at("/scans")
      .slice(count)
      .map((r) => verified(ep.secret, r));
    const resolved = later.filter((p) => p.type === "issue.resolved");
    expect(resolved.map((p) => p.data.issue.id)).toContain(git!.data.issue.id);
    const done = later.find((p) => p.type === "scan.completed")!;
    expect(done.data.scan.id).toBe(third);
    expect(done.data.changes).toMatchObject({ newIssues: [], reopenedIssues: [], newPorts: [] });
    expect(done.data.changes.resolvedIssues.map((i) => i.id)).toEqual(resolved.map((p) => p.data.issue.id));
  });

  it("a port scan sends port.opened for a port newly open, and nothing for it on the next scan", async () => {
    const listener = createNetServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => listener.listen(5432, "127.0.0.10", resolve));
    try {
      const ep = await newEndpoint("/ports", { events: ["port.opened"] });
      const project = (await runInWorkspace(workspaceId, () => api.services.scoped.project.findFirstOrThrow())).id;
      const res = await call(api.url, key, "POST", "/app/assets", {
        projectId: project,
        type: "ipv4",
        value: "127.0.0.10",
        portScanMode: "top100",
      });
      const ip = ((await res.json()) as { id: number }).id;
      await runInWorkspace(workspaceId, () =>
        api.services.scoped.asset.update({
          where: { id: ip },
          data: { ownershipVerifiedAt: new Date(), ownershipMethod: "dns_txt" },
        }),
      );
      const first = await scan(ip);
      await settled(ep.id, 1, "port.opened");
      const sent = at("/ports").map((r) => verified(ep.secret, r) as Sent & { data: { port: { port: number } } });
      expect(sent.map((p) => p.type)).toEqual(sent.map(() => "port.opened"));
      const pg = sent.find((p) => p.data.port.port === 5432);
      expect(pg, JSON.stringify(sent)).toBeDefined();
      expect(pg!.data.asset).toMatchObject({ id: ip, value: "127.0.0.10" });
      expect(pg!.data.scan.id).toBe(first);
      const count = (await deliveries(ep.id)).length;
      await scan(ip); // the same ports: nothing new
      expect(await deliveries(ep.id)).toHaveLength(count);
    } finally {
      await new Promise((r) => listener.close(r));
    }
  });

  it("sends scan.failed when the watchdog fails a scan whose worker died", async () => {
    const ep = await newEndpoint("/failed", { events: ["scan.failed"] });
    const old = new Date(Date.now() - 10 * 60_000);
    const dead = await runInWorkspace(workspaceId, () =>
      api.services.scoped.scan.create({
        // Its last attempt: the watchdog fails it rather than queueing it again.
        data: {
          workspaceId,
          assetId: scanAssetId,
          status: "running",
          startedAt: old,
          heartbeatAt: old,
          attempts: MAX_SCAN_ATTEMPTS,
        },
      }),
    );
    expect(await recoverAbandonedScans(api.services)).toBeGreaterThanOrEqual(1);
    await settled(ep.id, 1, "scan.failed");
    const p = verified(ep.secret, at("/failed")[0]!);
    expect(p).toMatchObject({ type: "scan.failed", data: { scan: { id: dead.id }, asset: { id: scanAssetId } } });
    expect(p.data.scan.error).toMatch(/stopped responding/);
  });

  it("sends asset.unreachable when a check finds a reachable asset gone, not on every failing check", async () => {
    const ep = await newEndpoint("/reach", { events: ["asset.unreachable"] });
    const project = (await runInWorkspace(workspaceId, () => api.services.scoped.project.findFirstOrThrow())).id;
    const res = await call(api.url, key, "POST", "/app/assets", {
      projectId: project,
      type: "domain",
      value: "flip-site.com",
    });
    const { id } = (await res.json()) as { id: number };
    await assetChecked(api.services, id);
    const status = async () =>
      (await api.services.db.prisma.asset.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;
    expect(await status()).toBe("reachable");

    dns.remove("flip-site.com");
    expect((await call(api.url, key, "POST", `/app/assets/${id}/revalidate`)).status).toBe(200);
    await until(async () => (await status()) === "unreachable", "the asset to be unreachable");
    await settled(ep.id, 1, "asset.unreachable");
    const p = verified(ep.secret, at("/reach")[0]!);
    expect(p).toMatchObject({ type: "asset.unreachable", data: { asset: { id, value: "flip-site.com" } } });
    expect(p.data.reason).toMatch(/A\/AAAA/);

    // Still unreachable at the next check: no second message.
    expect((await call(api.url, key, "POST", `/app/assets/${id}/revalidate`)).status).toBe(200);
    await until(async () => {
      const a = await api.services.db.prisma.asset.findUniqueOrThrow({ where: { id } });
      return a.status === "unreachable" && a.checkAttempts === 0;
    }, "the second check");
    await new Promise((r) => setTimeout(r, 1000));
    expect(await deliveries(ep.id)).toHaveLength(1);
  });

  it("sends one discovery.hosts_found per run: counts and the first 100 names; none when nothing is new", async () => {
    const ep = await newEndpoint("/discovery", { events: ["discovery.hosts_found"] });
    const many = Array.from({ length: 150 }, (_, i) => `h${String(i).padStart(3, "0")}.alert-target.com`);
    ct.publish("alert-target.com", ["shop.alert-target.com", "vpn.alert-target.com", "alert-target.com", ...many]);
    dns.set("shop.alert-target.com", { A: ["127.0.0.1"] });
    const run = async () => {
      const res = await call(api.url, key, "POST", "/app/discovery/run", { assetId: scanAssetId });
      expect(res.status, await res.clone().text()).toBe(202);
      const { runs } = (await res.json()) as { runs: { id: number }[] };
      await until(async () => {
        const r = await api.services.db.prisma.discoveryRun.findUniqueOrThrow({ where: { id: runs[0]!.id } });
        return r.status === "done";
      }, "the discovery run");
      return runs[0]!.id;
    };
    const runId = await run();
    await settled(ep.id, 1, "the run's discovery.hosts_found");
    await new Promise((r) => setTimeout(r, 1000));
    expect(await deliveries(ep.id)).toHaveLength(1); // one message for 152 new hosts
    const [sent] = at("/discovery").map((r) => verified(ep.secret, r) as unknown as HostsFound);
    expect(sent!.type).toBe("discovery.hosts_found");
    expect(sent!.data.asset).toMatchObject({ id: scanAssetId, value: "alert-target.com" });
    expect(sent!.data.run).toMatchObject({
      id: runId,
      trigger: "manual",
      status: "done",
      url: "https://dash.example.test/discovery?domain=alert-target.com&status=new",
    });
    expect(sent!.data.found).toBe(152);
    expect(sent!.data.newHosts.total).toBe(152);
    expect(sent!.data.newHosts.truncated).toBe(true);
    expect(sent!.data.newHosts.names).toEqual([...many.slice(0, 100)]);
    expect(sent!.data.capped).toBeNull();

    await run(); // the same names again: already known, nothing sent
    await new Promise((r) => setTimeout(r, 1000));
    expect(await deliveries(ep.id)).toHaveLength(1);
  });
});

describe("SLA breaches", () => {
  it("sends issue.sla_breached once per breach: not on the next tick, again after the issue reopens", async () => {
    const ep = await newEndpoint("/sla", { events: ["issue.sla_breached"] });
    const due = new Date(Date.now() + 60_000);
    // A critical issue first seen 15 days less a minute ago: due in a minute (the workers' own tick may not send it).
    const issue = await runInWorkspace(workspaceId, () =>
      api.services.scoped.issue.create({
        data: {
          workspaceId,
          assetId: scanAssetId,
          kind: "sla.breach-test",
          title: "Breach test",
          severity: "critical",
          firstSeenAt: new Date(due.getTime() - 15 * 86_400_000),
        },
      }),
    );
    expect(issue.dueAt).toEqual(due);
    expect(await notifySlaBreaches(api.services, { now: new Date(due.getTime() - 1) })).toBe(0);
    const after = new Date(due.getTime() + 1);
    expect(await notifySlaBreaches(api.services, { now: after })).toBeGreaterThanOrEqual(1);
    await settled(ep.id, 1, "issue.sla_breached");
    const [sent] = at("/sla").map((r) => verified(ep.secret, r) as Sent & { data: { dueAt: string } });
    expect(sent!.type).toBe("issue.sla_breached");
    expect(sent!.data.issue).toMatchObject({ id: issue.id, severity: "critical", kind: "sla.breach-test" });
    expect(sent!.data.dueAt).toBe(due.toISOString());
    expect(sent!.data.asset).toMatchObject({ id: scanAssetId, value: "alert-target.com" });

    await notifySlaBreaches(api.services, { now: new Date(due.getTime() + 120_000) });
    await new Promise((r) => setTimeout(r, 500));
    expect(await deliveries(ep.id)).toHaveLength(1);

    for (const status of ["resolved", "open"])
      expect((await call(api.url, key, "PATCH", `/app/issues/${issue.id}/status`, { status })).status).toBe(200);
    await notifySlaBreaches(api.services, { now: new Date(due.getTime() + 180_000) });
    await settled(ep.id, 2, "the second breach");
    expect(at("/sla").map((r) => verified(ep.secret, r).data.issue.id)).toEqual([issue.id, issue.id]);
  });
});

interface HostsFound {
  type: string;
  data: {
    asset: { id: number; value: string };
    run: { id: number; url: string; trigger: string; status: string };
    found: number;
    newHosts: { total: number; names: string[]; truncated: boolean };
    capped: { limit: number; dropped: number } | null;
  };
}
