// nuclei-format YAML templates read into the template model (model.ts), for
// the http, network (tcp), ssl and dns protocols. Anything the engine cannot
// honour faithfully is refused here with a reason and a short code the loader
// counts by, rather than run with a different meaning. Per-protocol blocks:
// parse-http.ts, parse-protocols.ts; matchers and extractors: operators.ts.
import { parse as parseYaml } from "yaml";
import { SEVERITIES, toSeverity } from "../types.ts";
import { checkPlaceholders } from "./expressions.ts";
import {
  MAX_REQUESTS_PER_TEMPLATE,
  TemplateError,
  type Protocol,
  type ProtocolRequest,
  type Template,
} from "./model.ts";
import { isObj, strings, type Obj } from "./operators.ts";
import { parseHttpBlock, type BlockContext } from "./parse-http.ts";
import { parseDnsBlock, parseNetworkBlock, parseSslBlock } from "./parse-protocols.ts";

export { TemplateError } from "./model.ts";
export type * from "./model.ts";

/** Variables every template of a protocol may use. */
export const PROTOCOL_VARIABLES: Record<Protocol, readonly string[]> = {
  http: ["BaseURL", "RootURL", "Hostname", "Host", "Port", "Path", "File", "Scheme", "FQDN", "RDN", "DN", "TLD", "SD"],
  network: ["Hostname", "Host", "Port", "FQDN", "RDN", "DN", "TLD", "SD"],
  ssl: ["Hostname", "Host", "Port", "FQDN", "RDN", "DN", "TLD", "SD"],
  dns: ["Hostname", "Host", "FQDN", "RDN", "DN", "TLD", "SD"],
};

const PROTOCOL_KEYS: Record<string, Protocol> = {
  http: "http",
  requests: "http",
  network: "network",
  tcp: "network",
  ssl: "ssl",
  dns: "dns",
};

/** Top-level keys refused, with the reason (the security stance: no code, no browser, no files, no third parties). */
const REFUSED: Record<string, [code: string, reason: string]> = {
  code: ["protocol code", "code templates run programs on the scanning host"],
  javascript: ["protocol javascript", "javascript templates run scripts with their own network access"],
  headless: ["protocol headless", "headless templates drive a browser with its own network access"],
  file: ["protocol file", "file templates read the scanning host's files"],
  whois: ["protocol whois", "whois templates query third-party servers"],
  websocket: ["protocol websocket", "websocket templates are not supported"],
  workflows: ["workflow", "workflows are not run (each template runs on its own)"],
  workflow: ["workflow", "workflows are not run (each template runs on its own)"],
  flow: ["flow", "flow (a JavaScript program steering the requests) is not supported"],
  "self-contained": ["self-contained", "self-contained templates target fixed URLs, not the scanned asset"],
};

export interface ParseOptions {
  /** Root of the template checkout: payload files are looked up (and confined) there. */
  root?: string;
}

/** Extractor names of every block: they become variables of later requests. */
function extractorNames(blocks: unknown[]): string[] {
  return blocks.flatMap((b) =>
    isObj(b) && Array.isArray(b.extractors)
      ? b.extractors.flatMap((e) => (isObj(e) && typeof e.name === "string" ? [e.name] : []))
      : [],
  );
}

function parseVariables(v: unknown, builtins: readonly string[], key: string): Array<[string, string]> {
  if (v === undefined || v === null) return [];
  if (!isObj(v)) throw new TemplateError(`${key} must be a mapping`);
  const out: Array<[string, string]> = [];
  for (const [k, value] of Object.entries(v)) {
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean")
      throw new TemplateError(`${key} ${k} must be a string`);
    const text = String(value);
    const earlier = new Set(out.map(([n]) => n));
    checkPlaceholders([text], (n) => builtins.includes(n) || earlier.has(n));
    out.push([k, text]);
  }
  return out;
}

