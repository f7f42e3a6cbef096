// What the loader accepts, and what it refuses with a reason (and the code the
// stage counts refusals by) rather than run with another meaning.
import { describe, expect, it } from "vitest";
import { MAX_REQUESTS_PER_TEMPLATE } from "./model.ts";
import { parseTemplate, TemplateError } from "./parse.ts";

const head = "id: t\ninfo: { name: T, severity: low }\n";
const http = (block: string) => `${head}http:\n  - ${block.replace(/\n/g, "\n    ")}\n`;
const ok = "matchers: [{ type: word, words: [x] }]";

function refusal(text: string): { code: string; message: string } {
  try {
    parseTemplate(text, "t.yaml");
  } catch (err) {
    if (err instanceof TemplateError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("accepted");
}

describe("parseTemplate accepts the public format", () => {
  it("http: paths, method, headers, body, matchers and extractors with their options", () => {
    const t = parseTemplate(`${head}requests:
  - method: post
    path: ["{{BaseURL}}/api", "{{RootURL}}/v2"]
    headers: { Content-Type: application/json }
    body: '{"q":"{{Hostname}}"}'
    redirects: true
    max-redirects: 3
    matchers-condition: and
    matchers:
      - { type: status, status: [200, 201] }
      - { type: word, words: ["ok"], negative: true, part: all_headers, case-insensitive: true, match-all: true }
      - { type: dsl, dsl: ["len(body) > 2"], internal: true, name: big }
    extractors:
      - { type: regex, regex: ["v(\\\\d+)"], group: 1, name: v, internal: true }
`);
    expect(t).toMatchObject({ protocol: "http", kind: "template.t", info: { severity: "low" } });
    const r = t.requests[0]!;
    expect(r).toMatchObject({
      kind: "http",
      method: "POST",
      paths: ["{{BaseURL}}/api", "{{RootURL}}/v2"],
      redirects: "any",
      maxRedirects: 3,
      requestCount: 2,
    });
    expect(r.operators.matchers[1]).toMatchObject({ negative: true, caseInsensitive: true, matchAll: true });
    expect(r.operators.matchers[2]).toMatchObject({ type: "dsl", internal: true, name: "big" });
  });

  it("counts requests: paths and raw requests times the payload combinations", () => {
    const t = parseTemplate(
      http(`raw: ["GET /a?u={{u}}&p={{p}} HTTP/1.1\\nHost: {{Hostname}}", "GET /b HTTP/1.1\\nHost: {{Hostname}}"]
attack: clusterbomb
payloads: { u: [a, b, c], p: [x, y] }
${ok}`),
    );
    expect(t.requests[0]).toMatchObject({ requestCount: 12, payloads: { attack: "clusterbomb" } });
    // Several sets without attack: clusterbomb, as nuclei does; one set: batteringram.
    expect(
      parseTemplate(http(`path: ["{{BaseURL}}/{{a}}{{b}}"]\npayloads: { a: [1], b: [2] }\n${ok}`)).requests[0],
    ).toMatchObject({ payloads: { attack: "clusterbomb" } });
    expect(
      parseTemplate(http(`path: ["{{BaseURL}}/{{a}}"]\npayloads: { a: [1, 2] }\n${ok}`)).requests[0],
    ).toMatchObject({
      payloads: { attack: "batteringram" },
      requestCount: 2,
    });
  });

  it("variables may call helpers and use earlier variables and the target's", () => {
    const t = parseTemplate(
      `${head}variables:\n  a: "{{to_lower(Host)}}"\n  b: "{{base64(a)}}-{{randstr}}"\n` +
        `http:\n  - path: ["{{BaseURL}}/{{b}}"]\n    ${ok}\n`,
    );
    expect(t.variables).toEqual([
      ["a", "{{to_lower(Host)}}"],
      ["b", "{{base64(a)}}-{{randstr}}"],
    ]);
  });

  it("network, ssl and dns blocks", () => {
    const n = parseTemplate(
      `${head}network:\n  - host: ["{{Hostname}}", "tls://{{Host}}:993"]\n    port: "110,995"\n` +
        `    inputs: [{ data: "CAPA\\r\\n", read: 64, name: capa }, { data: "0a0b", type: hex }]\n` +
        `    read-all: true\n    ${ok}\n`,
    );
    expect(n.requests[0]).toMatchObject({
      kind: "network",
      hosts: [
        { tls: false, port: 110 },
        { tls: false, port: 995 },
        { tls: true, port: 993 },
      ],
      readAll: true,
    });
    const s = parseTemplate(
      `${head}ssl:\n  - address: "{{Host}}:{{Port}}"\n    min_version: tls10\n    max_version: tls11\n` +
        `    cipher_suites: [TLS_RSA_WITH_AES_128_CBC_SHA, TLS_NOT_A_SUITE]\n    ${ok}\n`,
    );
    expect(s.requests[0]).toMatchObject({ kind: "ssl", minVersion: "tls10", maxVersion: "tls11" });
    const d = parseTemplate(
      `${head}dns:\n  - name: "_dmarc.{{FQDN}}"\n    type: txt\n    recursion: false\n    ${ok}\n`,
    );
    expect(d.requests[0]).toMatchObject({ kind: "dns", name: "_dmarc.{{FQDN}}", type: "TXT", recursion: false });
  });
});

describe("parseTemplate refuses, naming why", () => {
  it.each([
    ["code", `${head}code:\n  - engine: [sh]\n    source: id`, "protocol code", /run programs/],
    ["javascript", `${head}javascript:\n  - code: x`, "protocol javascript", /scripts/],
    ["headless", `${head}headless:\n  - steps: []`, "protocol headless", /browser/],
    ["file", `${head}file:\n  - extensions: [all]`, "protocol file", /files/],
    ["whois", `${head}whois:\n  - query: x`, "protocol whois", /third-party/],
    ["flow", `${head}flow: http(1)\nhttp:\n  - path: ["{{BaseURL}}"]\n    ${ok}`, "flow", /flow/],
    ["workflows", `${head}workflows:\n  - template: x.yaml`, "workflow", /workflows/],
    [
      "mixed",
      `${head}dns:\n  - name: "{{FQDN}}"\n    ${ok}\nhttp:\n  - path: ["{{BaseURL}}"]\n    ${ok}`,
      "multi-protocol",
      /mixing/,
    ],
    ["oob", http(`path: ["{{BaseURL}}/?u={{interactsh-url}}"]\n${ok}`), "oob", /out-of-band/],
    [
      "function",
      http(`path: ["{{BaseURL}}/"]\nmatchers: [{ type: dsl, dsl: ["jarm(Host) == 'x'"] }]`),
      "DSL function jarm",
      /jarm/,
    ],
    [
      "arity",
      http(`path: ["{{BaseURL}}/"]\nmatchers: [{ type: dsl, dsl: ["contains(body)"] }]`),
      "DSL function contains",
      /takes 2/,
    ],
    ["unknown variable", http(`path: ["{{BaseURL}}/{{nope}}"]\n${ok}`), "unknown variable", /"nope"/],
    ["unsafe", http(`raw: ["GET / HTTP/1.1\\nHost: {{Hostname}}"]\nunsafe: true\n${ok}`), "unsafe", /safeFetch/],
    ["race", http(`path: ["{{BaseURL}}/"]\nrace: true\nrace_count: 10\n${ok}`), "race", /race/],
    ["fuzzing", http(`path: ["{{BaseURL}}/"]\nfuzzing: [{ part: query }]\n${ok}`), "fuzzing", /fuzzing/],
    ["unknown field", http(`path: ["{{BaseURL}}/"]\nfrobnicate: 1\n${ok}`), "http field frobnicate", /frobnicate/],
    ["host header", http(`raw: ["GET / HTTP/1.1\\nHost: evil.test"]\n${ok}`), "custom Host header", /vetted name/],
    ["matcher", http(`path: ["{{BaseURL}}/"]\nmatchers: [{ type: xpath, xpath: ["//a"] }]`), "matcher xpath", /xpath/],
    [
      "extractor",
      http(`path: ["{{BaseURL}}/"]\nextractors: [{ type: xpath, xpath: ["//a"] }]`),
      "extractor xpath",
      /xpath/,
    ],
    [
      "regex",
      http(`path: ["{{BaseURL}}/"]\nmatchers: [{ type: regex, regex: ["a(?i)b"] }]`),
      "regex syntax",
      /inline flags/,
    ],
    [
      "payload file",
      http(`path: ["{{BaseURL}}/{{p}}"]\npayloads: { p: ../../etc/passwd.txt }\n${ok}`),
      "payload file",
      /not found/,
    ],
    [
      "attack",
      http(`path: ["{{BaseURL}}/{{p}}"]\nattack: sniper\npayloads: { p: [a] }\n${ok}`),
      "attack sniper",
      /sniper/,
    ],
    ["network host", `${head}tcp:\n  - host: ["evil.test:25"]\n    ${ok}`, "network host", /scanned target/],
    ["network port", `${head}tcp:\n  - host: ["{{Hostname}}"]\n    ${ok}`, "network port", /no port/],
    [
      "ssl enum",
      `${head}ssl:\n  - address: "{{Host}}:{{Port}}"\n    tls_cipher_enum: true\n    ${ok}`,
      "tls_cipher_enum",
      /cipher suite/,
    ],
    ["revoked", `${head}ssl:\n  - matchers: [{ type: dsl, dsl: ["revoked == true"] }]`, "ssl revoked", /revocation/],
    ["suites", `${head}ssl:\n  - cipher_suites: [TLS_MADE_UP]\n    ${ok}`, "ssl cipher_suites", /OpenSSL/],
    ["axfr", `${head}dns:\n  - name: "{{FQDN}}"\n    type: AXFR\n    ${ok}`, "dns AXFR", /port 53/],
    [
      "resolvers",
      `${head}dns:\n  - name: "{{FQDN}}"\n    resolvers: [8.8.8.8]\n    ${ok}`,
      "resolvers",
      /EMS_DNS_SERVERS/,
    ],
    ["not a template", "just: a mapping", "not a template", /id ""/],
    ["yaml", "id: [", "not valid YAML", /YAML/],
  ])("%s", (_name, text, code, message) => {
    const r = refusal(text);
    expect(r.code).toBe(code);
    expect(r.message).toMatch(message);
    expect(r.message).toMatch(/^t\.yaml: /);
  });

  it(`refuses templates that would send more than ${MAX_REQUESTS_PER_TEMPLATE} requests to one target`, () => {
    const users = Array.from({ length: 11 }, (_, i) => `u${i}`).join(", ");
    const r = refusal(http(`path: ["{{BaseURL}}/{{u}}/{{p}}"]\npayloads: { u: [${users}], p: [${users}] }\n${ok}`));
    expect(r).toMatchObject({ code: "too many requests" });
    expect(r.message).toMatch(/121 requests per target, more than the bound of 100/);
  });
});
