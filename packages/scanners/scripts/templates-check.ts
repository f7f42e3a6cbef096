// What the template engine makes of a directory of nuclei templates (an
// operator's EMS_TEMPLATES_DIR, a checkout of the public repository): how many
// load, which are refused and why, and how long loading takes, cold (parsed)
// and warm (the per-process cache).
//
//   pnpm --filter @ems/scanners templates:check <dir> [--list]   a directory; --list prints every refusal
//   pnpm --filter @ems/scanners templates:check --synthetic 5000  a generated corpus of that many files
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadTemplates, refusalSummary } from "../src/scan/templates/load.ts";

const SHAPES: Array<(i: number) => string> = [
  (i) => `http:
  - method: GET
    path:
      - "{{BaseURL}}/admin-${i}/"
      - "{{BaseURL}}/console-${i}/login"
    matchers-condition: and
    matchers:
      - type: word
        part: body
        words: ["<title>Console ${i}</title>", "Sign in"]
        condition: and
      - type: status
        status: [200]
    extractors:
      - type: regex
        group: 1
        regex: ['version\\s*[:=]\\s*"?([0-9.]+)']
`,
  (i) => `http:
  - raw:
      - |
        POST /api/${i}/login HTTP/1.1
        Host: {{Hostname}}
        Content-Type: application/json

        {"user":"{{user}}","password":"{{pass}}"}
    attack: pitchfork
    payloads:
      user: [admin, root]
      pass: [admin, toor]
    matchers:
      - type: dsl
        dsl:
          - 'status_code == 200 && contains(to_lower(body), "token") && !contains(body, "error")'
`,
  (i) => `http:
  - method: GET
    path: ["{{BaseURL}}/favicon-${i}.ico"]
    matchers:
      - type: dsl
        dsl: ["status_code == 200 && mmh3(base64_py(body)) == '${i}'"]
`,
  (i) => `tcp:
  - inputs:
      - data: "PING ${i}\\r\\n"
    host: ["{{Hostname}}"]
    port: ${1000 + (i % 60000)}
    matchers:
      - type: word
        words: ["PONG"]
`,
  () => `ssl:
  - address: "{{Host}}:{{Port}}"
    matchers:
      - type: dsl
        dsl: ["expired == true || self_signed == true"]
`,
  (i) => `dns:
  - name: "{{FQDN}}"
    type: TXT
    matchers:
      - type: regex
        regex: ['v=spf1.*[+?]all${i}']
`,
  () => `code:
  - engine: [sh]
    source: id
`,
  (i) => `http:
  - method: GET
    path: ["{{BaseURL}}/?callback={{interactsh-url}}&n=${i}"]
    matchers:
      - type: word
        part: interactsh_protocol
        words: ["dns"]
`,
];

async function synthetic(n: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "ems-templates-synthetic-"));
  for (let i = 0; i < n; i++) {
    const sub = join(dir, `group-${i % 40}`);
    await mkdir(sub, { recursive: true });
    const body = SHAPES[i % SHAPES.length]!(i);
    const text =
      `id: synthetic-${i}\n\ninfo:\n  name: Synthetic check ${i}\n  author: ems\n  severity: medium\n` +
      `  description: A generated template of the public repository's common shapes.\n` +
      `  reference:\n    - https://example.invalid/${i}\n  tags: synthetic,generated\n\n${body}`;
    await writeFile(join(sub, `synthetic-${i}.yaml`), text);
  }
  return dir;
}

const args = process.argv.slice(2);
const at = args.indexOf("--synthetic");
const generated = at >= 0 ? await synthetic(Number(args[at + 1] ?? 5000)) : null;
const dir = generated ?? args.find((a) => !a.startsWith("--"));
if (!dir) {
  console.error("usage: templates-check <dir> [--list] | --synthetic <count>");
  process.exit(2);
}
try {
  const cold = await loadTemplates([dir]);
  const warm = await loadTemplates([dir]);
  const protocols = new Map<string, number>();
  for (const t of cold.templates) protocols.set(t.protocol, (protocols.get(t.protocol) ?? 0) + 1);
  console.log(`${dir}: ${cold.files} files, ${cold.templates.length} loaded, ${cold.errors.length} refused`);
  console.log(`loaded by protocol: ${[...protocols].map(([p, n]) => `${p} ${n}`).join(", ")}`);
  console.log(`load: cold ${cold.ms} ms (${cold.parsed} parsed), warm ${warm.ms} ms (${warm.parsed} parsed)`);
  console.log(`memory: ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MiB heap`);
  for (const line of refusalSummary(cold.errors, 30)) console.log(`refused: ${line}`);
  if (args.includes("--list")) for (const e of cold.errors) console.log(`${e.file}\t${e.code}\t${e.message}`);
} finally {
  if (generated) await rm(generated, { recursive: true, force: true });
}
