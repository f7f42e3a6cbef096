// Technologies: detectTechnologies over the root pages the HTTP stage fetched
// (fetched again when it did not run); one `tech.<name>` info finding each.
// Versions (and the OpenSSH of an SSH banner) are matched against the
// advisory dataset: `tech.<name>.vulnerable` and `tech.<name>.end-of-life`.
import { advisoriesDirFromEnv, loadAdvisories } from "../../advisories/dataset.ts";
import { versionFindings } from "../../advisories/findings.ts";
import { assessVersion } from "../../advisories/match.ts";
import { detectTechnologies, mergeTechnologies, type Technology } from "../../technologies.ts";
import { hostForUrl } from "../../http.ts";
import { fetchRoots } from "../http-scan.ts";
import type { ScanFinding } from "../types.ts";
import type { Stage } from "./stage.ts";
import { webEndpoints } from "./web.ts";

const isHtml = (r: { headers: Record<string, string>; body: string }) =>
  /html|xml/i.test(r.headers["content-type"] ?? "") || /^\s*</.test(r.body);

function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "unknown"
  );
}

function techFinding(t: Technology, url: string, port: number): ScanFinding {
  const label = `${t.name}${t.version ? ` ${t.version}` : ""}`;
  const versionAdvice = t.version ? ", and check whether this version has known vulnerabilities" : "";
  return {
    scanner: "technologies",
    kind: `tech.${slug(t.name)}`,
    title: `Technology: ${label}`,
    severity: "info",
    description:
      `${label} (${t.category.replace(/-/g, " ")}) runs on this asset, seen from ${t.evidence}. ` +
      `Knowing it lets you match security advisories to the asset: keep it updated${versionAdvice}.`,
    port,
    evidence: { url, matched: t.evidence, technology: { name: t.name, version: t.version, category: t.category } },
  };
}

export const technologiesStage: Stage = {
  id: "technologies",
  scanner: "technologies",
  enabled: (s) => !s.disabled("technologies") && s.target.kind === "host",
  produces: (kind) => kind.startsWith("tech."),
  reads: ["ports", "http"],
  weight: () => 2,
  async run(ctx) {
    const { net, covers, shared, signal, emit, progress } = ctx;
    const roots = shared.roots ?? (await fetchRoots(webEndpoints(ctx, shared), net, covers, signal));
    if (!signal.aborted) shared.roots ??= roots;
    const perUrl = roots
      .filter((r) => r.result)
      .map((r) => {
        const res = r.result!;
        return {
          r: res,
          port: r.endpoint.port,
          techs: detectTechnologies({ headers: res.headers, html: isHtml(res) ? res.body : null }),
        };
      });
    const merged = mergeTechnologies(...perUrl.map((x) => x.techs));
    const data = loadAdvisories(ctx.engine.advisoriesDir ?? advisoriesDirFromEnv());
    const judge = (name: string, version: string | null, where: { url: string; port: number; matched: string }) => {
      const verdict = version ? assessVersion(data, name, version) : null;
      if (verdict) versionFindings(verdict, slug(name), where, data).forEach(emit);
    };
    for (const t of merged) {
      const where =
        perUrl.find((x) => x.techs.some((y) => y.name === t.name && y.evidence === t.evidence)) ?? perUrl[0]!;
      emit(techFinding(t, where.r.url, where.port));
      judge(t.name, t.version, { url: where.r.url, port: where.port, matched: t.evidence });
    }
    if (ctx.target.kind === "host") {
      for (const p of shared.openPorts ?? []) {
        const ssh = /^SSH-[\d.]+-OpenSSH_(\S+)/.exec(p.banner ?? "");
        const url = `tcp://${hostForUrl(ctx.target.host)}:${p.port}`;
        if (ssh) judge("OpenSSH", ssh[1]!, { url, port: p.port, matched: p.banner!.split("\n")[0]! });
      }
    }
    progress(1);
  },
};
