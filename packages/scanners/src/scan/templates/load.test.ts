// Loading template directories (ours, an operator's checkout), the parse
// cache, refusals counted by reason, and the templates stage running every
// protocol inside a scan.
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startDnsServer,
  startHttpServer,
  startTestWebServers,
  testNetConfig,
  type TestDnsServer,
  type TestWebServers,
} from "../../testing/index.ts";
import { defaultScanEngineConfig } from "../config.ts";
import { runScan } from "../run.ts";
import { BUILTIN_TEMPLATES_DIR, loadTemplates, refusalSummary } from "./load.ts";
import { runTemplate, templateFinding } from "./run.ts";

const temp: string[] = [];
async function dir(files: Record<string, string>): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), "ems-templates-"));
  temp.push(d);
  for (const [name, text] of Object.entries(files)) await writeFile(join(d, name), text);
  return d;
}
afterAll(async () => {
  await Promise.all(temp.map((d) => rm(d, { recursive: true, force: true })));
});

const template = (id: string, body: string, severity = "low") =>
  `id: ${id}\ninfo: { name: ${id}, severity: ${severity} }\n${body}`;

describe("our own templates", () => {
  let planted: Awaited<ReturnType<typeof startHttpServer>>;
  let clean: Awaited<ReturnType<typeof startHttpServer>>;
  beforeAll(async () => {
    planted = await startHttpServer((req, res) => {
      const pages: Record<string, [string, string]> = {
        "/.git/config": ["text/plain", '[core]\n\trepositoryformatversion = 0\n[remote "o"]\n\turl = git@x:a/b.git\n'],
        "/info.php": [
          "text/html",
          '<title>PHP 8.2.7 - phpinfo()</title><td class="e">PHP Version </td><td class="v">8.2.7 </td>',
        ],
        "/v3/api-docs": ["application/json", '{"openapi":"3.0.1","info":{"title":"API"}}'],
      };
      const page = pages[req.url ?? ""];
      res.writeHead(page ? 200 : 404, { "content-type": page?.[0] ?? "text/plain" });
      res.end(page?.[1] ?? "not found");
    });
    clean = await startHttpServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>[core] PHP Version phpinfo() openapi swagger</html>");
    });
  });
  afterAll(async () => {
    await Promise.all([planted?.close(), clean?.close()]);
  });

  it("load without refusals and find what is planted, nothing on a catch-all page", async () => {
    const { templates, errors } = await loadTemplates([BUILTIN_TEMPLATES_DIR]);
    expect(errors).toEqual([]);
    expect(templates.map((t) => t.id).sort()).toEqual([
      "apache-server-status",
      "env-file-exposure",
      "git-config-exposure",
      "phpinfo-exposure",
      "springboot-actuator-env",
      "swagger-api-docs",
    ]);
    const ctx = { net: testNetConfig(null, null), covers: () => true };
    const byId = new Map(templates.map((t) => [t.id, t]));
    const git = await runTemplate(byId.get("git-config-exposure")!, { baseUrl: planted.url }, ctx);
    expect(templateFinding(git!)).toMatchObject({
      kind: "http.exposed.git",
      severity: "high",
      evidence: { url: `${planted.url}/.git/config`, extracted: ["git@x:a/b.git"] },
    });
    const php = await runTemplate(byId.get("phpinfo-exposure")!, { baseUrl: planted.url }, ctx);
    expect(php?.hits[0]?.named).toEqual({ "php-version": ["8.2.7"] });
    for (const t of templates) expect(await runTemplate(t, { baseUrl: clean.url }, ctx), t.id).toBeNull();
  });
});

describe("loadTemplates", () => {
  it("a later directory replaces a template by id; refusals carry a code; unreadable directories too", async () => {
    const d = await dir({
      "mine.yaml": template(
        "git-config-exposure",
        "http:\n  - path: ['{{BaseURL}}/x']\n    matchers: [{ type: word, words: [x] }]\n",
      ),
      "code.yaml": template("c", "code:\n  - engine: [sh]\n"),
    });
    const { templates, errors } = await loadTemplates([BUILTIN_TEMPLATES_DIR, d, join(d, "missing")]);
    expect(templates.find((t) => t.id === "git-config-exposure")!.info.name).toBe("git-config-exposure");
    expect(errors.map((e) => [e.code, e.file])).toEqual([
      ["protocol code", join(d, "code.yaml")],
      ["directory", join(d, "missing")],
    ]);
  });

  it("parses each file once per process, again only when it changes", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++)
      files[`t${i}.yaml`] = template(
        `t${i}`,
        `http:\n  - path: ['{{BaseURL}}/${i}']\n    matchers: [{ type: status, status: [200] }]\n`,
      );
    const d = await dir(files);
    const first = await loadTemplates([d]);
    expect([first.files, first.parsed, first.templates.length]).toEqual([300, 300, 300]);
    const second = await loadTemplates([d]);
    expect([second.parsed, second.templates.length]).toEqual([0, 300]);
    await writeFile(
      join(d, "t7.yaml"),
      template("t7", "dns:\n  - name: '{{FQDN}}'\n    matchers: [{ type: word, words: [x] }]\n"),
    );
    await utimes(join(d, "t7.yaml"), new Date(), new Date(Date.now() + 5000));
    const third = await loadTemplates([d]);
    expect(third.parsed).toBe(1);
    expect(third.templates.find((t) => t.id === "t7")?.protocol).toBe("dns");
  });

  it("refuses json extractors whose jq filter does not compile", async () => {
    const d = await dir({
      "jq.yaml": template(
        "jq",
        "http:\n  - path: ['{{BaseURL}}/']\n    extractors: [{ type: json, json: ['.a | foo('] }]\n",
      ),
    });
    const { errors } = await loadTemplates([d]);
    expect(errors.map((e) => e.code)).toEqual(["jq syntax"]);
  });

  it("counts refusals by reason, most common first, with an example each", () => {
    const e = (code: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ file: `${code}${i}`, code, message: `${code} #${i}` }));
    expect(refusalSummary([...e("oob", 2), ...e("protocol code", 3), ...e("flow", 1)], 2)).toEqual([
      "3 × protocol code (e.g. protocol code #0)",
      "2 × oob (e.g. oob #0)",
      "1 × other reasons",
    ]);
  });
});

