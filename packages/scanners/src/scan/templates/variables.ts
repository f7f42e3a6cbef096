// The variables a template sees for its target ({{BaseURL}}, {{Hostname}},
// {{FQDN}}…) and its own variables: section, worked out once per run.
import { parse as parseDomain } from "tldts";
import type { Variables } from "./dsl/eval.ts";
import { randomBytes } from "node:crypto";
import { expand } from "./expressions.ts";
import type { Template } from "./model.ts";

/** FQDN, RDN (registrable domain), DN (it without the suffix), TLD (the public suffix) and SD (the subdomain part). */
export function nameVariables(host: string): Variables {
  const d = parseDomain(host, { allowPrivateDomains: true });
  return {
    FQDN: host,
    RDN: d.domain ?? host,
    DN: d.domainWithoutSuffix ?? "",
    TLD: d.publicSuffix ?? "",
    SD: d.subdomain ?? "",
  };
}

/** The variables of a web endpoint's base URL. */
export function httpVariables(baseUrl: string): Variables {
  const u = new URL(baseUrl);
  const port = u.port || (u.protocol === "https:" ? "443" : "80");
  const path = u.pathname === "/" ? "" : u.pathname.replace(/\/+$/, "");
  const host = u.hostname.replace(/^\[(.*)\]$/, "$1");
  return {
    ...nameVariables(host),
    BaseURL: `${u.origin}${path}${u.search}`,
    RootURL: u.origin,
    Hostname: u.host,
    Host: host,
    Port: port,
    Path: path,
    File: path.split("/").pop() ?? "",
    Scheme: u.protocol.replace(":", ""),
  };
}

/** The variables of a host and port (network and ssl templates). */
export function hostVariables(host: string, port?: number): Variables {
  const bracketed = host.includes(":") ? `[${host}]` : host;
  return {
    ...nameVariables(host),
    Host: host,
    Hostname: port === undefined ? bracketed : `${bracketed}:${port}`,
    ...(port !== undefined ? { Port: String(port) } : {}),
  };
}

/** The target's variables plus the template's own (in order; a later one may use an earlier one). */
export function runVariables(t: Template, target: Variables): Variables {
  const vars: Variables = { ...target };
  // {{randstr}}, {{randstr_1}}…: one random value each for the whole run, wherever they appear.
  for (const m of JSON.stringify([t.variables, t.requests]).matchAll(/\brandstr(?:_\w+)?\b/g))
    vars[m[0]] ??= randomBytes(20)
      .toString("base64url")
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, 24);
  for (const [name, value] of t.variables) vars[name] = expand(value, vars);
  return vars;
}
