import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetConfig } from "../config.ts";
import { startHttpServer, testNetConfig, type TestServer } from "../testing/index.ts";
import { BUILTIN_TEMPLATES_DIR, loadTemplates } from "./templates/load.ts";
import { goRegex, parseTemplate, type Matcher, type Template } from "./templates/parse.ts";
import {
  evaluateMatcher,
  evaluateMatchers,
  runExtractors,
  runTemplate,
  templateFinding,
  templateVariables,
  type TemplateResponse,
} from "./templates/run.ts";

const response: TemplateResponse = {
  status: 200,
  headerText: "Content-Type: application/json\r\nX-Powered-By: PHP/8.1.2\r\nSet-Cookie: a=1",
  headers: { "content-type": "application/json", "x-powered-by": "PHP/8.1.2", "set-cookie": "a=1" },
  body: '{"openapi":"3.0.1","info":{"title":"Pet Store","version":"1.2.3"}}',
  size: 64,
};

const matcher = (m: Partial<Matcher>): Matcher => ({
  type: "word",
  part: "body",
  words: [],
  regex: [],
  status: [],
  size: [],
  condition: "or",
  negative: false,
  caseInsensitive: false,
  ...m,
});

describe("matchers", () => {
  it("word: or / and / case-insensitive / part", () => {
    expect(evaluateMatcher(matcher({ words: ["openapi", "swagger"] }), response)).toEqual({
      ok: true,
      matched: ["openapi"],
    });
    expect(evaluateMatcher(matcher({ words: ["openapi", "swagger"], condition: "and" }), response).ok).toBe(false);
    expect(evaluateMatcher(matcher({ words: ["OPENAPI"] }), response).ok).toBe(false);
    expect(evaluateMatcher(matcher({ words: ["OPENAPI"], caseInsensitive: true }), response).ok).toBe(true);
    expect(evaluateMatcher(matcher({ words: ["Content-Type: application/json"], part: "header" }), response).ok).toBe(
      true,
    );
    expect(evaluateMatcher(matcher({ words: ["Content-Type"], part: "body" }), response).ok).toBe(false);
    expect(
      evaluateMatcher(matcher({ words: ["X-Powered-By", "Pet Store"], part: "all", condition: "and" }), response).ok,
    ).toBe(true);
  });

  it("regex, status, size and negative", () => {
    expect(evaluateMatcher(matcher({ type: "regex", regex: [/"version":"([\d.]+)"/] }), response)).toEqual({
      ok: true,
      matched: ['"version":"1.2.3"'],
    });
    expect(evaluateMatcher(matcher({ type: "regex", regex: [/nope/, /Pet/], condition: "and" }), response).ok).toBe(
      false,
    );
    expect(evaluateMatcher(matcher({ type: "status", status: [200, 206] }), response).ok).toBe(true);
    expect(evaluateMatcher(matcher({ type: "status", status: [404] }), response).ok).toBe(false);
    expect(evaluateMatcher(matcher({ type: "size", size: [64] }), response).ok).toBe(true);
    expect(evaluateMatcher(matcher({ words: ["<html"], negative: true }), response)).toEqual({ ok: true, matched: [] });
    expect(evaluateMatcher(matcher({ words: ["openapi"], negative: true }), response).ok).toBe(false);
  });

  it("matchers-condition and / or", () => {
    const ms = [matcher({ words: ["openapi"], name: "word" }), matcher({ type: "status", status: [404] })];
    expect(evaluateMatchers({ matchers: ms, matchersCondition: "or" }, response)).toEqual({
      matched: true,
      values: ["openapi"],
      names: ["word"],
    });
    expect(evaluateMatchers({ matchers: ms, matchersCondition: "and" }, response).matched).toBe(false);
  });

  it("extractors: regex with group, kval from headers", () => {
    const t = parseTemplate(`
id: x
info: { name: X, severity: info }
http:
  - path: ["{{BaseURL}}/"]
    extractors:
      - type: regex
        name: version
        group: 1
        regex: ['"version":"([\\d.]+)"']
      - type: kval
        kval: [x_powered_by, Content-Type]
      - type: json
        json: [".info"]
`);
    const ex = runExtractors(t.requests[0]!.extractors, response);
    expect(ex.values).toEqual(["1.2.3", "PHP/8.1.2", "application/json"]);
    expect(ex.named).toEqual({ version: ["1.2.3"] });
  });

  it("converts Go regex syntax", () => {
    expect(goRegex("(?i)hello").flags).toContain("i");
    expect(goRegex("(?is)a.b").flags).toBe("is");
    expect(goRegex("(?P<v>\\d+)").exec("v12")?.groups?.v).toBe("12");
    expect(() => goRegex("a(?i)b")).toThrow(/inline flags/);
  });
});

