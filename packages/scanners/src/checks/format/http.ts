// HTTP checks: requests (method, paths, headers, body), matchers that prove
// content, extractors, an optional detect step (the product must be there
// before anything else is asked), an optional default-login step, and the
// fixtures the harness serves to prove the check.
import { z } from "zod";
import type { HttpResult } from "../../http.ts";
import { SERVER_PROFILES } from "../fixtures/profiles.ts";
import { bytes, checkCommon, fn, jsonShape, product, severity, type JsonShape, type Verdict } from "./common.ts";

/** Where a word or regex looks: the body, all headers ("name: value" lines), both, or one header's value. */
export type Part = "body" | "headers" | "all" | `header:${string}`;
const part = z.union([
  z.enum(["body", "headers", "all"]),
  z.templateLiteral(["header:", z.string().regex(/^[a-z0-9-]+$/)]),
]);

export type Matcher =
  | { status: number[]; negative?: boolean }
  | { words: string[]; part?: Part; condition?: "and" | "or"; caseInsensitive?: boolean; negative?: boolean }
  | { regex: RegExp[]; part?: Part; condition?: "and" | "or"; negative?: boolean }
  | { contentType: RegExp; negative?: boolean }
  | { magic: string; offset?: number; negative?: boolean }
  | { json: JsonShape; negative?: boolean }
  | { any: Matcher[] };

const negative = z.boolean().optional();
const condition = z.enum(["and", "or"]).optional();
export const matcher: z.ZodType<Matcher> = z.lazy(() =>
  z.union([
    z.object({ status: z.array(z.number().int().min(100).max(599)).min(1), negative }).strict(),
    z
      .object({
        words: z.array(z.string().min(1)).min(1),
        part: part.optional(),
        condition,
        caseInsensitive: z.boolean().optional(),
        negative,
      })
      .strict(),
    z.object({ regex: z.array(z.instanceof(RegExp)).min(1), part: part.optional(), condition, negative }).strict(),
    z.object({ contentType: z.instanceof(RegExp), negative }).strict(),
    z
      .object({ magic: z.string().regex(/^([0-9a-f]{2})+$/i), offset: z.number().int().min(0).optional(), negative })
      .strict(),
    z.object({ json: jsonShape, negative }).strict(),
    z.object({ any: z.array(matcher).min(2) }).strict(),
  ]),
);

export const extractor = z.union([
  z
    .object({
      name: z.string().regex(/^[a-z][a-zA-Z0-9]*$/),
      regex: z.instanceof(RegExp),
      /** Capture group (default 1, or 0 without groups). */
      group: z.number().int().min(0).optional(),
      part: part.optional(),
      /** Every match, as a list. */
      all: z.boolean().optional(),
    })
    .strict(),
  z.object({ name: z.string().regex(/^[a-z][a-zA-Z0-9]*$/), json: z.string() }).strict(),
]);
export type Extractor = z.infer<typeof extractor>;

/** What a judge sees besides the response. */
export interface JudgeContext {
  /** The endpoint's scheme. */
  scheme: "http" | "https";
  /** Whether any HTTPS endpoint of the host answered. */
  httpsAvailable: boolean;
}
export type HttpJudge = (r: HttpResult, ctx: JudgeContext) => Verdict | null;

const METHOD = z.string().regex(/^[A-Z]+$/);
const PATH = z.string().regex(/^\/\S*$/, "a path starting with /");
/** A probe's path may start with a URL the detect step extracted ("{{script}}.map"). */
const PROBE_PATH = z.string().regex(/^(\/|\{\{[a-zA-Z][a-zA-Z0-9]*\}\})\S*$/, "a path starting with / or {{name}}");

export const httpProbe = z
  .object({
    /** Paths tried in order (the first that proves it wins); `{{name}}` takes a value the detect step extracted. */
    paths: z.array(PROBE_PATH).min(1).optional(),
    /** Judge the home page the HTTP stage fetched (redirects among covered hosts followed) instead of a path. */
    root: z.literal(true).optional(),
    /** Judge the home page and every page the crawl reaches (directory listings). */
    pages: z.literal(true).optional(),
    method: METHOD.optional(),
    /** `{{host}}` is the endpoint's host name. */
    headers: z.record(z.string().regex(/^[a-z0-9-]+$/), z.string()).optional(),
    body: z.string().optional(),
    /** Only on this scheme (of the endpoint; of the final URL for root probes). */
    scheme: z.enum(["http", "https"]).optional(),
    /** Every matcher must hold (use { any: [...] } for "or"). */
    match: z.array(matcher).min(1),
    extract: z.array(extractor).optional(),
    /** A little logic the matchers cannot say; runs after they hold. Prefer matchers. */
    judge: fn<HttpJudge>("judge").optional(),
    /** Severity of this probe's finding when it differs from the check's. */
    severity: severity.optional(),
    /** Text shown as "Matched" (binary proofs, absent headers). */
    matched: z.string().optional(),
  })
  .strict()
  .refine((p) => [p.paths, p.root, p.pages].filter(Boolean).length === 1, {
    message: "a probe has one of paths, root: true or pages: true",
  });