function parseBody(doc: Obj, source: string, opts: ParseOptions): Template {
  const id = typeof doc.id === "string" ? doc.id : "";
  if (!/^[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)*$/.test(id))
    throw new TemplateError(`id "${id}" must be letters and digits separated by - _ .`, "not a template");
  const info = doc.info;
  if (!isObj(info) || typeof info.name !== "string" || !info.name.trim())
    throw new TemplateError("info.name is required", "not a template");
  const severity = String(info.severity ?? "").toLowerCase();
  if (![...SEVERITIES, "unknown"].includes(severity))
    throw new TemplateError(`info.severity "${severity}" must be one of ${SEVERITIES.join(", ")}`);
  for (const [key, [code, reason]] of Object.entries(REFUSED))
    if (doc[key] !== undefined && doc[key] !== false) throw new TemplateError(reason, code);
  const present = Object.keys(PROTOCOL_KEYS).filter((k) => doc[k] !== undefined);
  const protocols = new Set(present.map((k) => PROTOCOL_KEYS[k]!));
  if (!protocols.size) throw new TemplateError("no requests (http:, network:, ssl: or dns:)", "no requests");
  if (protocols.size > 1 || present.length > 1)
    throw new TemplateError(`templates mixing protocols (${present.join(", ")}) are not supported`, "multi-protocol");
  const protocol = [...protocols][0]!;
  const blocks = doc[present[0]!];
  if (!Array.isArray(blocks) || !blocks.length) throw new TemplateError(`${present[0]}: must be a list of requests`);

  const builtins = PROTOCOL_VARIABLES[protocol];
  const variables = [
    ...parseVariables(doc.constants, builtins, "constants"),
    ...parseVariables(doc.variables, builtins, "variables"),
  ];
  const names = new Set([...builtins, ...variables.map(([n]) => n), ...extractorNames(blocks)]);
  const requests = blocks.map((b: unknown, index: number): ProtocolRequest => {
    if (!isObj(b)) throw new TemplateError(`request ${index + 1} must be a mapping`);
    const ctx: BlockContext = { index, source, ...(opts.root ? { root: opts.root } : {}), known: (n) => names.has(n) };
    if (protocol === "http") return parseHttpBlock(b, ctx);
    if (protocol === "network") return parseNetworkBlock(b, ctx);
    if (protocol === "ssl") return parseSslBlock(b, ctx);
    return parseDnsBlock(b, ctx);
  });
  const total = requests.reduce(
    (n, r) => n + (r.kind === "http" ? r.requestCount : r.kind === "network" ? r.hosts.length : 1),
    0,
  );
  if (total > MAX_REQUESTS_PER_TEMPLATE)
    throw new TemplateError(
      `it would send ${total} requests per target, more than the bound of ${MAX_REQUESTS_PER_TEMPLATE}`,
      "too many requests",
    );
  return {
    id,
    info: {
      name: info.name.trim(),
      severity: toSeverity(severity),
      tags: (typeof info.tags === "string" ? info.tags.split(",") : strings(info.tags, "info.tags"))
        .map((t) => t.trim())
        .filter(Boolean),
      description: typeof info.description === "string" ? info.description.trim() : "",
      ...(typeof info.remediation === "string" ? { remediation: info.remediation.trim() } : {}),
      ...(info.reference !== undefined && info.reference !== null
        ? { reference: strings(info.reference, "info.reference") }
        : {}),
      // cve-id, cwe-id, cvss-metrics as the template wrote them; read (and checked) by sourceClassification.
      ...(isObj(info.classification) ? { classification: info.classification } : {}),
    },
    kind: emsKind(info.metadata) ?? `template.${id}`,
    protocol,
    variables,
    requests,
    stopAtFirstMatch: doc["stop-at-first-match"] === true,
    source,
  };
}

/** Parses one template; throws TemplateError saying what is wrong or unsupported (and its code). */
export function parseTemplate(text: string, source = "<inline>", opts: ParseOptions = {}): Template {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    throw new TemplateError(`${source}: not valid YAML: ${(err as Error).message}`, "not valid YAML");
  }
  try {
    if (!isObj(doc)) throw new TemplateError("a template is a YAML mapping", "not a template");
    return parseBody(doc, source, opts);
  } catch (err) {
    if (err instanceof TemplateError) throw new TemplateError(`${source}: ${err.message}`, err.code);
    throw new TemplateError(`${source}: ${(err as Error).message}`, "invalid");
  }
}

/** `info.metadata["ems-kind"]`, when it is a dotted kind like `http.exposed.git`. */
function emsKind(metadata: unknown): string | undefined {
  const kind = (metadata as Record<string, unknown> | undefined)?.["ems-kind"];
  return typeof kind === "string" && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(kind) ? kind : undefined;
}