describe("the templates stage in a scan", () => {
  let dns: TestDnsServer;
  let web: TestWebServers;
  let tcp: net.Server;
  beforeAll(async () => {
    dns = await startDnsServer({
      zone: { "www.example.test": { A: ["127.0.0.1"], TXT: ["v=spf1 +all"] } },
    });
    web = await startTestWebServers({
      hostnames: ["www.example.test"],
      routes: { "/debug": { headers: { "content-type": "text/plain" }, body: "DEBUG MODE ON" } },
    });
    tcp = net.createServer((s) => s.end("220 legacy-ftpd 1.0 ready\r\n"));
    await new Promise<void>((r) => tcp.listen(0, "127.0.0.1", r));
  });
  afterAll(async () => {
    await Promise.all([dns?.close(), web?.close(), new Promise((r) => tcp?.close(r))]);
  });

  it("runs http, network, ssl and dns templates and counts the refused ones in the notes", async () => {
    const port = (tcp.address() as net.AddressInfo).port;
    const ok = "matchers: [{ type: word, words: [x] }]";
    const d = await dir({
      "http.yaml": template(
        "debug-page",
        "http:\n  - path: ['{{BaseURL}}/debug']\n    matchers: [{ type: word, words: [DEBUG MODE] }]\n",
      ),
      "tcp.yaml": template(
        "legacy-banner",
        `tcp:\n  - host: ['{{Hostname}}']\n    port: ${port}\n    inputs: [{ data: '' }]\n` +
          `    matchers: [{ type: word, words: [legacy-ftpd] }]\n`,
      ),
      "ssl.yaml": template(
        "self-signed",
        "ssl:\n  - address: '{{Host}}:{{Port}}'\n    matchers: [{ type: dsl, dsl: ['self_signed == true'] }]\n",
      ),
      "dns.yaml": template(
        "open-spf",
        "dns:\n  - name: '{{FQDN}}'\n    type: TXT\n    matchers: [{ type: word, words: ['+all'] }]\n",
      ),
      "info.yaml": template(
        "below-minimum",
        "http:\n  - path: ['{{BaseURL}}/debug']\n    matchers: [{ type: word, words: [DEBUG] }]\n",
        "info",
      ),
      "code1.yaml": template("c1", "code:\n  - engine: [sh]\n"),
      "code2.yaml": template("c2", "code:\n  - engine: [sh]\n"),
      "oob.yaml": template("o", `http:\n  - path: ['{{BaseURL}}/?x={{interactsh-url}}']\n    ${ok}\n`),
    });
    const result = await runScan(
      {
        target: {
          type: "subdomain",
          value: "www.example.test",
          registrableDomain: "example.test",
          unicode: "www.example.test",
        },
        profile: {
          portScanMode: "off",
          nucleiMinSeverity: "low",
          disabledScannerTypes: ["tls", "http", "technologies"],
        },
        covers: (h) => h.endsWith("example.test"),
      },
      testNetConfig(dns, web),
      { ...defaultScanEngineConfig, templatesDir: d, crawl: { maxDepth: 0 } },
    );
    const found = result.findings.filter((f) => f.scanner === "templates");
    expect(found.map((f) => f.kind).sort()).toEqual(
      ["template.debug-page", "template.legacy-banner", "template.open-spf", "template.self-signed"].sort(),
    );
    expect(found.find((f) => f.kind === "template.legacy-banner")).toMatchObject({
      port,
      evidence: { url: `tcp://www.example.test:${port}` },
    });
    const notes = result.stages.find((s) => s.stage === "templates")!.notes!;
    expect(notes[0]).toMatch(/^templates: \d+ loaded, 3 refused of \d+ files \(\d+ ms\)$/);
    expect(notes.slice(1)).toEqual([
      expect.stringMatching(
        /^templates refused: 2 × protocol code \(e\.g\. .*code1\.yaml: code templates run programs/,
      ),
      expect.stringMatching(/^templates refused: 1 × oob /),
    ]);
  });
});
