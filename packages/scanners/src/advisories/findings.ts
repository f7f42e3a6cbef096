// Issues from what a detected version means: one `tech.<slug>.vulnerable`
// (the advisories that hold it, severity of the worst) and one
// `tech.<slug>.end-of-life` per product and asset.
import type { ScanFinding, Severity } from "../scan/types.ts";
import type { AdvisoryDataset } from "./dataset.ts";
import type { VersionVerdict } from "./match.ts";

export function versionFindings(
  v: VersionVerdict,
  slug: string,
  where: { url: string; port?: number; matched: string },
  data: AdvisoryDataset,
): ScanFinding[] {
  const out: ScanFinding[] = [];
  const label = `${v.product} ${v.version}`;
  const base = {
    scanner: "technologies" as const,
    ...(where.port !== undefined ? { port: where.port } : {}),
  };
  const evidence = {
    url: where.url,
    matched: where.matched,
    technology: { name: v.product, version: v.version },
    dataset: { version: data.version, generatedAt: data.generatedAt },
  };
  const backports =
    " Linux distributions backport fixes without changing the version string: if the package comes from one, check " +
    "its security tracker before concluding.";
  if (v.advisories.length) {
    const [first, ...rest] = v.advisories;
    const more = rest.length ? ` and ${rest.length} more` : "";
    const fixed = v.fixedIn ? `; fixed in ${v.fixedIn}` : "";
    const list = v.advisories.map((a) => `${a.id} (${a.severity}): ${a.summary} ${a.source}`).join(" ");
    out.push({
      ...base,
      kind: `tech.${slug}.vulnerable`,
      title: `${label} is affected by ${first!.id}${more}${fixed}`,
      severity: first!.severity as Severity,
      description:
        `${label} runs on this asset (${where.matched}) and falls in the affected range of known ` +
        `vulnerabilities: ${list} Upgrade to ${v.fixedIn ?? "a fixed release"} or later.${backports}`,
      evidence: { ...evidence, advisories: v.advisories },
    });
  }
  if (v.endOfLife) {
    const c = v.endOfLife;
    out.push({
      ...base,
      kind: `tech.${slug}.end-of-life`,
      title: `${v.product} ${c.cycle} reached end of life on ${c.eol}`,
      severity: "medium",
      description:
        `${label} belongs to the ${v.product} ${c.cycle} release line, which stopped receiving security fixes on ` +
        `${c.eol} (${c.source}). Vulnerabilities found since then stay open. Move to a supported release line.` +
        backports,
      evidence: { ...evidence, endOfLife: c },
    });
  }
  return out;
}
