// The helper functions of nuclei's DSL that we run, with nuclei's argument
// order and results (strings as Go sees them: bytes, so binary results are
// Buffers). A template calling anything else is refused at load
// (see UNSUPPORTED_REASONS for why some are left out on purpose).
import { createHash, createHmac, randomInt } from "node:crypto";
import { deflateRawSync, deflateSync, gunzipSync, gzipSync, inflateRawSync, inflateSync } from "node:zlib";
import { createRequire } from "node:module";
import semver from "semver";
import { goRegex } from "../regex.ts";
import { toNumber, toText, type Value } from "./values.ts";
import { DslError } from "./parse.ts";

// CommonJS without type declarations: required with the shape we use.
const murmur = createRequire(import.meta.url)("murmurhash3js-revisited") as {
  x86: { hash32(bytes: Uint8Array, seed?: number): number };
};

interface Helper {
  min: number;
  /** Infinity for variadic helpers. */
  max: number;
  fn: (args: Value[]) => Value;
}

/** Go strings are bytes: text from a template is UTF-8, so encode it so before hashing or encoding. */
const bytesOf = (s: Value) => (Buffer.isBuffer(s) ? s : Buffer.from(toText(s), "utf8"));
const ALPHA = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGITS = "0123456789";

function randomFrom(charset: string, length: number, bad = ""): string {
  const pool = [...charset].filter((c) => !bad.includes(c));
  if (!pool.length) throw new DslError("no characters left to choose from");
  let out = "";
  for (let i = 0; i < length; i++) out += pool[randomInt(pool.length)];
  return out;
}

/** strings.Trim's cutset semantics. */
function trimSet(s: string, cutset: string, left: boolean, right: boolean): string {
  let start = 0;
  let end = s.length;
  while (left && start < end && cutset.includes(s[start]!)) start++;
  while (right && end > start && cutset.includes(s[end - 1]!)) end--;
  return s.slice(start, end);
}

/** hashicorp/go-version constraints ("> 1.0, < 1.4") over semver (versions coerced: "5.8" is 5.8.0). */
function compareVersions(version: string, constraints: string[]): boolean {
  const v = semver.coerce(version, { loose: true });
  if (!v) throw new DslError(`"${version}" is not a version`);
  return constraints.every((c) =>
    c.split(",").every((part) => {
      const m = /^\s*(=|!=|>|<|>=|<=|~>)?\s*v?([\w.+-]+)\s*$/.exec(part);
      const target = m && semver.coerce(m[2]!, { loose: true });
      if (!m || !target) throw new DslError(`"${part}" is not a version constraint`);
      const op = m[1] ?? "=";
      if (op === "~>") {
        const parts = m[2]!.split(".").length;
        const upper = parts <= 2 ? semver.inc(target, "major") : semver.inc(target, "minor");
        return semver.gte(v, target) && !!upper && semver.lt(v, upper);
      }
      return semver.cmp(v, op === "=" ? "==" : op === "!=" ? "!=" : (op as "<"), target);
    }),
  );
}

function jwt(json: string, alg = "HS256", secret = "", maxAge?: number): string {
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(json) as Record<string, unknown>;
  } catch {
    throw new DslError("generate_jwt: the claims are not JSON");
  }
  if (maxAge !== undefined) claims.exp = Math.floor(Date.now() / 1000) + maxAge;
  const a = alg.toUpperCase();
  const hash = { HS256: "sha256", HS384: "sha384", HS512: "sha512", NONE: null }[a];
  if (hash === undefined) throw new DslError(`generate_jwt: algorithm ${alg} is not supported (HS256/384/512, none)`);
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const unsigned = `${b64({ alg: hash ? a : "none", typ: "JWT" })}.${b64(claims)}`;
  return `${unsigned}.${hash ? createHmac(hash, secret).update(unsigned).digest("base64url") : ""}`;
}

const str1 = (fn: (s: string) => Value): Helper => ({ min: 1, max: 1, fn: ([s]) => fn(toText(s!)) });
const bytes1 = (fn: (b: Buffer) => Value): Helper => ({ min: 1, max: 1, fn: ([s]) => fn(bytesOf(s!)) });
const anyOf =
  (test: (s: string, x: string) => boolean): Helper["fn"] =>
  ([s, ...xs]) =>
    xs.some((x) => test(toText(s!), toText(x)));
const lines = (s: string) => s.split("\n");
const digest = (alg: string) => bytes1((b) => createHash(alg).update(b).digest("hex"));
const goReplacement = (r: string) => r.replace(/\$\{(\d+)\}/g, "$$$1").replace(/\$\{(\w+)\}/g, "$$<$1>");

