// HTTP: the catalogue's `http.` checks over the web endpoints (a bucket: its
// anonymous listing only). The root responses are kept for later stages.
import { catalogueKinds } from "../focus.ts";
import { checkBucketHttp, checkHttp, httpStageChecks } from "../http-scan.ts";
import { scanChecks } from "./checks.ts";
import type { Stage } from "./stage.ts";
import { webEndpoints } from "./web.ts";

const BUCKET_LISTING = "http.bucket-public-listing";

export const httpStage: Stage = {
  id: "http",
  scanner: "http",
  enabled: (s) => !s.disabled("http"),
  produces: (kind) => kind === BUCKET_LISTING || catalogueKinds().http.has(kind),
  reads: ["ports"],
  weight: () => 20,
  async run(ctx) {
    const { target, net, covers, signal, emit, progress, note, shared, wants } = ctx;
    const checks = httpStageChecks().filter((c) => wants(c.kind));
    const check = { net, covers, signal, emit, onProgress: progress, note, checks, ...scanChecks(ctx) };
    if (target.kind === "bucket") return wants(BUCKET_LISTING) ? checkBucketHttp(target.url, check) : undefined;
    const roots = await checkHttp(webEndpoints(ctx, shared), check);
    if (!signal.aborted) shared.roots = roots;
  },
};