describe("parseTemplate", () => {
  it("reads the nuclei format (http: and legacy requests:)", () => {
    const t = parseTemplate(`
id: demo-template
info:
  name: Demo
  severity: HIGH
  tags: a, b
  description: Something.
  remediation: Fix it.
requests:
  - method: POST
    path:
      - "{{BaseURL}}/api"
    headers:
      Content-Type: application/json
    body: '{"q":"{{Hostname}}"}'
    redirects: true
    matchers-condition: and
    matchers:
      - type: status
        status: [200]
      - type: word
        words: ["ok"]
        negative: true
`);
    expect(t).toMatchObject({
      id: "demo-template",
      info: { name: "Demo", severity: "high", tags: ["a", "b"], description: "Something.", remediation: "Fix it." },
    });
    expect(t.requests[0]).toMatchObject({
      method: "POST",
      paths: ["{{BaseURL}}/api"],
      redirects: true,
      matchersCondition: "and",
      headers: { "Content-Type": "application/json" },
    });
    expect(t.requests[0]!.matchers[1]!.negative).toBe(true);
  });

  it("refuses what it cannot run faithfully, saying why", () => {
    const base = (rest: string) => `id: t\ninfo: { name: T, severity: low }\n${rest}`;
    const cases: Array<[string, RegExp]> = [
      [base("dns:\n  - name: '{{FQDN}}'"), /"dns" templates are not supported/],
      [
        base("http:\n  - path: ['{{BaseURL}}/{{randstr}}']\n    matchers: [{ type: status, status: [200] }]"),
        /unsupported expression \{\{randstr\}\}/,
      ],
      [
        base("http:\n  - path: ['{{BaseURL}}/']\n    matchers: [{ type: dsl, dsl: ['status_code == 200'] }]"),
        /type "dsl" is not supported/,
      ],
      [
        base(
          "http:\n  - path: ['{{BaseURL}}/{{p}}']\n    payloads: { p: [a] }\n    matchers: [{ type: status, status: " +
            "[200] }]",
        ),
        /"payloads" is not supported/,
      ],
      [
        base("http:\n  - path: ['/x']\n    matchers: [{ type: status, status: [200] }]"),
        /must start with \{\{BaseURL\}\}/,
      ],
      [base("http:\n  - path: ['{{BaseURL}}/']"), /no matchers or extractors/],
      ["id: t\ninfo: { severity: low }\nhttp: []", /info.name is required/],
      ["id: 'bad id'\ninfo: { name: T, severity: low }", /id "bad id"/],
      [
        base("http:\n  - path: ['{{BaseURL}}/']\n    matchers: [{ type: word, words: [a], part: cookie }]"),
        /part "cookie" is not supported/,
      ],
      ["id: [", /not valid YAML/],
    ];
    for (const [text, message] of cases) expect(() => parseTemplate(text, "t.yaml"), String(message)).toThrow(message);
  });

  it("supports raw requests and plain variables", () => {
    const t = parseTemplate(`
id: raw-one
info: { name: Raw, severity: medium }
variables:
  token: abc
http:
  - raw:
      - |
        GET /status?t={{token}} HTTP/1.1
        Host: {{Hostname}}
        X-Probe: yes
    matchers:
      - type: word
        words: ["up"]
`);
    expect(t.requests[0]!.raw[0]).toEqual({
      method: "GET",
      path: "/status?t=abc",
      headers: { Host: "{{Hostname}}", "X-Probe": "yes" },
    });
  });

  it("computes the request variables", () => {
    expect(templateVariables("https://example.com:8443")).toEqual({
      BaseURL: "https://example.com:8443",
      RootURL: "https://example.com:8443",
      Hostname: "example.com:8443",
      Host: "example.com",
      Port: "8443",
      Path: "",
      Scheme: "https",
    });
    expect(templateVariables("http://[2001:db8::1]/app/").Host).toBe("2001:db8::1");
  });

  it("loads our own templates without errors", async () => {
    const { templates, errors } = await loadTemplates([BUILTIN_TEMPLATES_DIR]);
    expect(errors).toEqual([]);
    expect(templates.map((t) => t.id).sort()).toEqual(
      [
        "apache-server-status",
        "env-file-exposure",
        "git-config-exposure",
        "phpinfo-exposure",
        "springboot-actuator-env",
        "swagger-api-docs",
      ].sort(),
    );
  });

  it("lets a later directory replace a template and reports broken files", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ems-templates-"));
    try {
      await writeFile(
        join(dir, "mine.yaml"),
        "id: git-config-exposure\ninfo: { name: Mine, severity: low }\nhttp:\n  - path: ['{{BaseURL}}/x']\n    " +
          "matchers: [{ type: status, status: [200] }]\n",
      );
      await writeFile(join(dir, "broken.yml"), "id: broken\ninfo: { name: B, severity: low }\ntcp: []\n");
      const { templates, errors } = await loadTemplates([BUILTIN_TEMPLATES_DIR, dir, join(dir, "missing")]);
      expect(templates.find((t) => t.id === "git-config-exposure")!.info.name).toBe("Mine");
      expect(errors.map((e) => e.message)).toEqual([
        expect.stringMatching(/broken\.yml: "tcp" templates are not supported/),
        expect.stringMatching(/cannot read the directory/),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("runTemplate", () => {
  let planted: TestServer;
  let clean: TestServer;
  let net: NetConfig;
  let builtins: Map<string, Template>;
  const seen: Array<{
    method: string;
    url: string;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }> = [];
  const covers = () => true;

  beforeAll(async () => {
    planted = await startHttpServer(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const send = (status: number, text: string, type = "text/plain") => {
        res.writeHead(status, { "content-type": type });
        res.end(text);
      };
      switch (req.url) {
        case "/.git/config":
          return send(
            200,
            '[core]\n\trepositoryformatversion = 0\n\tbare = false\n[remote "origin"]\n\turl = ' +
              "git@github.com:acme/site.git\n",
          );
        case "/info.php":
          return send(
            200,
            '<html><head><title>PHP 8.2.7 - phpinfo()</title></head><body><table><tr><td class="e">PHP Version ' +
              '</td><td class="v">8.2.7 </td></tr></table></body></html>',
            "text/html",
          );
        case "/v3/api-docs":
          return send(200, '{"openapi":"3.0.1","info":{"title":"API"}}', "application/json");
        case "/api":
          return send(
            req.method === "POST" && body === '{"q":"ping"}' && req.headers["x-token"] === "t1" ? 200 : 400,
            "pong",
          );
        case "/moved":
          res.writeHead(302, { location: "/target" });
          res.end();
          return;
        case "/target":
          return send(200, "arrived");
        default:
          return send(404, "not found");
      }
    });
    clean = await startHttpServer((_req, res) => {
      res.writeHead(404, { "content-type": "text/html" });
      res.end("<html>not here [core] PHP Version phpinfo()</html>");
    });
    net = testNetConfig(null, null);
    builtins = new Map((await loadTemplates([BUILTIN_TEMPLATES_DIR])).templates.map((t) => [t.id, t]));
  });

  afterAll(async () => {
    await Promise.all([planted?.close(), clean?.close()]);
  });

  it("our templates find what is planted, with extracted values and evidence", async () => {
    const git = await runTemplate(builtins.get("git-config-exposure")!, planted.url, net, { covers });
    expect(git).not.toBeNull();
    expect(git!.extracted).toEqual(["git@github.com:acme/site.git"]);
    const f = templateFinding(git!);
    expect(f).toMatchObject({
      scanner: "templates",
      kind: "http.exposed.git",
      severity: "high",
      title: "Git repository configuration exposed",
      port: planted.port,
    });
    expect(f.evidence.url).toBe(`${planted.url}/.git/config`);
    expect(f.evidence.request).toMatch(/^GET \/\.git\/config HTTP\/1\.1\r\n/);
    expect(f.evidence.response).toContain("repositoryformatversion");
    expect(f.evidence.matched).toContain("[core]");
    expect(f.description).toContain("Fix: Deny access to /.git");

    const php = await runTemplate(builtins.get("phpinfo-exposure")!, planted.url, net, { covers });
    expect(php?.result.url).toBe(`${planted.url}/info.php`);
    expect(php?.named).toEqual({ "php-version": ["8.2.7"] });

    const swagger = await runTemplate(builtins.get("swagger-api-docs")!, planted.url, net, { covers });
    expect(swagger?.extracted).toEqual(["3.0.1"]);
    expect(await runTemplate(builtins.get("env-file-exposure")!, planted.url, net, { covers })).toBeNull();
  });

  it("finds nothing on a clean server", async () => {
    for (const t of builtins.values()) expect(await runTemplate(t, clean.url, net, { covers }), t.id).toBeNull();
  });

  it("sends the method, headers and body, and follows redirects only when asked", async () => {
    const post = parseTemplate(`
id: post-probe
info: { name: Post, severity: low }
http:
  - method: POST
    path: ["{{BaseURL}}/api"]
    headers: { X-Token: t1, Content-Type: application/json }
    body: '{"q":"ping"}'
    matchers: [{ type: word, words: [pong] }, { type: status, status: [200] }]
    matchers-condition: and
`);
    expect(await runTemplate(post, planted.url, net, { covers })).not.toBeNull();
    expect(seen.at(-1)).toMatchObject({
      method: "POST",
      body: '{"q":"ping"}',
      headers: { "x-token": "t1", "content-type": "application/json" },
    });

    const redirect = (follow: boolean) =>
      parseTemplate(
        `id: r\ninfo: { name: R, severity: low }\nhttp:\n  - path: ['{{BaseURL}}/moved']\n    redirects: ${follow}\n ` +
          `   matchers: [{ type: word, words: [arrived] }]\n`,
      );
    expect(await runTemplate(redirect(false), planted.url, net, { covers })).toBeNull();
    expect(await runTemplate(redirect(true), planted.url, net, { covers })).not.toBeNull();
  });

  it("does not follow redirects to hosts the ownership proof does not cover", async () => {
    const t = parseTemplate(
      `id: r\ninfo: { name: R, severity: low }\nhttp:\n  - path: ['{{BaseURL}}/moved']\n    redirects: true\n    ` +
        `matchers: [{ type: word, words: [arrived] }]\n`,
    );
    const before = seen.filter((r) => r.url === "/target").length;
    expect(await runTemplate(t, planted.url, net, { covers: () => false })).toBeNull();
    expect(seen.filter((r) => r.url === "/target").length).toBe(before);
  });
});
