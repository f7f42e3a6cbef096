// HTTP: the catalogue's `http.` checks over the web endpoints (a bucket: its
// anonymous listing only). The root responses are kept for later stages. The
// stage's time limit grows with the number of endpoints (ENDPOINTS_AT_ONCE at
// a time), each under its round's share of it; an endpoint cut by its share, or left when the
// stage's limit ran out, is recorded as a cap.
import { ENDPOINTS_AT_ONCE } from "../../checks/engine/http-run.ts";
import { portTimeCap } from "../caps.ts";
import { scaledStageLimit } from "../config.ts";
import { catalogueKinds } from "../focus.ts";
import { checkBucketHttp, checkHttp, httpStageChecks } from "../http-scan.ts";
import { scanChecks } from "./checks.ts";
import type { ScanScope, Shared, Stage } from "./stage.ts";
import { endpointPort, webEndpoints } from "./web.ts";

const BUCKET_LISTING = "http.bucket-public-listing";

/** The stage's time limit and each endpoint's (ENDPOINTS_AT_ONCE at a time). */
const limits = (scope: ScanScope, shared: Shared) =>
  scaledStageLimit(scope.engine, webEndpoints(scope, shared).length, ENDPOINTS_AT_ONCE);

export const httpStage: Stage = {
  id: "http",
  scanner: "http",
  enabled: (s) => !s.disabled("http"),
  produces: (kind) => kind === BUCKET_LISTING || catalogueKinds().http.has(kind),
  reads: ["ports"],
  weight: () => 20,
  timeLimit: (scope, shared) => limits(scope, shared).stageMs,
  async run(ctx) {
    const { target, net, covers, signal, emit, progress, note, shared, wants } = ctx;
    const checks = httpStageChecks().filter((c) => wants(c.kind));
    const check = { net, covers, signal, emit, onProgress: progress, note, checks, ...scanChecks(ctx) };
    if (target.kind === "bucket") return wants(BUCKET_LISTING) ? checkBucketHttp(target.url, check) : undefined;
    const endpoints = webEndpoints(ctx, shared);
    const work = ctx.work(
      "web endpoints",
      endpoints.map((e) => e.base),
      (base) => endpointPort(String(base)),
    );
    const { perUnitMs } = limits(ctx, shared);
    const cut: Array<{ base: string; port: number }> = [];
    const roots = await checkHttp(endpoints, {
      ...check,
      endpoints: {
        ...(perUnitMs ? { perEndpointMs: perUnitMs } : {}),
        onEndpointDone: (t) => work.done(t.base),
        onEndpointCut: (t) => (work.done(t.base), cut.push(t)),
      },
    });
    if (signal.aborted) return;
    shared.roots = roots;
    // Endpoints whose home page did not answer have no checks to run: done.
    for (const r of roots) if (!r.result) work.done(r.endpoint.base);
    if (cut.length && perUnitMs) {
      const urls = cut.map((t) => t.base);
      ctx.cap(
        portTimeCap(
          "http",
          perUnitMs,
          "web endpoints",
          cut.map((t) => t.port),
          urls,
        ),
      );
    }
  },
};
