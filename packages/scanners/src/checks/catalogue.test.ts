// The catalogue's load-time rules (a bad declaration never reaches a scan)
// and its generated files (the category indexes and docs/checks.md).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogue, CatalogueError, loadCatalogue } from "./catalogue.ts";
import { summarise, type CheckDeclaration } from "./format/index.ts";
import { docsFile, DOCS_FILE, generatedFiles } from "./generate.ts";

const git = catalogue().all.find((c) => c.kind === "http.exposed.git")!;
const redis = catalogue().all.find((c) => c.kind === "service.unauthenticated.redis")!;

/** The problems loading these declarations (as if they were one file) reports. */
function problems(file: string, ...checks: unknown[]): string[] {
  try {
    loadCatalogue([{ file, checks: checks as CheckDeclaration[] }]);
    return [];
  } catch (err) {
    if (err instanceof CatalogueError) return err.problems;
    throw err;
  }
}

describe("loading the catalogue", () => {
  it("loads the product's catalogue, every kind once", () => {
    const { all, http, tcp, udp, tls, dns } = catalogue();
    expect(all.length).toBe(http.length + tcp.length + udp.length + tls.length + dns.length);
    expect(new Set(all.map((c) => c.kind)).size).toBe(all.length);
  });

  it("accepts a good declaration", () => {
    expect(problems("exposed-file/x.ts", git)).toEqual([]);
  });

  it("scores a check's CVSS v3.1 vector and refuses a check without one, or one that is not a v3.1 base vector", () => {
    const scored = { ...git, cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N" };
    expect(problems("exposed-file/x.ts", scored)).toEqual([]);
    expect(summarise(scored as CheckDeclaration).cvss).toEqual({ vector: scored.cvss, score: 7.5 });
    expect(summarise({ ...scored, cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H" }).cvss.score).toBe(10);
    for (const bad of [
      undefined,
      "CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
      "AV:N/AC:L",
      "CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    ]) {
      expect(problems("exposed-file/x.ts", { ...git, cvss: bad })).toEqual([expect.stringMatching(/cvss/)]);
    }
  });

  it("refuses a check that would believe a status code", () => {
    const statusOnly = { ...git, http: [{ paths: ["/.git/config"], match: [{ status: [200] }] }] };
    expect(problems("exposed-file/x.ts", statusOnly)).toEqual([
      expect.stringMatching(/http\.0\.match: needs a word, regex, magic or json matcher .*status alone never/),
    ]);
    // Nor a negative matcher, nor a content type: they allow, they do not prove.
    const allowsOnly = {
      ...git,
      http: [
        { paths: ["/x"], match: [{ status: [200] }, { contentType: /text/ }, { words: ["<html"], negative: true }] },
      ],
    };
    expect(problems("exposed-file/x.ts", allowsOnly)).toHaveLength(1);
    const rootStatusOnly = { ...git, http: [{ root: true, match: [{ status: [200] }] }] };
    expect(problems("exposed-file/x.ts", rootStatusOnly)).toEqual([
      expect.stringMatching(/http\.0\.match: needs a matcher besides status/),
    ]);
  });

  it("refuses a conversation that proves nothing, and a login that trusts a status code", () => {
    const chatty = { ...redis, conversation: [{ send: "PING\r\n" }, { read: "line" }] };
    expect(problems("unauthenticated-service/x.ts", chatty)).toEqual([
      expect.stringMatching(/conversation: needs a read step with match or json/),
    ]);
    const login = {
      ...git,
      kind: "http.default-login.x",
      category: "default-login",
      http: undefined,
      login: {
        request: { path: "/login", body: "u={{username}}&p={{password}}" },
        credentials: [{ username: "admin", password: "admin" }],
        success: [{ status: [302] }],
        failure: [{ status: [200] }],
      },
    };
    expect(problems("default-login/x.ts", login)).toEqual([
      expect.stringMatching(/login\.success: needs a word, regex, magic or json matcher/),
      expect.stringMatching(/detect: a login is only tried where detect found the product/),
    ]);
    const greedy = {
      ...login,
      detect: { paths: ["/login"], match: [{ words: ["Sign in"] }] },
      login: {
        ...login.login,
        success: [{ words: ["Logout"] }],
        credentials: [1, 2, 3, 4].map((n) => ({ username: "admin", password: `pass${n}` })),
      },
    };
    expect(problems("default-login/x.ts", greedy)).toEqual([expect.stringMatching(/login\.credentials: .*3/)]);
  });

  it("refuses a UDP check that reads anything but datagrams", () => {
    const resolver = catalogue().udp.find((c) => c.kind === "service.dns.open-resolver")!;
    const framed = { ...resolver, conversation: [resolver.conversation[0], { read: "be16", match: /^EE/ }] };
    expect(problems("dns/x.ts", framed)).toEqual([expect.stringMatching(/conversation: a UDP check reads datagrams/)]);
    expect(problems("dns/x.ts", resolver)).toEqual([]);
  });

  it("names every problem: file, kind and field", () => {
    const found = problems(
      "exposed-file/x.ts",
      git,
      { ...git, title: "short" },
      git,
      { ...git, kind: "tls.exposed.git2" },
      { ...redis },
      { ...git, kind: "http.exposed.nofixtures", fixtures: { vulnerable: git.fixtures.vulnerable } },
      { ...git, kind: "http.exposed.badref", references: ["not a url"] },
    );
    expect(found).toEqual([
      expect.stringMatching(/^exposed-file\/x\.ts #2 http\.exposed\.git: title: /),
      expect.stringMatching(/^exposed-file\/x\.ts #3 http\.exposed\.git: kind: http\.exposed\.git is also declared/),
      expect.stringMatching(/^exposed-file\/x\.ts #4 tls\.exposed\.git2: kind: a http check's kind starts with http\./),
      expect.stringMatching(
        /^exposed-file\/x\.ts #5 service\.unauthenticated\.redis: category: unauthenticated-service/,
      ),
      expect.stringMatching(/^exposed-file\/x\.ts #6 http\.exposed\.nofixtures: fixtures\.clean: /),
      expect.stringMatching(/^exposed-file\/x\.ts #7 http\.exposed\.badref: references\.0: /),
    ]);
  });
});

describe("generated files", () => {
  it("are up to date: run `pnpm --filter @ems/scanners checks:generate` when this fails", async () => {
    for (const [file, content] of await generatedFiles()) expect(readFileSync(file, "utf8"), file).toBe(content);
    expect(readFileSync(DOCS_FILE, "utf8"), DOCS_FILE).toBe(await docsFile());
  });
});
