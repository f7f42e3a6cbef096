// The network: (tcp:), ssl: and dns: blocks of a template.
import { OPENSSL_BY_IANA } from "./cipher-suites.ts";
import { checkPlaceholders } from "./expressions.ts";
import { TemplateError, type DnsRequest, type NetworkRequest, type SslRequest, type TlsVersionName } from "./model.ts";
import { isObj, numbers, parseOperators, strings, type Obj } from "./operators.ts";
import type { BlockContext } from "./parse-http.ts";

function onlyKeys(b: Obj, where: string, handled: string[], ignored: string[], refused: Record<string, string>): void {
  for (const k of Object.keys(b)) {
    if (refused[k] !== undefined) throw new TemplateError(`${where}: ${refused[k]}`, k);
    if (!handled.includes(k) && !ignored.includes(k))
      throw new TemplateError(`${where}: the field "${k}" is not supported`, `field ${k}`);
  }
}
const OPERATORS = ["matchers", "matchers-condition", "extractors", "id", "name"];
const NO_PAYLOADS = {
  payloads: "payloads are only supported in http requests",
  attack: "payloads are only supported in http requests",
};

// --- network ------------------------------------------------------------------

const HOST = /^(tls:\/\/)?\{\{\s*(?:Hostname|Host)\s*\}\}(?::(\d{1,5}))?$/;

export function parseNetworkBlock(b: Obj, ctx: BlockContext): NetworkRequest {
  const where = `network request ${ctx.index + 1}`;
  onlyKeys(b, where, ["host", "address", "port", "inputs", "read-size", "read-all", ...OPERATORS], ["exclude-ports"], {
    ...NO_PAYLOADS,
  });
  const ports = strings(b.port, `${where} port`)
    .flatMap((p) => p.split(","))
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const n = Number(p);
      if (!Number.isInteger(n) || n < 1 || n > 65535) throw new TemplateError(`${where}: port "${p}" is not a port`);
      return n;
    });
  const hosts: NetworkRequest["hosts"] = [];
  for (const h of strings(b.host ?? b.address, `${where} host`)) {
    const m = HOST.exec(h.trim());
    if (!m)
      throw new TemplateError(
        `${where}: host "${h}" must be {{Hostname}} or {{Host}}, optionally with tls:// and :port (we only connect ` +
          `to the scanned target)`,
        "network host",
      );
    const list = m[2] ? [Number(m[2])] : ports;
    if (!list.length) throw new TemplateError(`${where}: host "${h}" has no port (host:port or port:)`, "network port");
    for (const port of list) hosts.push({ tls: !!m[1], port });
  }
  if (!hosts.length) throw new TemplateError(`${where}: needs host`);
  const inputs = (Array.isArray(b.inputs) ? b.inputs : []).map((input: unknown, i: number) => {
    if (!isObj(input)) throw new TemplateError(`${where} input ${i + 1} must be a mapping`);
    const type = String(input.type ?? "text").toLowerCase();
    if (type !== "text" && type !== "hex")
      throw new TemplateError(`${where} input ${i + 1}: type "${type}" is unknown`);
    const data = input.data === undefined || input.data === null ? "" : String(input.data);
    if (type === "hex" && !data.includes("{{") && !/^(?:[0-9a-f]{2}|\s)*$/i.test(data))
      throw new TemplateError(`${where} input ${i + 1}: data is not hex`);
    return {
      data,
      type: type as "text" | "hex",
      read: input.read === undefined ? 0 : numbers(input.read, "read")[0]!,
      ...(typeof input.name === "string" ? { name: input.name } : {}),
    };
  });
  checkPlaceholders(
    inputs.map((i) => i.data),
    ctx.known,
  );
  return {
    kind: "network",
    hosts,
    inputs,
    readSize: b["read-size"] === undefined ? 1024 : numbers(b["read-size"], "read-size")[0]!,
    readAll: b["read-all"] === true,
    operators: parseOperators(b, where),
  };
}

// --- ssl ------------------------------------------------------------------------

const VERSIONS: Record<string, TlsVersionName> = {
  sslv3: "sslv3",
  ssl30: "sslv3",
  tls10: "tls10",
  tls11: "tls11",
  tls12: "tls12",
  tls13: "tls13",
};

