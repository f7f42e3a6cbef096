// Every HTTP feature's fixture template (./fixtures/http-*.yaml) against a
// server that has what it looks for and a twin that does not.
import { deflateRawSync } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetConfig } from "../../config.ts";
import { startDnsServer, startHttpServer, testNetConfig, type TestServer } from "../../testing/index.ts";
import { fixture } from "./fixtures.ts";
import { parseTemplate } from "./parse.ts";
import { RequestCache, runTemplate, templateFinding, type RunContext } from "./run.ts";

// 22 bytes that start like a zip archive and hold an end-of-central-directory signature.
const ZIP = Buffer.from("504b0304" + "504b0506" + "00".repeat(14), "hex");
const FAVICON = deflateRawSync(Buffer.from("an icon, as bytes that are not UTF-8: \xff\xfe\x00", "latin1"));

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

function app(vulnerable: boolean): Handler {
  const sessions = new Set<string>();
  return (req, body, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const send = (status: number, text: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "text/html", ...headers });
      res.end(text);
    };
    const cookie = req.headers.cookie ?? "";
    switch (url.pathname) {
      case "/status-page":
        return send(200, vulnerable ? "<p>Version 3.14 running</p>" : "<p>Access denied</p> Version 3.14", {
          "X-App": "demo",
          "X-Mode": vulnerable ? "debug" : "production",
        });
      case "/backup.zip":
        return send(200, vulnerable ? ZIP : Buffer.from("<html>not a zip, 22 bytes"), {
          "content-type": "application/zip",
        });
      case "/favicon.ico":
        return send(200, vulnerable ? FAVICON : Buffer.from("other icon"), { "content-type": "image/x-icon" });
      case "/about":
        return send(200, vulnerable ? "<h1>ACME Portal</h1> build 42" : "<h1>ACME Portal</h1> build 42 patched", {
          server: "AcmeHTTP/1.0",
          "x-portal-version": vulnerable ? "v2.3.9" : "v2.4.1",
        });
      case "/api/info":
        if (!vulnerable) return send(404, "not found");
        return send(
          200,
          JSON.stringify({
            session: { token: "tok-123" },
            modules: [
              { name: "billing", enabled: true },
              { name: "legacy", enabled: false },
            ],
            build: "deadbeef",
          }),
          { "content-type": "application/json", "x-request-id": "req-7", server: "demo" },
        );
      case "/api/private":
        return send(200, url.searchParams.get("token") === "tok-123" ? "private data" : "nothing");
      case "/login":
        if (req.method === "POST" && body === "user=admin&pass=p%40ss+word" && vulnerable) {
          sessions.add("s1");
          return send(302, "", { location: "/dashboard", "set-cookie": "sid=s1; Path=/; HttpOnly" });
        }
        return send(401, "bad login");
      case "/dashboard":
        return cookie.includes("sid=s1") && sessions.has("s1")
          ? send(200, `Welcome admin ${req.headers["x-check"] ?? ""}`)
          : send(302, "", { location: "/login" });
      case "/auth": {
        const auth = Buffer.from((req.headers.authorization ?? "").replace("Basic ", ""), "base64").toString();
        return send(200, JSON.stringify({ authenticated: vulnerable && auth === "root:toor" }), {
          "content-type": "application/json",
        });
      }
      case "/check":
        return send(200, vulnerable && url.search === "?u=admin&p=changeme" ? "login ok" : "login failed");
      case "/private/private.txt":
        return vulnerable ? send(200, "secret listing") : send(404, "secret listing? no");
      case "/whoami": {
        const auth = Buffer.from((req.headers.authorization ?? "").replace("Basic ", ""), "base64").toString();
        const user = auth === "svc:hunter2" && vulnerable ? "svc" : "nobody";
        return send(200, `user=${user} probe=${url.searchParams.get("probe") ?? ""}`);
      }
      case "/admin/":
      case "/administrator/":
        return send(200, vulnerable ? "Admin console" : "Login required");
      case "/old":
        return send(301, "", { location: vulnerable ? "/mid" : "/a" });
      case "/mid":
        return send(302, "", { location: "/new" });
      case "/a":
        return send(302, "", { location: "/b" });
      case "/b":
        return send(302, "", { location: "/new" });
      case "/new":
        return send(200, "landed");
      case "/session/start":
        return send(204, "", vulnerable ? { "set-cookie": "trace=abc; Path=/session" } : {});
      case "/session/data":
        return send(200, cookie.includes("trace=abc") ? "session data for abc" : "who are you?");
      default:
        return send(404, "not found");
    }
  };
}

