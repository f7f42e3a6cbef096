// HTTP: the catalogue's `http.` checks over the web endpoints (a bucket: its
// anonymous listing only). The root responses are kept for later stages.
import { checkBucketHttp, checkHttp } from "../http-scan.ts";
import { scanChecks } from "./checks.ts";
import type { Stage } from "./stage.ts";
import { webEndpoints } from "./web.ts";

export const httpStage: Stage = {
  id: "http",
  scanner: "http",
  enabled: (s) => !s.disabled("http"),
  weight: () => 20,
  async run(ctx) {
    const { target, net, covers, signal, emit, progress, note, shared } = ctx;
    const check = { net, covers, signal, emit, onProgress: progress, note, ...scanChecks(ctx) };
    if (target.kind === "bucket") return checkBucketHttp(target.url, check);
    const roots = await checkHttp(webEndpoints(ctx, shared), check);
    if (!signal.aborted) shared.roots = roots;
  },
};