export function parseSslBlock(b: Obj, ctx: BlockContext): SslRequest {
  const where = `ssl request ${ctx.index + 1}`;
  onlyKeys(b, where, ["address", "min_version", "max_version", "cipher_suites", ...OPERATORS], ["scan_mode"], {
    ...NO_PAYLOADS,
    tls_version_enum: "enumerating every TLS version is not supported (the built-in tls stage reports old versions)",
    tls_cipher_enum: "enumerating every cipher suite is not supported (the built-in tls stage reports weak suites)",
  });
  const address = String(b.address ?? "{{Host}}:{{Port}}").trim();
  if (!/^\{\{\s*(Host|Hostname)\s*\}\}(:\{\{\s*Port\s*\}\})?$/.test(address))
    throw new TemplateError(
      `${where}: address "${address}" must be {{Host}}:{{Port}} (the scanned TLS port)`,
      "ssl address",
    );
  const version = (v: unknown, what: string): TlsVersionName | undefined => {
    if (v === undefined || v === null || v === "") return undefined;
    const name = VERSIONS[String(v).toLowerCase()];
    if (!name) throw new TemplateError(`${where}: ${what} "${v}" is not a TLS version`);
    return name;
  };
  const minVersion = version(b.min_version, "min_version");
  const maxVersion = version(b.max_version, "max_version");
  const cipherSuites = strings(b.cipher_suites, `${where} cipher_suites`);
  if (cipherSuites.length && !cipherSuites.some((c) => OPENSSL_BY_IANA.has(c)))
    throw new TemplateError(
      `${where}: none of the cipher_suites is one Node's OpenSSL implements`,
      "ssl cipher_suites",
    );
  // Revocation needs OCSP/CRL requests to third parties, which a scan does not make.
  if (/\brevoked\b/.test(JSON.stringify([b.matchers, b.extractors])))
    throw new TemplateError(`${where}: certificate revocation is not checked`, "ssl revoked");
  if ((minVersion === "sslv3" || maxVersion === "sslv3") && (minVersion !== maxVersion || cipherSuites.length))
    throw new TemplateError(`${where}: SSL 3.0 is only probed on its own (min_version = max_version = sslv3)`, "sslv3");
  return {
    kind: "ssl",
    ...(minVersion ? { minVersion } : {}),
    ...(maxVersion ? { maxVersion } : {}),
    cipherSuites,
    operators: parseOperators(b, where),
  };
}

// --- dns ------------------------------------------------------------------------

/** Record types we ask for and print as nuclei (miekg/dns) does. */
export const DNS_TYPES = ["A", "AAAA", "CNAME", "NS", "TXT", "MX", "SOA", "PTR", "CAA", "SRV", "HINFO", "DS"] as const;

export function parseDnsBlock(b: Obj, ctx: BlockContext): DnsRequest {
  const where = `dns request ${ctx.index + 1}`;
  onlyKeys(b, where, ["name", "type", "class", "recursion", ...OPERATORS], ["retries"], {
    ...NO_PAYLOADS,
    trace: "tracing from the root servers is not supported (queries go to our resolvers)",
    resolvers: "a template's own resolvers are not used (queries go to our resolvers, EMS_DNS_SERVERS)",
  });
  const name = String(b.name ?? "");
  if (!name) throw new TemplateError(`${where}: needs name`);
  checkPlaceholders([name], ctx.known);
  const type = String(b.type ?? "A").toUpperCase();
  if (type === "AXFR")
    throw new TemplateError(
      `${where}: zone transfers (AXFR) go to the zone's own name servers on port 53, outside our resolvers`,
      "dns AXFR",
    );
  if (!(DNS_TYPES as readonly string[]).includes(type))
    throw new TemplateError(`${where}: record type ${type} is not supported`, `dns type ${type}`);
  const cls = String(b.class ?? "inet").toLowerCase();
  if (cls !== "inet" && cls !== "in") throw new TemplateError(`${where}: class ${cls} is not supported (inet only)`);
  return {
    kind: "dns",
    name,
    type,
    recursion: b.recursion !== false,
    operators: parseOperators(b, where),
  };
}
