// The HTTP stage's work on the web endpoints of an asset: their home pages,
// then every `http.` check of the catalogue (checks/catalogue/: headers,
// cookies, the HTTPS redirect, CORS, directory listings, exposed files and
// endpoints, panels, default logins…), run by checks/engine/http-run.ts with
// requests shared between checks. Every request goes through safeFetch;
// exposures are judged by their content, never by the status alone.
import { catalogue } from "../checks/catalogue.ts";
import { runHttpChecks, type HttpRunContext } from "../checks/engine/http-run.ts";
import { DEFAULT_CHECKS, HostLimiter, type ChecksSettings } from "../checks/engine/settings.ts";
import type { HttpCheck } from "../checks/format/index.ts";
import type { NetConfig } from "../config.ts";
import type { HttpResult } from "../http.ts";
import { httpEvidence, mapLimit, tryFetch } from "./evidence.ts";
import type { ScanFinding } from "./types.ts";

export { cookieProblems } from "../checks/judges.ts";

export interface WebEndpoint {
  scheme: "http" | "https";
  port: number;
  /** "https://example.com" or "http://example.com:8080" (no trailing slash). */
  base: string;
}

export interface HttpCheckContext {
  net: NetConfig;
  covers: (host: string) => boolean;
  signal?: AbortSignal;
  /** Fraction of the stage done, 0..1. */
  onProgress?(fraction: number): void;
  /** Each finding as soon as it is made (so a stage cut by its time limit keeps what it found). */
  emit(f: ScanFinding): void;
  /** The checks' limits (DEFAULT_CHECKS when unset). */
  settings?: ChecksSettings;
  /** The scan's per-host limiter (a new one when unset). */
  limiter?: HostLimiter;
  /** Credential pairs tried so far in this scan, per endpoint and service. */
  loginAttempts?: Map<string, number>;
  /** Which checks (the catalogue's `http.` checks by default). */
  checks?: readonly HttpCheck[];
  /** A check that failed; the others go on. */
  note?(text: string): void;
  /** The target's addresses by host name (no lookup per request). */
  resolved?: Record<string, string[]>;
  /** Each endpoint's time limit, and what became of each (checks/engine/http-run.ts). */
  endpoints?: Pick<HttpRunContext, "perEndpointMs" | "onEndpointDone" | "onEndpointCut">;
}

/** What the root of an endpoint answered (after redirects to covered hosts). */
export interface RootResponse {
  endpoint: WebEndpoint;
  result: HttpResult | null;
  error: string | null;
}

/** GET / of every endpoint, following redirects among covered hosts. */
export async function fetchRoots(
  endpoints: WebEndpoint[],
  net: NetConfig,
  covers: (h: string) => boolean,
  signal?: AbortSignal,
): Promise<RootResponse[]> {
  return mapLimit(endpoints, 4, async (endpoint) => {
    const f = await tryFetch(`${endpoint.base}/`, net, { allowHost: covers, ...(signal ? { signal } : {}) });
    return { endpoint, result: f.result, error: f.error?.message ?? null };
  });
}

/** The catalogue's checks the HTTP stage runs (those of the services stage start with "service."). */
export const httpStageChecks = (): readonly HttpCheck[] => catalogue().http.filter((c) => c.kind.startsWith("http."));

/** Fetches every endpoint's home page, then runs the HTTP checks; returns the home pages (for later stages). */
export async function checkHttp(endpoints: WebEndpoint[], ctx: HttpCheckContext): Promise<RootResponse[]> {
  const { net, covers, signal } = ctx;
  const roots = await fetchRoots(endpoints, net, covers, signal);
  const answering = roots.filter((r) => r.result);
  const settings = ctx.settings ?? DEFAULT_CHECKS;
  await runHttpChecks(
    answering.map((r) => ({ base: r.endpoint.base, port: r.endpoint.port, root: r.result })),
    ctx.checks ?? httpStageChecks(),
    {
      net,
      covers,
      ...(signal ? { signal } : {}),
      settings,
      limiter: ctx.limiter ?? new HostLimiter(settings),
      httpsAvailable: answering.some((r) => r.endpoint.scheme === "https" || r.result!.url.startsWith("https:")),
      loginAttempts: ctx.loginAttempts ?? new Map(),
      ...(ctx.resolved ? { resolved: ctx.resolved } : {}),
      emit: ctx.emit,
      ...(ctx.onProgress ? { onProgress: ctx.onProgress } : {}),
      ...(ctx.note ? { note: ctx.note } : {}),
      ...ctx.endpoints,
    },
  );
  return roots;
}

/** Buckets: only whether anyone can list the objects (the endpoint's headers are the provider's, not the owner's). */
export async function checkBucketHttp(url: string, ctx: HttpCheckContext): Promise<void> {
  const f = await tryFetch(url, ctx.net, { followRedirects: false, ...(ctx.signal ? { signal: ctx.signal } : {}) });
  const r = f.result;
  ctx.onProgress?.(1);
  if (!r || r.status !== 200 || !/<ListBucketResult[\s>]|<EnumerationResults[\s>]/.test(r.body)) return;
  const keys = [...r.body.matchAll(/<(?:Key|Name)>([^<]{1,200})<\/(?:Key|Name)>/g)].slice(0, 5).map((m) => m[1]!);
  ctx.emit({
    scanner: "http",
    kind: "http.bucket-public-listing",
    severity: "high",
    title: "Anyone can list the bucket's objects",
    description:
      `${url} answers an anonymous listing request with the bucket's object names. Anyone can enumerate ` +
      `and then download every public object, which is how most bucket leaks are found. Remove public list ` +
      `permission (S3: block public access / no s3:ListBucket for "*"; GCS: no allUsers storage.objects.list; ` +
      `Azure: container access level "private" or "blob", not "container").`,
    evidence: httpEvidence(r, keys.join("\n") || "<ListBucketResult>"),
  });
}
