// Lines of at most 120 columns in the files ESLint does not read (ESLint's max-len checks JS and TS): CSS, SQL,
// Prisma schema, JSON and Markdown. Past 120 are allowed only: a Markdown table row (it cannot be wrapped), a line
// that is one word (a URL), and the line after a comment holding "line-length: allow-next-line" (say why there).
// Not checked: what is generated or applied as committed (migrations), docs/spec/ (a verbatim copy of the API
// contract) and packages/scanners/data/ (advisory data that operators replace with a download; JSON strings
// cannot be split). Usage: node scripts/check-lines.mjs (from `pnpm lint`); exits 1 naming each long line.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const MAX = 120;
const CHECKED = /\.(css|sql|prisma|json|md)$/;
const SKIPPED_DIRS = ["generated/", "migrations/"];
const SKIPPED_PATHS = ["docs/spec/", "packages/scanners/data/"];
const ALLOW_NEXT = "line-length: allow-next-line";

const root = path.resolve(import.meta.dirname, "..");

// The files git tracks or would track: what .gitignore leaves out (build output, test stacks) is not ours to wrap.
function* files() {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  for (const rel of listed.split("\0")) {
    if (!CHECKED.test(rel) || SKIPPED_PATHS.some((p) => rel.startsWith(p))) continue;
    if (SKIPPED_DIRS.some((d) => rel.includes(`/${d}`) || rel.startsWith(d))) continue;
    if (existsSync(path.join(root, rel))) yield rel;
  }
}

const allowed = (line, previous, markdown) =>
  (markdown && line.trimStart().startsWith("|")) || !/\s/.test(line.trim()) || previous.includes(ALLOW_NEXT);

const long = [];
for (const file of files()) {
  const lines = readFileSync(path.join(root, file), "utf8").split("\n");
  lines.forEach((line, i) => {
    const columns = [...line].length;
    if (columns > MAX && !allowed(line, lines[i - 1] ?? "", file.endsWith(".md"))) {
      long.push(`${file}:${i + 1}: ${columns} columns`);
    }
  });
}
if (long.length) {
  console.error(`Lines longer than ${MAX} columns (wrap them; see scripts/check-lines.mjs):\n${long.join("\n")}`);
  process.exit(1);
}
