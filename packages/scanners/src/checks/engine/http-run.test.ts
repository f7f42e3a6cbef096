// The path variables of HTTP checks: the host's names ({{host}}, {{rdn}}, {{dn}}: a backup named after the site) and a
// leading list variable asking one path per value (each script of the home page), counted at a real server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HttpResult } from "../../http.ts";
import type { ScanFinding } from "../../scan/types.ts";
import {
  startDnsServer,
  startHttpServer,
  testNetConfig,
  type TestDnsServer,
  type TestServer,
} from "../../testing/index.ts";
import type { HttpCheck } from "../format/index.ts";
import { hostVariables, MAX_LIST_PATHS, probePaths, runHttpChecks } from "./http-run.ts";
import { DEFAULT_CHECKS, HostLimiter } from "./settings.ts";

const settings = { ...DEFAULT_CHECKS, rps: 1000, concurrency: 8 };
const base: Omit<HttpCheck, "kind"> = {
  category: "exposed-file",
  protocol: "http",
  title: "A test check of path variables",
  severity: "high",
  description: "A check written for this test: what it asks shows how its paths were filled in.",
  remediation: "Nothing to fix: this is a test.",
  references: ["https://cwe.mitre.org/data/definitions/530.html"],
  cwe: [530],
  cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
  fixtures: { vulnerable: { server: "nginx", routes: {} }, clean: { server: "nginx", routes: {} } },
};

const named: HttpCheck = {
  ...base,
  kind: "http.exposed.test-named",
  http: [{ paths: ["/{{host}}.zip", "/{{rdn}}.zip", "/{{dn}}.zip"], match: [{ magic: "504b0304" }] }],
};
const scripts: HttpCheck = {
  ...base,
  kind: "http.exposed.test-scripts",
  detect: {
    root: true,
    match: [{ regex: [/<script/] }],
    extract: [{ name: "scripts", regex: /<script[^>]+src="([^"]+)"/, all: true }],
  },
  http: [{ paths: ["{{scripts}}"], match: [{ regex: [/sk_live_[0-9a-zA-Z]{24}/] }] }],
};

let dns: TestDnsServer;
let web: TestServer;
let asked: string[] = [];
const page =
  "<html><head>" +
  Array.from({ length: 12 }, (_, i) => `<script src="/js/${i}.js"></script>`).join("") +
  '<script src="https://cdn.example.net/lib.js"></script><script src="/js/0.js"></script></head></html>';

beforeAll(async () => {
  dns = await startDnsServer({ zone: { "www.shop.example.com": { A: ["127.0.0.1"] } } });
  web = await startHttpServer((req, res) => {
    asked.push(req.url ?? "");
    if (req.url === "/example.zip") {
      res.writeHead(200, { "content-type": "application/zip" });
      return void res.end(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0]));
    }
    if (req.url === "/js/3.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      return void res.end('const stripe = Stripe("sk_live_4eC39HqLyjWDarjtT1zdp7dc");');
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("404 page not found\n");
  });
});
afterAll(async () => {
  await Promise.all([web.close(), dns.close()]);
});

async function run(check: HttpCheck, host: string, root: string | null = null): Promise<ScanFinding[]> {
  const found: ScanFinding[] = [];
  const url = `http://${host}:${web.port}`;
  const home: HttpResult | null =
    root === null
      ? null
      : {
          ...{ url: `${url}/`, status: 200, headers: { "content-type": "text/html" }, body: root },
          ...{ truncated: false, hops: [], address: "127.0.0.1" },
        };
  await runHttpChecks([{ base: url, port: web.port, root: home }], [check], {
    net: testNetConfig(dns, null),
    covers: () => true,
    settings,
    limiter: new HostLimiter(settings),
    httpsAvailable: false,
    loginAttempts: new Map(),
    resolved: { [host]: ["127.0.0.1"] },
    emit: (f) => void found.push(f),
    note: (t) => {
      throw new Error(t);
    },
  });
  return found;
}

describe("path variables", () => {
  it("names the host, its registrable domain and that without its suffix", () => {
    expect(hostVariables("www.shop.example.com")).toEqual({
      host: "www.shop.example.com",
      rdn: "example.com",
      dn: "example",
    });
    expect(hostVariables("intranet.example.co.uk")).toMatchObject({ rdn: "example.co.uk", dn: "example" });
    // An address has no domain: paths that need one are not asked.
    expect(hostVariables("203.0.113.7")).toEqual({ host: "203.0.113.7" });
    expect(probePaths("/{{dn}}.zip", hostVariables("203.0.113.7"), "http://203.0.113.7")).toEqual([]);
  });

  it("asks the paths named after the site, and finds the backup under its domain's name", async () => {
    asked = [];
    const found = await run(named, "www.shop.example.com");
    expect(asked.sort()).toEqual(["/example.com.zip", "/example.zip", "/www.shop.example.com.zip"]);
    expect(found.map((f) => f.evidence.url)).toEqual([`http://www.shop.example.com:${web.port}/example.zip`]);
  });

  it("asks one path per value of a leading list: same origin, each once, at most MAX_LIST_PATHS", async () => {
    asked = [];
    const found = await run(scripts, "www.shop.example.com", page);
    expect(asked).toHaveLength(MAX_LIST_PATHS);
    expect(asked.sort()).toEqual(Array.from({ length: MAX_LIST_PATHS }, (_, i) => `/js/${i}.js`).sort());
    expect(found.map((f) => f.evidence.url)).toEqual([`http://www.shop.example.com:${web.port}/js/3.js`]);
    // A list variable in the middle of a path is not expanded: the path is not asked.
    expect(probePaths("/x/{{scripts}}", { scripts: ["/a.js"] }, "http://h")).toEqual([]);
  });
});
