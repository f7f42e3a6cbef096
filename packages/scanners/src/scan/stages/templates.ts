// Templates: our YAML templates and the operator's (engine.templatesDir), at
// or above the profile's minimum severity, against every answering web
// endpoint (a bucket: its URL without the query).
import { mapLimit } from "../evidence.ts";
import { BUILTIN_TEMPLATES_DIR, loadTemplates } from "../templates/load.ts";
import { runTemplate, templateFinding } from "../templates/run.ts";
import { atLeast } from "../types.ts";
import type { Stage } from "./stage.ts";
import { answeringBases } from "./web.ts";

export const templatesStage: Stage = {
  id: "templates",
  scanner: "templates",
  enabled: (s) => !s.disabled("templates"),
  weight: () => 15,
  async run(ctx) {
    const { target, engine, net, covers, minSeverity, shared, signal, emit, progress, note } = ctx;
    const loaded = await loadTemplates([BUILTIN_TEMPLATES_DIR, ...(engine.templatesDir ? [engine.templatesDir] : [])]);
    for (const e of loaded.errors) note(`template skipped: ${e.message}`);
    const templates = loaded.templates.filter((t) => atLeast(t.info.severity, minSeverity));
    const bases = target.kind === "bucket" ? [target.url.split("?")[0]!] : answeringBases(ctx, shared);
    const jobs = bases.flatMap((b) => templates.map((t) => ({ b, t })));
    let done = 0;
    await mapLimit(jobs, 4, async ({ b, t }) => {
      const hit = await runTemplate(t, b, net, { covers, signal });
      if (hit) emit(templateFinding(hit));
      progress(++done / jobs.length);
    });
  },
};