async function server(vulnerable: boolean): Promise<TestServer> {
  const handle = app(vulnerable);
  return startHttpServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    handle(req, body, res);
  });
}

let positive: TestServer;
let negative: TestServer;
let net: NetConfig;
let ctx: RunContext;

beforeAll(async () => {
  [positive, negative] = await Promise.all([server(true), server(false)]);
  net = testNetConfig(null, null);
  ctx = { net, covers: () => true };
});
afterAll(async () => {
  await Promise.all([positive?.close(), negative?.close()]);
});

const run = (name: string, base: string, c: RunContext = ctx) => runTemplate(fixture(name), { baseUrl: base }, c);
const paths = (s: TestServer) => s.requests.map((r) => r.path);

describe("http fixtures: the planted server matches, its twin does not", () => {
  it.each([
    "http-word-regex",
    "http-status-size-binary",
    "http-dsl",
    "http-extractors",
    "http-raw-sequence",
    "http-payloads-clusterbomb",
    "http-payloads-pitchfork",
    "http-payloads-batteringram",
    "http-variables",
    "http-stop-at-first-match",
    "http-redirects",
    "http-cookies",
  ])("%s", async (name) => {
    expect(await run(name, positive.url), "positive").not.toBeNull();
    expect(await run(name, negative.url), "negative twin").toBeNull();
  });
});

