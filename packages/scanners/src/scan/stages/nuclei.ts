// Nuclei: only with engine.nucleiBinary, against the answering web endpoints;
// turned off by "templates" as well as "nuclei".
import { runNuclei } from "../nuclei.ts";
import type { Stage } from "./stage.ts";
import { answeringBases } from "./web.ts";

export const nucleiStage: Stage = {
  id: "nuclei",
  scanner: "nuclei",
  enabled: (s) =>
    !s.disabled("templates") && !s.disabled("nuclei") && s.target.kind === "host" && !!s.engine.nucleiBinary,
  // nuclei's findings cannot be asked for one by one: a focused scan never runs it.
  produces: () => false,
  weight: () => 30,
  async run(ctx) {
    const targets = answeringBases(ctx, ctx.shared);
    if (!targets.length) return ctx.note("no web endpoint answered; nuclei not run");
    await runNuclei({
      binary: ctx.engine.nucleiBinary!,
      targets,
      minSeverity: ctx.minSeverity,
      signal: ctx.signal,
      onFinding: ctx.emit,
    });
  },
};
