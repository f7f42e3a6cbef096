// The catalogue: every check declared under catalogue/<category>/*.ts,
// validated once when first used (shape by zod, then the rules of
// format/index.ts, unique kinds, each file in the folder of its category). A
// bad declaration stops the catalogue from loading with every problem named
// (file, kind, field): the scan engine never runs a check it could not read.
import type { CatalogueFile } from "./catalogue/catalogue-file.ts";
import { CATALOGUE_FILES } from "./catalogue/index.ts";
import {
  checkDeclaration,
  declarationProblems,
  summarise,
  type CheckDeclaration,
  type CheckSummary,
  type DnsCheck,
  type HttpCheck,
  type TcpCheck,
  type TlsCheck,
  type UdpCheck,
} from "./format/index.ts";
import { CATEGORIES } from "./format/common.ts";

export class CatalogueError extends Error {
  override name = "CatalogueError";
  constructor(readonly problems: string[]) {
    super(`The check catalogue has ${problems.length} problem(s):\n${problems.join("\n")}`);
  }
}

export interface Catalogue {
  all: readonly CheckDeclaration[];
  http: readonly HttpCheck[];
  tcp: readonly TcpCheck[];
  udp: readonly UdpCheck[];
  tls: readonly TlsCheck[];
  dns: readonly DnsCheck[];
  /** The file each kind is declared in ("exposed-file/vcs.ts"). */
  fileOf: ReadonlyMap<string, string>;
}

export function loadCatalogue(files: readonly CatalogueFile[] = CATALOGUE_FILES): Catalogue {
  const problems: string[] = [];
  const all: CheckDeclaration[] = [];
  const fileOf = new Map<string, string>();
  for (const { file, checks } of files) {
    const folder = file.split("/")[0];
    checks.forEach((raw, i) => {
      const label = `${file} #${i + 1} ${typeof raw?.kind === "string" ? raw.kind : "(no kind)"}`;
      const parsed = checkDeclaration.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problems.push(`${label}: ${issue.path.join(".")}: ${issue.message}`);
        return;
      }
      const c = parsed.data;
      for (const p of declarationProblems(c)) problems.push(`${label}: ${p}`);
      if (c.category !== folder) problems.push(`${label}: category: ${c.category} checks live in ${c.category}/`);
      const other = fileOf.get(c.kind);
      if (other) problems.push(`${label}: kind: ${c.kind} is also declared in ${other}`);
      fileOf.set(c.kind, file);
      // The declaration as written (zod's copy would lose nothing, but RegExp and functions stay the author's).
      all.push(raw as CheckDeclaration);
    });
  }
  if (problems.length) throw new CatalogueError(problems);
  const of = <P extends CheckDeclaration["protocol"]>(p: P) =>
    all.filter((c): c is Extract<CheckDeclaration, { protocol: P }> => c.protocol === p);
  return { all, http: of("http"), tcp: of("tcp"), udp: of("udp"), tls: of("tls"), dns: of("dns"), fileOf };
}

let loaded: Catalogue | undefined;

/** The product's catalogue, loaded on first use. */
export function catalogue(): Catalogue {
  return (loaded ??= loadCatalogue());
}

/** What `ems checks list` and the dashboard show: every check, by category then kind. */
export function catalogueSummaries(): CheckSummary[] {
  return catalogue()
    .all.map(summarise)
    .sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) || a.kind.localeCompare(b.kind));
}
