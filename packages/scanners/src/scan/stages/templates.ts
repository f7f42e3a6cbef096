// Templates: our YAML templates and the operator's (engine.templatesDir), at
// or above the profile's minimum severity. http templates run against every
// answering web endpoint (a bucket: its URL without the query); network, ssl
// and dns templates against the host (its open ports, TLS ports and name).
// Templates refused at load are counted by reason in the stage's notes.
import { mapLimit } from "../evidence.ts";
import { BUILTIN_TEMPLATES_DIR, loadTemplates, refusalSummary } from "../templates/load.ts";
import { RequestCache, runTemplate, templateFinding, type TemplateTarget } from "../templates/run.ts";
import { atLeast } from "../types.ts";
import type { Stage, StageContext } from "./stage.ts";
import { answeringBases } from "./web.ts";

/** Template runs in flight (each sends its requests one after another). */
const CONCURRENCY = 6;

function targets(ctx: StageContext): TemplateTarget[] {
  const { target, shared, net } = ctx;
  if (target.kind === "bucket") return [{ baseUrl: target.url.split("?")[0]! }];
  const open = shared.openPorts ?? [];
  const tlsPorts = new Set(open.filter((p) => p.tls || p.port === 443 || p.port === 8443).map((p) => p.port));
  if (!shared.portsComplete) tlsPorts.add(net.httpsPort);
  return [
    ...answeringBases(ctx, shared).map((baseUrl) => ({ baseUrl })),
    {
      host: {
        host: target.host,
        address: target.address,
        isIp: target.isIp,
        openPorts: shared.portsComplete && shared.openPorts ? new Set(open.map((p) => p.port)) : null,
      },
      tlsPorts: [...tlsPorts].sort((a, b) => a - b),
    },
  ];
}

export const templatesStage: Stage = {
  id: "templates",
  scanner: "templates",
  enabled: (s) => !s.disabled("templates"),
  // Templates that report a built-in check's kind (ems-kind) are not run by a focused scan: the check is.
  produces: (kind) => kind.startsWith("template."),
  reads: ["ports", "http"],
  weight: () => 15,
  async run(ctx) {
    const { engine, net, covers, minSeverity, signal, emit, progress, note, wants } = ctx;
    const loaded = await loadTemplates([BUILTIN_TEMPLATES_DIR, ...(engine.templatesDir ? [engine.templatesDir] : [])]);
    if (loaded.errors.length) {
      note(
        `templates: ${loaded.templates.length} loaded, ${loaded.errors.length} refused of ${loaded.files} files ` +
          `(${loaded.ms} ms)`,
      );
      for (const line of refusalSummary(loaded.errors)) note(`templates refused: ${line}`);
    }
    const templates = loaded.templates.filter((t) => atLeast(t.info.severity, minSeverity) && wants(t.kind));
    const jobs = targets(ctx).flatMap((target) => templates.map((t) => ({ target, t })));
    const cache = new RequestCache();
    const run = { net, covers, signal, cache, ...(engine.extraCaCerts ? { extraCaCerts: engine.extraCaCerts } : {}) };
    let done = 0;
    await mapLimit(jobs, CONCURRENCY, async ({ target, t }) => {
      const hit = await runTemplate(t, target, run);
      if (hit) emit(templateFinding(hit));
      progress(++done / jobs.length);
    });
  },
};