describe("http features in detail", () => {
  it("reports what matched and what was extracted, with the request and response", async () => {
    const hit = await run("http-extractors", positive.url);
    const f = templateFinding(hit!);
    expect(f).toMatchObject({ kind: "template.fixture-extractors", severity: "info", port: positive.port });
    // The internal token is not reported; it was sent by the second request.
    expect(f.evidence.extracted).toEqual(["billing", "req-7", "deadbeef", "DEMO/200"]);
    expect(f.evidence.extractedByName).toEqual({ token: ["tok-123"], modules: ["billing"], build: ["deadbeef"] });
    expect(paths(positive)).toContain("/api/private?token=tok-123");
    expect(f.evidence.request).toMatch(/^GET \/api\/info HTTP\/1\.1/);
  });

  it("a DSL matcher names itself; the favicon hash is mmh3 over Python-style base64", async () => {
    const hit = await run("http-dsl", positive.url);
    expect(templateFinding(hit!).evidence.matcherNames).toEqual(["favicon", "version"]);
  });

  it("clusterbomb tries combinations in order and stops at the first match; the pair is extracted", async () => {
    const before = positive.requests.filter((r) => r.path === "/auth").length;
    const hit = await run("http-payloads-clusterbomb", positive.url);
    expect(hit!.hits.map((h) => h.extracted)).toEqual([["root:toor"]]);
    // admin×3, then root:admin, root:toor: five requests, the sixth never sent.
    expect(positive.requests.filter((r) => r.path === "/auth").length - before).toBe(5);
  });

  it("stop-at-first-match sends no more paths after a match; without it every path is tried", async () => {
    const before = paths(positive).length;
    const hit = await run("http-stop-at-first-match", positive.url);
    expect(hit!.hits).toHaveLength(1);
    expect(paths(positive).slice(before)).toEqual(["/admin/"]);
    const all = fixture("http-stop-at-first-match");
    for (const r of all.requests) if (r.kind === "http") r.stopAtFirstMatch = false;
    const every = await runTemplate(all, { baseUrl: positive.url }, ctx);
    expect(every!.hits.map((h) => new URL(h.url).pathname)).toEqual(["/admin/", "/administrator/"]);
    expect(templateFinding(every!).evidence.matchedUrls).toHaveLength(2);
  });

  it("host-redirects never leave the host, whatever the ownership proof covers", async () => {
    const away = await startHttpServer((_req, res) => {
      res.writeHead(302, { location: `http://localhost:${positive.port}/new` });
      res.end();
    });
    try {
      const before = paths(positive).length;
      expect(await runTemplate(fixture("http-redirects"), { baseUrl: away.url }, ctx)).toBeNull();
      expect(paths(positive).length).toBe(before);
    } finally {
      await away.close();
    }
  });

  it("redirects to other covered hosts, named requests, max-size, match-all, disable-cookie", async () => {
    const t = (block: string) =>
      parseTemplate(`id: t\ninfo: { name: T, severity: low }\nconstants: { want: landed }\nhttp:\n${block}`);
    const dns = await startDnsServer({ zone: { "other.example.test": { A: ["127.0.0.1"] } } });
    const dctx = { ...ctx, net: testNetConfig(dns, null) };
    const away = await startHttpServer((_req, res) => {
      res.writeHead(302, { location: `http://other.example.test:${positive.port}/new` });
      res.end();
    });
    try {
      const follow = t(
        `  - path: ["{{BaseURL}}/"]\n    redirects: true\n    matchers: [{ type: word, words: ["{{want}}"] }]\n`,
      );
      const hit = await runTemplate(follow, { baseUrl: away.url }, dctx);
      expect(hit?.hits[0]?.url).toBe(`http://other.example.test:${positive.port}/new`);
      const notCovered = { ...dctx, covers: (h: string) => h !== "other.example.test" };
      expect(await runTemplate(follow, { baseUrl: away.url }, notCovered)).toBeNull();
    } finally {
      await Promise.all([away.close(), dns.close()]);
    }
    const named = t(
      `  - id: start\n    path: ["{{BaseURL}}/session/start", "{{BaseURL}}/session/data"]\n` +
        `    req-condition: true\n    matchers: [{ type: dsl, dsl: ["status_code_1 == 204 && ` +
        `start_status_code == status_code_2 && start_body == body_2"] }]\n`,
    );
    expect(await runTemplate(named, { baseUrl: positive.url }, ctx)).not.toBeNull();
    const capped = t(
      `  - path: ["{{BaseURL}}/about"]\n    max-size: 12\n    matchers: [{ type: word, words: [build] }]\n`,
    );
    expect(await runTemplate(capped, { baseUrl: positive.url }, ctx)).toBeNull();
    const all = t(
      `  - path: ["{{BaseURL}}/status-page"]\n    matchers: [{ type: regex, regex: ["[0-9]"], match-all: true }]\n`,
    );
    expect((await runTemplate(all, { baseUrl: positive.url }, ctx))?.hits[0]?.matched).toEqual(["3", "1", "4"]);
    const cookies = fixture("http-cookies");
    for (const r of cookies.requests) if (r.kind === "http") r.cookieReuse = false;
    expect(await runTemplate(cookies, { baseUrl: positive.url }, ctx)).toBeNull();
  });

  it("skip-variables-check sends a {{…}} that is not ours as written (a template-injection payload)", async () => {
    const payload = "{{constructor.constructor('1')()}}";
    const text = (skip: boolean) =>
      `id: t\ninfo: { name: T, severity: low }\nhttp:\n  - path: ["{{BaseURL}}/whoami?probe=${payload}"]\n` +
      `    skip-variables-check: ${skip}\n    matchers: [{ type: word, words: ["probe=${payload}"] }]\n`;
    expect(() => parseTemplate(text(false))).toThrow(/"constructor", which nothing in the template defines/);
    const hit = await runTemplate(parseTemplate(text(true)), { baseUrl: positive.url }, ctx);
    expect(hit?.hits[0]?.url).toBe(`${positive.url}/whoami?probe={{constructor.constructor(%271%27)()}}`);
  });

  it("identical requests are sent once per run, and GETs once per stage with a shared cache", async () => {
    const t = fixture("http-word-regex");
    const cache = new RequestCache();
    const before = paths(positive).filter((p) => p === "/status-page").length;
    await runTemplate(t, { baseUrl: positive.url }, { ...ctx, cache });
    await runTemplate(t, { baseUrl: positive.url }, { ...ctx, cache });
    expect(paths(positive).filter((p) => p === "/status-page").length - before).toBe(1);
  });

  it("requests to hosts the ownership proof does not cover are not sent", async () => {
    const before = paths(positive).length;
    const t = fixture("http-word-regex");
    const away = { ...ctx, covers: () => false };
    expect(await runTemplate(t, { baseUrl: positive.url.replace("127.0.0.1", "localhost") }, away)).toBeNull();
    expect(paths(positive).length).toBe(before);
  });
});