export const HELPERS: Record<string, Helper> = {
  contains: { min: 2, max: 2, fn: ([s, x]) => toText(s!).includes(toText(x!)) },
  contains_all: { min: 2, max: Infinity, fn: ([s, ...xs]) => xs.every((x) => toText(s!).includes(toText(x))) },
  contains_any: { min: 2, max: Infinity, fn: anyOf((s, x) => s.includes(x)) },
  equals_any: { min: 2, max: Infinity, fn: ([s, ...xs]) => xs.some((x) => toText(x) === toText(s!)) },
  starts_with: { min: 2, max: Infinity, fn: anyOf((s, x) => s.startsWith(x)) },
  ends_with: { min: 2, max: Infinity, fn: anyOf((s, x) => s.endsWith(x)) },
  line_starts_with: { min: 2, max: Infinity, fn: anyOf((s, x) => lines(s).some((l) => l.startsWith(x))) },
  line_ends_with: { min: 2, max: Infinity, fn: anyOf((s, x) => lines(s).some((l) => l.endsWith(x))) },
  regex: { min: 2, max: 2, fn: ([re, s]) => goRegex(toText(re!)).test(toText(s!)) },
  regex_all: { min: 2, max: Infinity, fn: ([re, ...xs]) => xs.every((s) => goRegex(toText(re!)).test(toText(s))) },
  regex_any: { min: 2, max: Infinity, fn: ([re, ...xs]) => xs.some((s) => goRegex(toText(re!)).test(toText(s))) },
  len: { min: 1, max: 1, fn: ([v]) => (Array.isArray(v) ? v.length : bytesOf(v!).length) },
  to_lower: str1((s) => s.toLowerCase()),
  to_upper: str1((s) => s.toUpperCase()),
  trim: { min: 2, max: 2, fn: ([s, c]) => trimSet(toText(s!), toText(c!), true, true) },
  trim_left: { min: 2, max: 2, fn: ([s, c]) => trimSet(toText(s!), toText(c!), true, false) },
  trim_right: { min: 2, max: 2, fn: ([s, c]) => trimSet(toText(s!), toText(c!), false, true) },
  trim_space: str1((s) => s.trim()),
  trim_prefix: {
    min: 2,
    max: 2,
    fn: ([s, p]) => (toText(s!).startsWith(toText(p!)) ? toText(s!).slice(toText(p!).length) : toText(s!)),
  },
  trim_suffix: {
    min: 2,
    max: 2,
    fn: ([s, p]) =>
      toText(s!).endsWith(toText(p!)) ? toText(s!).slice(0, -toText(p!).length || undefined) : toText(s!),
  },
  replace: { min: 3, max: 3, fn: ([s, a, b]) => toText(s!).split(toText(a!)).join(toText(b!)) },
  replace_regex: {
    min: 3,
    max: 3,
    fn: ([s, re, r]) => {
      const g = goRegex(toText(re!));
      return toText(s!).replace(new RegExp(g.source, `${g.flags}g`), goReplacement(toText(r!)));
    },
  },
  remove_bad_chars: {
    min: 2,
    max: 2,
    fn: ([s, bad]) => [...toText(s!)].filter((c) => !toText(bad!).includes(c)).join(""),
  },
  reverse: str1((s) => [...s].reverse().join("")),
  repeat: { min: 2, max: 2, fn: ([s, n]) => toText(s!).repeat(Math.max(0, Math.trunc(toNumber(n)))) },
  concat: { min: 1, max: Infinity, fn: (xs) => xs.map(toText).join("") },
  join: {
    min: 2,
    max: Infinity,
    fn: ([sep, ...xs]) => (xs.length === 1 && Array.isArray(xs[0]) ? xs[0] : xs).map(toText).join(toText(sep!)),
  },
  split: {
    min: 2,
    max: 3,
    fn: ([s, sep, n]) => {
      const parts = toText(s!).split(toText(sep!));
      const limit = n === undefined ? -1 : Math.trunc(toNumber(n));
      return limit < 0 || parts.length <= limit
        ? parts
        : [...parts.slice(0, limit - 1), parts.slice(limit - 1).join(toText(sep!))];
    },
  },
  substr: {
    min: 2,
    max: 3,
    fn: ([s, a, b]) => toText(s!).slice(toNumber(a), b === undefined ? undefined : toNumber(b)),
  },
  base64: bytes1((b) => b.toString("base64")),
  base64_decode: str1((s) => Buffer.from(s, "base64")),
  base64_py: bytes1((b) => `${(b.toString("base64").match(/.{1,76}/g) ?? []).join("\n")}\n`),
  hex_encode: bytes1((b) => b.toString("hex")),
  hex_decode: str1((s) => Buffer.from(s, "hex")),
  url_encode: str1((s) =>
    encodeURIComponent(s)
      .replace(/%20/g, "+")
      .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  ),
  url_decode: str1((s) => decodeURIComponent(s.replace(/\+/g, " "))),
  html_escape: str1((s) =>
    s.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&#34;"),
  ),
  html_unescape: str1((s) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&(quot|#34);/g, '"')
      .replace(/&(apos|#39);/g, "'")
      .replace(/&amp;/g, "&"),
  ),
  md5: digest("md5"),
  sha1: digest("sha1"),
  sha256: digest("sha256"),
  sha512: digest("sha512"),
  mmh3: bytes1((b) => String(murmur.x86.hash32(b) | 0)),
  hmac: {
    min: 3,
    max: 3,
    fn: ([alg, data, secret]) =>
      createHmac(toText(alg!).toLowerCase(), toText(secret!)).update(toText(data!)).digest("hex"),
  },
  gzip: bytes1((b) => gzipSync(b)),
  gzip_decode: bytes1((b) => gunzipSync(b)),
  zlib: bytes1((b) => deflateSync(b)),
  zlib_decode: bytes1((b) => inflateSync(b)),
  deflate: bytes1((b) => deflateRawSync(b)),
  inflate: bytes1((b) => inflateRawSync(b)),
  json_minify: str1((s) => JSON.stringify(JSON.parse(s))),
  json_prettify: str1((s) => JSON.stringify(JSON.parse(s), null, "    ")),
  to_number: { min: 1, max: 1, fn: ([v]) => toNumber(v) },
  to_string: { min: 1, max: 1, fn: ([v]) => toText(v) },
  dec_to_hex: { min: 1, max: 1, fn: ([v]) => Math.trunc(toNumber(v)).toString(16) },
  hex_to_dec: str1((s) => parseInt(s.replace(/^0x/i, ""), 16)),
  oct_to_dec: str1((s) => parseInt(s.replace(/^0o?/i, ""), 8)),
  bin_to_dec: str1((s) => parseInt(s.replace(/^0b/i, ""), 2)),
  unix_time: { min: 0, max: 1, fn: ([o]) => Math.floor(Date.now() / 1000) + (o === undefined ? 0 : toNumber(o)) },
  to_unix_time: {
    min: 1,
    max: 2,
    fn: ([s]) => {
      const t = Date.parse(toText(s!));
      if (Number.isNaN(t)) throw new DslError(`to_unix_time: "${toText(s!)}" is not a date`);
      return Math.floor(t / 1000);
    },
  },
  rand_base: {
    min: 1,
    max: 2,
    fn: ([n, cs]) => randomFrom(cs === undefined || cs === "" ? ALPHA + DIGITS : toText(cs), toNumber(n)),
  },
  rand_char: {
    min: 0,
    max: 1,
    fn: ([cs]) => randomFrom(cs === undefined || cs === "" ? ALPHA + DIGITS : toText(cs), 1),
  },
  rand_int: {
    min: 0,
    max: 2,
    fn: ([a, b]) => randomInt(a === undefined ? 0 : toNumber(a), b === undefined ? 2 ** 31 - 1 : toNumber(b)),
  },
  rand_text_alpha: {
    min: 1,
    max: 2,
    fn: ([n, bad]) => randomFrom(ALPHA, toNumber(n), bad === undefined ? "" : toText(bad)),
  },
  rand_text_alphanumeric: {
    min: 1,
    max: 2,
    fn: ([n, bad]) => randomFrom(ALPHA + DIGITS, toNumber(n), bad === undefined ? "" : toText(bad)),
  },
  rand_text_numeric: {
    min: 1,
    max: 2,
    fn: ([n, bad]) => randomFrom(DIGITS, toNumber(n), bad === undefined ? "" : toText(bad)),
  },
  compare_versions: {
    min: 2,
    max: Infinity,
    fn: ([v, ...cs]) =>
      compareVersions(
        toText(v!),
        cs.map((c) => toText(c)),
      ),
  },
  generate_jwt: {
    min: 1,
    max: 4,
    fn: ([json, alg, secret, age]) =>
      jwt(
        toText(json!),
        alg === undefined ? undefined : toText(alg),
        secret === undefined ? "" : toText(secret),
        age === undefined ? undefined : toNumber(age),
      ),
  },
  print_debug: { min: 0, max: Infinity, fn: () => null },
};

/** Helpers nuclei has that we refuse on purpose, and why. Others are refused as "not supported". */
// Older names nuclei still accepts, used by many public templates ("tolower(body)").
HELPERS.tolower = HELPERS.to_lower!;
HELPERS.toupper = HELPERS.to_upper!;

export const UNSUPPORTED_REASONS: Record<string, string> = {
  resolve: "it resolves names outside our resolver and address guard",
  public_ip: "it asks a third-party service for our address",
  wait_for: "it sleeps; timing-based checks are not run",
  generate_java_gadget: "it builds deserialisation exploits; we only observe",
  jarm: "it opens its own TLS connections outside the address guard",
  llm_prompt: "it calls an external language model",
};

export function helperProblem(name: string, args: number): string | null {
  const h = HELPERS[name];
  const why = UNSUPPORTED_REASONS[name];
  if (!h) return `the DSL function ${name}() is not supported${why ? ` (${why})` : ""}`;
  const range = h.min === h.max ? h.min : `${h.min} to ${h.max === Infinity ? "any number of" : h.max}`;
  if (args < h.min || args > h.max) return `${name}() takes ${range} arguments, not ${args}`;
  return null;
}

export function callHelper(name: string, args: Value[]): Value {
  const problem = helperProblem(name, args.length);
  if (problem) throw new DslError(problem);
  return HELPERS[name]!.fn(args);
}
