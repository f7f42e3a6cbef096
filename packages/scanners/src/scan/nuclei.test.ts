import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nucleiArgs, nucleiFinding, runNuclei } from "./nuclei.ts";

let dir: string;
let fake: string;
let argsFile: string;

const LINES = [
  {
    "template-id": "exposed-panel-x",
    "template-path": "/templates/http/exposed-panels/x.yaml",
    info: {
      name: "X Admin Panel",
      severity: "medium",
      description: "The X admin login is public.",
      tags: ["panel", "x"],
      remediation: "Restrict it.",
    },
    type: "http",
    host: "https://example.com",
    "matched-at": "https://example.com:8443/admin/login",
    "matcher-name": "title",
    "extracted-results": ["4.2.1"],
    request: "GET /admin/login HTTP/1.1\r\nHost: example.com:8443\r\n\r\n",
    response: "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<title>X Admin</title>" + "x".repeat(5000),
    "curl-command": "curl -X 'GET' 'https://example.com:8443/admin/login'",
  },
  {
    "template-id": "tech-detect",
    info: { name: "Wappalyzer Technology Detection", severity: "info" },
    type: "http",
    host: "https://example.com",
    "matched-at": "https://example.com/",
    "matcher-name": "nginx",
  },
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ems-nuclei-"));
  fake = join(dir, "nuclei");
  argsFile = join(dir, "args");
  await writeFile(
    fake,
    `#!/bin/sh
printf '%s\\n' "$@" > '${argsFile}'
echo '[INF] a log line that is not JSON'
printf '%s\\n' '${JSON.stringify(LINES[0])}'
printf '%s' '${JSON.stringify(LINES[1])}'
`,
  );
  await chmod(fake, 0o755);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("runNuclei", () => {
  it("runs the binary with -jsonl and the severity filter, and imports each JSON line", async () => {
    const streamed: string[] = [];
    const findings = await runNuclei({
      binary: fake,
      targets: ["https://example.com", "http://example.com"],
      minSeverity: "info",
      onFinding: (f) => streamed.push(f.kind),
    });
    const args = (await readFile(argsFile, "utf8")).trim().split("\n");
    expect(args).toEqual(nucleiArgs(["https://example.com", "http://example.com"], "info"));
    expect(args).toEqual(
      expect.arrayContaining([
        "-jsonl",
        "-severity",
        "info,low,medium,high,critical",
        "-u",
        "https://example.com",
        "-u",
        "http://example.com",
      ]),
    );
    expect(streamed).toEqual(["nuclei.exposed-panel-x", "nuclei.tech-detect"]);
    expect(findings).toHaveLength(2);
    expect(findings[0]).toMatchObject({
      scanner: "nuclei",
      kind: "nuclei.exposed-panel-x",
      title: "X Admin Panel",
      severity: "medium",
      port: 8443,
      description: "The X admin login is public.\n\nFix: Restrict it.",
      evidence: {
        url: "https://example.com:8443/admin/login",
        matched: "title\n4.2.1",
        matcherName: "title",
        extracted: ["4.2.1"],
        template: { id: "exposed-panel-x", tags: ["panel", "x"] },
      },
    });
    expect(findings[0]!.evidence.request).toContain("GET /admin/login");
    expect(Buffer.byteLength(findings[0]!.evidence.response!)).toBeLessThanOrEqual(2048);
    expect(findings[1]).toMatchObject({ kind: "nuclei.tech-detect", severity: "info", port: 443 });
  });

  it("keeps only results at or above the minimum severity", async () => {
    const findings = await runNuclei({ binary: fake, targets: ["https://example.com"], minSeverity: "low" });
    expect(findings.map((f) => f.kind)).toEqual(["nuclei.exposed-panel-x"]);
    expect((await readFile(argsFile, "utf8")).split("\n")).toContain("low,medium,high,critical");
  });

  it("fails clearly when the binary fails or is missing", async () => {
    const failing = join(dir, "failing");
    await writeFile(failing, "#!/bin/sh\necho 'flag provided but not defined: -jsonl' >&2\nexit 2\n");
    await chmod(failing, 0o755);
    await expect(runNuclei({ binary: failing, targets: ["https://example.com"], minSeverity: "info" })).rejects.toThrow(
      /nuclei exited with 2: flag provided but not defined/,
    );
    await expect(
      runNuclei({ binary: join(dir, "absent"), targets: ["https://example.com"], minSeverity: "info" }),
    ).rejects.toThrow(/cannot run nuclei/);
  });

  it("kills the process when aborted", async () => {
    const slow = join(dir, "slow");
    const pidFile = join(dir, "pid");
    await writeFile(slow, `#!/bin/sh\necho $$ > '${pidFile}'\nsleep 30\n`);
    await chmod(slow, 0o755);
    const ctl = new AbortController();
    const p = runNuclei({ binary: slow, targets: ["https://example.com"], minSeverity: "info", signal: ctl.signal });
    await new Promise((r) => setTimeout(r, 200));
    ctl.abort(Object.assign(new Error("stop"), { name: "AbortError" }));
    await expect(p).rejects.toMatchObject({ name: "AbortError" });
    const pid = Number(await readFile(pidFile, "utf8"));
    await new Promise((r) => setTimeout(r, 200));
    expect(() => process.kill(pid, 0)).toThrow();
  });

  it("ignores lines that are not results", () => {
    expect(nucleiFinding({ foo: 1 }, "info")).toBeNull();
    expect(nucleiFinding({ "template-id": "../etc", info: {} }, "info")).toBeNull();
    expect(nucleiFinding({ "template-id": "x", info: { severity: "unknown" } }, "info")).toMatchObject({
      kind: "nuclei.x",
      severity: "info",
      title: "x",
    });
  });
});
