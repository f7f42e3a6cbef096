// Small pieces of logic several checks' judges share (matchers cannot parse
// cookies, nor tell a real secret from a placeholder).
import type { Severity } from "../scan/types.ts";
import type { Verdict } from "./format/index.ts";

/** Attributes missing per cookie of a Set-Cookie header (lines joined with "\n"). */
export function cookieProblems(
  setCookie: string | undefined,
  https: boolean,
): Array<{ cookie: string; missing: string[] }> {
  if (!setCookie) return [];
  const out: Array<{ cookie: string; missing: string[] }> = [];
  for (const line of setCookie.split("\n")) {
    const [pair, ...attrs] = line.split(";").map((s) => s.trim());
    const name = (pair ?? "").split("=")[0]!.trim();
    if (!name) continue;
    const names = attrs.map((a) => a.split("=")[0]!.trim().toLowerCase());
    const missing: string[] = [];
    if (https && !names.includes("secure")) missing.push("Secure");
    if (!names.includes("httponly")) missing.push("HttpOnly");
    if (!names.includes("samesite")) missing.push("SameSite");
    if (missing.length) out.push({ cookie: name, missing });
  }
  return out;
}

/** Names session and login cookies use (PHPSESSID, JSESSIONID, connect.sid, laravel_session, auth_token…). */
export const SESSION_COOKIE = /sess|sid$|^sid|auth|token|login|remember|jwt|csrf|xsrf/i;

/** "session (no Secure, no HttpOnly)" lines for the evidence. */
export const cookieList = (problems: Array<{ cookie: string; missing: string[] }>) =>
  problems.map((p) => `${p.cookie} (no ${p.missing.join(", no ")})`).join("; ");

// --- secrets in configuration files --------------------------------------------------------------------------------

/** Keys that hold a secret: passwords, secrets, tokens, API and access keys, private keys, credentials. */
export const SECRET_NAME = new RegExp(
  [
    String.raw`(?:^|[_.\-\s])(?:pass|pwd|pw)$`,
    String.raw`password|passwd|passphrase|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credential`,
    String.raw`auth[_-]?key|connection[_-]?string|(?:^|[_.-])(?:app|master|encryption|signing|jwt|hmac)[_.-]?key$`,
  ].join("|"),
  "i",
);
/** Keys that configure a secret (its length, lifetime, location, name…) rather than hold one. */
export const SECRET_SETTING = new RegExp(
  String.raw`(length|expir\w*|ttl|timeout|lifetime|url|uri|endpoint|host|path|file|type|method|mode|enabled?|header|` +
    String.raw`name|user(name)?|algorithm|provider|field|policy|prefix|hashers|validators|storage|env|source)$`,
  "i",
);
/** Values that are placeholders or references to a secret kept elsewhere, not the secret. */
const PLACEHOLDER = new RegExp(
  `^(?:${[
    String.raw`null|nil|none|undefined|true|false|!?change[_-]?(?:me|this|it)!?`,
    String.raw`(?:db|app|my|the|your|some)?[_-]?(?:pass(?:word|wd)?|secret|token|key|user)`,
    String.raw`example|sample|default|placeholder|todo|tbd|empty|required|x{3,}|\*+|\.+|-+`,
    String.raw`your[_-].*|.*[_-]here|replace[_-].*|enter[_-].*|insert[_-].*|<[^>]*>?|\$.*|%.*|\{\{.*|#\{.*|@.*`,
    String.raw`env\(.*|process\.env.*|os\.environ.*|getenv.*|ENV\[.*|!vault.*|vault:.*|secretref:.*`,
  ].join("|")})$`,
  "i",
);
/** `key = value`, `key: value`, `"key" => value` (the value quoted or bare), at a line's start or after a separator. */
const ASSIGNMENT = new RegExp(
  String.raw`(?:^|[\s{,;($[])(?:export[ \t]+)?["']?([A-Za-z_][\w.-]*)["']?\]?[ \t]*(?:=>|:|=)[ \t]*` +
    String.raw`(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"',;#{}[\]()]+))`,
  "gm",
);
/**
 * PHP's define('DB_PASSWORD', '…'), and XML's name/value pairs (<env name="…" value="…"/>, <add key="…" value="…"/>,
 * <property name="…">…</property>).
 */
const PAIRS = [
  /\bdefine\(\s*['"](\w+)['"]\s*,\s*(?:"([^"\n]*)"|'([^'\n]*)')/g,
  /<[\w:-]+\s+(?:name|key)\s*=\s*"([^"]+)"\s+value\s*=\s*(?:"([^"]*)"|'([^']*)')/g,
  /<[\w:-]+\s+name\s*=\s*"([^"]+)"\s*>([^<\n]+)<\//g,
];
const XML_SECRET = /<([\w.-]*(?:password|secret|token|apikey)[\w.-]*)>([^<\n]+)<\/\1>/gi;
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@"'<>]+):([^\s@/"'<>]{3,})@/gi;

/** Whether a value looks like a real secret (not empty, short, a placeholder or a reference). */
export const realSecret = (value: string): boolean => value.trim().length >= 4 && !PLACEHOLDER.test(value.trim());

/**
 * The secrets a configuration file holds, masked for the evidence ("DB_PASSWORD=…", "postgres://shop:…@"): assignments
 * in env, INI, YAML, JSON, PHP and properties syntax, XML elements, credentials in URLs. At most `max`, each key once.
 */
export function secretsIn(text: string, max = 3): string[] {
  const out = new Set<string>();
  // A quoted value is searched too: a connection string ("Server=…;Password=…") holds assignments of its own.
  for (const m of [...text.matchAll(ASSIGNMENT)].flatMap((a) => (a[2] ? [a, ...a[2].matchAll(ASSIGNMENT)] : [a]))) {
    const [key, value] = [m[1]!, m[2] ?? m[3] ?? m[4] ?? ""];
    if (SECRET_NAME.test(key) && !SECRET_SETTING.test(key) && realSecret(value)) out.add(`${key}=…`);
  }
  for (const m of PAIRS.flatMap((re) => [...text.matchAll(re)])) {
    if (SECRET_NAME.test(m[1]!) && !SECRET_SETTING.test(m[1]!) && realSecret(m[2] ?? m[3] ?? "")) out.add(`${m[1]}=…`);
  }
  for (const m of text.matchAll(XML_SECRET)) if (realSecret(m[2]!)) out.add(`<${m[1]}>…</${m[1]}>`);
  for (const m of text.matchAll(URL_CREDENTIALS)) if (realSecret(m[2]!)) out.add(`${m[1]}:…@`);
  return [...out].slice(0, max);
}

/** A judge: the file holds a real-looking secret (shown masked); null when it holds none. */
export function hasSecrets(r: { body: string }): Verdict | null {
  const found = secretsIn(r.body);
  return found.length ? { matched: found.join("\n") } : null;
}

/** A judge: always a finding, at `severity` with the secrets (masked) when the file holds some, else `label`. */
export const secretsRaise =
  (severity: Severity, label: string) =>
  (r: { body: string }): Verdict => {
    const found = secretsIn(r.body);
    return found.length ? { matched: found.join("\n"), severity } : { matched: label };
  };