export type HttpProbe = z.infer<typeof httpProbe>;

const credential = z.object({ username: z.string(), password: z.string() }).strict();

export const loginSpec = z
  .object({
    /** `{{username}}`, `{{password}}`, `{{basic}}` (base64 of username:password) and detect's extracted values. */
    request: z
      .object({
        method: METHOD.optional(),
        path: PATH,
        headers: z.record(z.string().regex(/^[a-z0-9-]+$/), z.string()).optional(),
        body: z.string().optional(),
      })
      .strict(),
    /** Tried in order; at most 3 (the attempt budget per service and scan). */
    credentials: z.array(credential).min(1).max(3),
    /** What only a logged-in answer shows. */
    success: z.array(matcher).min(1),
    /** What a refused login looks like; an answer that is neither stops the attempts (lockout, captcha…). */
    failure: z.array(matcher).min(1),
  })
  .strict();
export type LoginSpec = z.infer<typeof loginSpec>;

// --- fixtures ---------------------------------------------------------------------------------------------------

export const fixtureResponse = z
  .object({
    status: z.number().int().min(100).max(599).optional(),
    /** `{{header.<name>}}` and `{{query.<name>}}` are replaced by the request's. */
    headers: z.record(z.string().regex(/^[a-z0-9-]+$/), z.string()).optional(),
    body: bytes.optional(),
    /** Served only when the request matches (the first variant that matches is served). */
    when: z
      .object({
        body: z.instanceof(RegExp).optional(),
        headers: z.record(z.string().regex(/^[a-z0-9-]+$/), z.instanceof(RegExp)).optional(),
        query: z.instanceof(RegExp).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type FixtureResponse = z.infer<typeof fixtureResponse>;

export const httpFixture = z
  .object({
    /** The software imitated: its Server header and its own 404 page for every path not in routes. */
    server: z.enum(SERVER_PROFILES),
    /** The endpoint tried (default http). */
    scheme: z.enum(["http", "https"]).optional(),
    /** "/path", "/path?query" or "POST /path" → an answer, or variants with `when`. */
    routes: z.record(
      z.string().regex(/^([A-Z]+ )?\/\S*$/),
      z.union([fixtureResponse, z.array(fixtureResponse).min(1)]),
    ),
    /** For the stand-in: what the finding must show. */
    expect: z
      .object({ severity: severity.optional(), extracted: z.record(z.string(), z.unknown()).optional() })
      .strict()
      .optional(),
  })
  .strict();
export type HttpFixture = z.infer<typeof httpFixture>;

export const serviceSpec = z
  .object({
    /** The service name as the port table spells it ("elasticsearch", "redis"). */
    name: z.string().regex(/^[a-z0-9-]+$/),
    /** Its usual ports. */
    ports: z.array(z.number().int().min(1).max(65535)),
    /** Also tried on open ports that said nothing readable (Redis, memcached and MongoDB stay silent). */
    silent: z.boolean().optional(),
  })
  .strict();

export const httpCheck = z
  .object({
    ...checkCommon,
    protocol: z.literal("http"),
    /** For `service.` checks over HTTP: names the port when detect matches. */
    service: serviceSpec.optional(),
    product: product.optional(),
    /** Must match before anything else is asked (the product is there); its extracted values feed paths and login. */
    detect: httpProbe.optional(),
    /** What proves it: the first probe that matches. */
    http: z.array(httpProbe).min(1).optional(),
    login: loginSpec.optional(),
    fixtures: z
      .object({ vulnerable: z.union([httpFixture, z.array(httpFixture).min(1)]), clean: httpFixture })
      .strict(),
  })
  .strict();
export type HttpCheck = z.infer<typeof httpCheck>;
