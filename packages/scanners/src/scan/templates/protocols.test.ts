// The network, ssl and dns fixture templates (./fixtures) against real servers
// on 127.0.0.1: one with what the template looks for, a twin without it.
import net from "node:net";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueTestCertificate, startDnsServer, testNetConfig, type TestDnsServer } from "../../testing/index.ts";
import { dnsQuery, messageText } from "./dns-run.ts";
import { fixture } from "./fixtures.ts";
import { runTemplate, templateFinding, type HostTarget, type RunContext } from "./run.ts";

const servers: Array<net.Server> = [];
async function listen(server: net.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

const host = (openPorts: number[] | null = null): HostTarget => ({
  host: "www.example.test",
  address: "127.0.0.1",
  isIp: false,
  openPorts: openPorts && new Set(openPorts),
});
const ctx: RunContext = { net: testNetConfig(null, null), covers: () => true };

/** A line-based store: greets, then answers INFO, or wants a password. */
function store(open: boolean) {
  return net.createServer((s) => {
    s.on("error", () => {});
    s.on("data", (d) => {
      const text = d.toString();
      if (!open) return void s.write("-NOAUTH Authentication required.\r\n");
      if (text.startsWith("HELLO")) s.write("+WELCOME\r\n");
      if (text.includes("INFO server")) s.write("# Server\r\nstore_version:7.2.4\r\nmode:standalone\r\n");
    });
  });
}

describe("network fixtures", () => {
  it("text inputs, a named read, matchers over data and the named part, an extractor", async () => {
    const [open, locked] = await Promise.all([listen(store(true)), listen(store(false))]);
    const hit = await runTemplate(
      fixture("network-text", { "16379": String(open) }),
      { host: host(), tlsPorts: [] },
      ctx,
    );
    expect(hit?.hits[0]).toMatchObject({ url: `tcp://www.example.test:${open}`, extracted: ["7.2.4"] });
    const f = templateFinding(hit!);
    expect(f).toMatchObject({ port: open, severity: "high", kind: "template.fixture-network-text" });
    expect(f.evidence.request).toBe("HELLO\r\nINFO server\r\n");
    expect(f.evidence.response).toContain("store_version:7.2.4");
    const twin = fixture("network-text", { "16379": String(locked) });
    expect(await runTemplate(twin, { host: host(), tlsPorts: [] }, ctx)).toBeNull();
  });

  it("does not connect to a port the completed port scan found closed", async () => {
    const seen: string[] = [];
    const server = store(true);
    server.on("connection", () => seen.push("connected"));
    const port = await listen(server);
    const t = fixture("network-text", { "16379": String(port) });
    expect(await runTemplate(t, { host: host([port + 1]), tlsPorts: [] }, ctx)).toBeNull();
    expect(seen).toEqual([]);
  });

  it("hex inputs over TLS, read until the peer hangs up, binary and DSL matchers", async () => {
    const pem = await issueTestCertificate({ hostnames: ["www.example.test"] });
    const service = (open: boolean) =>
      tls.createServer(pem, (s) => {
        s.on("error", () => {});
        s.on("data", (d: Buffer) => {
          if (d.toString("hex") !== "00000008ca11ab1e") return void s.end("unexpected");
          s.write(open ? Buffer.from("cafebabe", "hex") : Buffer.from("denied"));
          setTimeout(() => s.end(open ? " service=open" : " service=closed"), 300);
        });
      });
    const [open, closed] = await Promise.all([listen(service(true)), listen(service(false))]);
    const hit = await runTemplate(
      fixture("network-hex-tls", { "16380": String(open) }),
      { host: host(), tlsPorts: [] },
      ctx,
    );
    expect(hit?.hits[0]?.url).toBe(`tls://www.example.test:${open}`);
    // read-all waited past the pause for the rest of the answer.
    expect(templateFinding(hit!).evidence.response).toContain("service=open");
    const twin = fixture("network-hex-tls", { "16380": String(closed) });
    expect(await runTemplate(twin, { host: host(), tlsPorts: [] }, ctx)).toBeNull();
  });
});

describe("ssl fixtures", () => {
  it("certificate facts: expired, self-signed, mismatched, issuer; kval, json and dsl extractors", async () => {
    const day = 86_400_000;
    const bad = await issueTestCertificate({
      hostnames: ["legacy.internal"],
      selfSigned: true,
      notBefore: new Date(Date.now() - 400 * day),
      notAfter: new Date(Date.now() - 10 * day),
    });
    const good = await issueTestCertificate({ hostnames: ["www.example.test"] });
    const [planted, clean] = await Promise.all([
      listen(tls.createServer(bad, (s) => s.end())),
      listen(tls.createServer(good, (s) => s.end())),
    ]);
    const t = fixture("ssl-certificate");
    const hit = await runTemplate(t, { host: host(), tlsPorts: [planted] }, ctx);
    expect(hit).not.toBeNull();
    const f = templateFinding(hit!);
    expect(f.evidence.url).toBe(`tls://www.example.test:${planted}`);
    const extracted = f.evidence.extracted as string[];
    expect(extracted[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(extracted[1]).toMatch(/^[0-9a-f]{64}$/);
    expect(extracted[2]).toBe("CN: legacy.internal");
    expect(f.evidence.tls).toMatchObject({ expired: true, self_signed: true, mismatched: true, tls_version: "tls13" });
    expect(await runTemplate(t, { host: host(), tlsPorts: [clean] }, ctx)).toBeNull();
  });

  it("min/max version and cipher suites offered; the chosen suite by its IANA name", async () => {
    const pem = await issueTestCertificate({ hostnames: ["www.example.test"] });
    const [old, modern] = await Promise.all([
      listen(tls.createServer(pem, (s) => s.end())),
      listen(tls.createServer({ ...pem, minVersion: "TLSv1.3" }, (s) => s.end())),
    ]);
    const t = fixture("ssl-version");
    const hit = await runTemplate(t, { host: host(), tlsPorts: [old] }, ctx);
    expect(hit?.hits[0]?.extracted).toEqual(["TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256"]);
    expect(await runTemplate(t, { host: host(), tlsPorts: [modern] }, ctx)).toBeNull();
  });

  it("never connects to an address the guard refuses", async () => {
    let connections = 0;
    const port = await listen(
      tls.createServer(await issueTestCertificate({ hostnames: ["x.test"] })).on("connection", () => connections++),
    );
    const strict = { ...ctx, net: { ...ctx.net, allowedRanges: [] } };
    await expect(runTemplate(fixture("ssl-version"), { host: host(), tlsPorts: [port] }, strict)).rejects.toThrow(
      /refusing to contact 127\.0\.0\.1/,
    );
    const t = fixture("network-text", { "16379": String(port) });
    await expect(runTemplate(t, { host: host(), tlsPorts: [] }, strict)).rejects.toThrow(
      /refusing to contact 127\.0\.0\.1/,
    );
    expect(connections).toBe(0);
  });

  it("SSL 3.0, which Node cannot speak, through a hand-built ClientHello", async () => {
    // A server answering any hello with an SSL 3.0 ServerHello (3DES), and a twin answering with an alert.
    const serverHello = (() => {
      const body = Buffer.concat([Buffer.from([3, 0]), Buffer.alloc(32, 7), Buffer.from([0, 0x00, 0x0a, 0])]);
      const hs = Buffer.concat([Buffer.from([2, 0, 0, body.length]), body]);
      return Buffer.concat([Buffer.from([0x16, 3, 0, 0, hs.length]), hs]);
    })();
    const alert = Buffer.from([0x15, 3, 0, 0, 2, 2, 40]);
    const fake = (answer: Buffer) => net.createServer((s) => s.once("data", () => s.end(answer)).on("error", () => {}));
    const [ssl3, none] = await Promise.all([listen(fake(serverHello)), listen(fake(alert))]);
    const t = fixture("ssl-sslv3");
    const hit = await runTemplate(t, { host: host(), tlsPorts: [ssl3] }, ctx);
    expect(hit?.hits[0]?.extracted).toEqual(["ssl30"]);
    expect(templateFinding(hit!).evidence.tls).toMatchObject({ cipher: "TLS_RSA_WITH_3DES_EDE_CBC_SHA" });
    expect(await runTemplate(t, { host: host(), tlsPorts: [none] }, ctx)).toBeNull();
  });
});

describe("dns fixtures", () => {
  let dns: TestDnsServer;
  let dctx: RunContext;
  beforeAll(async () => {
    dns = await startDnsServer({
      zone: {
        "dangling.example.test": { CNAME: "gone-app.cloudhost.test" },
        "alive.example.test": { CNAME: "app.cloudhost.test" },
        "app.cloudhost.test": { A: ["192.0.2.10"] },
        "mail.example.test": {
          TXT: ["v=spf1 include:_spf.example.test ?all", "other=1"],
          OTHER: [{ type: "CAA", data: { flags: 0, tag: "issue", value: "letsencrypt.org" } }],
        },
        "strict.example.test": { TXT: ["v=spf1 -all"], OTHER: [] },
      },
    });
    dctx = { ...ctx, net: testNetConfig(dns, null) };
  });
  afterAll(() => dns?.close());
  const named = (name: string): HostTarget => ({ ...host(), host: name });

  it("a CNAME to a name that does not exist: NXDOMAIN in the raw answer, the record in the answer part", async () => {
    const t = fixture("dns-cname");
    const hit = await runTemplate(t, { host: named("dangling.example.test"), tlsPorts: [] }, dctx);
    expect(hit?.hits[0]).toMatchObject({
      url: "dns:dangling.example.test?type=A",
      extracted: ["gone-app.cloudhost.test"],
    });
    const raw = templateFinding(hit!).evidence.response as string;
    expect(raw).toMatch(/^;; opcode: QUERY, status: NXDOMAIN, id: \d+\n;; flags: qr aa rd ra; QUERY: 1, ANSWER: 1,/);
    expect(raw).toContain(";; ANSWER SECTION:\ndangling.example.test.\t60\tIN\tCNAME\tgone-app.cloudhost.test.\n");
    expect(await runTemplate(t, { host: named("alive.example.test"), tlsPorts: [] }, dctx)).toBeNull();
  });

  it("TXT and CAA questions, rcode in the DSL, values extracted", async () => {
    const t = fixture("dns-txt-caa");
    const hit = await runTemplate(t, { host: named("mail.example.test"), tlsPorts: [] }, dctx);
    expect(hit?.hits.map((h) => h.extracted)).toEqual([["v=spf1 include:_spf.example.test ?all"], ["letsencrypt.org"]]);
    expect(await runTemplate(t, { host: named("strict.example.test"), tlsPorts: [] }, dctx)).toBeNull();
    expect(dns.queries.filter((q) => q.name === "strict.example.test").map((q) => q.type)).toEqual(["TXT", "CAA"]);
  });

  it("prints the other record types as miekg/dns does", async () => {
    dns.set("records.example.test", {
      AAAA: ["2001:db8::1"],
      OTHER: [
        { type: "MX", data: { preference: 10, exchange: "mx.example.test" } },
        { type: "NS", data: "ns1.example.test" },
        { type: "SRV", data: { priority: 1, weight: 5, port: 5060, target: "sip.example.test" } },
        {
          type: "SOA",
          data: {
            mname: "ns1.example.test",
            rname: "hostmaster.example.test",
            serial: 7,
            refresh: 3600,
            retry: 600,
            expire: 86400,
            minimum: 60,
          },
        },
      ],
    });
    const answers: string[] = [];
    for (const type of ["AAAA", "MX", "NS", "SRV", "SOA"]) {
      const r = await dnsQuery("records.example.test", type, true, dctx.net);
      answers.push(messageText(r!.reply).split(";; ANSWER SECTION:\n")[1]!.trim());
    }
    expect(answers).toEqual([
      "records.example.test.\t60\tIN\tAAAA\t2001:db8::1",
      "records.example.test.\t60\tIN\tMX\t10 mx.example.test.",
      "records.example.test.\t60\tIN\tNS\tns1.example.test.",
      "records.example.test.\t60\tIN\tSRV\t1 5 5060 sip.example.test.",
      "records.example.test.\t60\tIN\tSOA\tns1.example.test. hostmaster.example.test. 7 3600 600 86400 60",
    ]);
  });

  it("dns templates do not run against IP assets", async () => {
    const t = fixture("dns-txt-caa");
    expect(await runTemplate(t, { host: { ...named("127.0.0.1"), isIp: true }, tlsPorts: [] }, dctx)).toBeNull();
  });
});
