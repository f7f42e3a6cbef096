// The template model: what parse.ts makes of a nuclei-format YAML template and
// the runners (http-run.ts, network-run.ts, ssl-run.ts, dns-run.ts) execute.
import type { Severity } from "../types.ts";

export type Protocol = "http" | "network" | "ssl" | "dns";

export interface Matcher {
  type: "word" | "regex" | "status" | "size" | "binary" | "dsl";
  /** The event field it reads (body, all_headers, data, answer… or any header name); "all" = body + headers. */
  part: string;
  words: string[];
  regex: RegExp[];
  status: number[];
  size: number[];
  binary: Buffer[];
  dsl: string[];
  condition: "and" | "or";
  negative: boolean;
  caseInsensitive: boolean;
  /** Report every match of the words/regexes, not only the first (nuclei's match-all). */
  matchAll: boolean;
  /** Evaluated but not reported (nuclei's internal). */
  internal: boolean;
  name?: string;
}

export interface Extractor {
  type: "regex" | "kval" | "json" | "dsl";
  part: string;
  regex: RegExp[];
  group: number;
  kval: string[];
  /** jq filters. */
  json: string[];
  dsl: string[];
  caseInsensitive: boolean;
  /** Feeds later requests as {{name}} and is not reported. */
  internal: boolean;
  name?: string;
}

export interface Operators {
  matchers: Matcher[];
  matchersCondition: "and" | "or";
  extractors: Extractor[];
}

export type AttackType = "batteringram" | "pitchfork" | "clusterbomb";

export interface Payloads {
  attack: AttackType;
  /** Values by name, in order (files already read). */
  sets: Record<string, string[]>;
}

/** A raw request as written (variables are expanded before it is parsed, at run time). */
export interface RawRequest {
  text: string;
  /** @timeout annotation, in ms. */
  timeoutMs?: number;
}

export interface HttpRequest {
  kind: "http";
  /** Named requests expose their fields as <id>_body, <id>_status_code… */
  id?: string;
  method: string;
  paths: string[];
  raw: RawRequest[];
  headers: Record<string, string>;
  body?: string;
  payloads?: Payloads;
  /** "none", any covered host ("any"), or the same host only ("host"). */
  redirects: "none" | "any" | "host";
  maxRedirects: number;
  stopAtFirstMatch: boolean;
  /** Matchers see every earlier response of the block (body_1, status_code_2…). */
  reqCondition: boolean;
  cookieReuse: boolean;
  /** skip-variables-check: a {{…}} that does not work out is sent as written (else the request is skipped). */
  keepUnresolved: boolean;
  /** Cap on the body read (max-size), bytes. */
  maxSize?: number;
  operators: Operators;
  /** Requests this block sends at most (paths and raw × payload combinations). */
  requestCount: number;
}

export interface NetworkInput {
  /** Text with {{…}} (hex text when type is hex). */
  data: string;
  type: "text" | "hex";
  /** Bytes to read after sending (0: none). */
  read: number;
  name?: string;
}

export interface NetworkRequest {
  kind: "network";
  /** Where to connect: the target's address on each port, with or without TLS. */
  hosts: Array<{ tls: boolean; port: number }>;
  inputs: NetworkInput[];
  readSize: number;
  readAll: boolean;
  operators: Operators;
}

export type TlsVersionName = "sslv3" | "tls10" | "tls11" | "tls12" | "tls13";

export interface SslRequest {
  kind: "ssl";
  minVersion?: TlsVersionName;
  maxVersion?: TlsVersionName;
  /** IANA cipher suite names to offer. */
  cipherSuites: string[];
  operators: Operators;
}

export interface DnsRequest {
  kind: "dns";
  /** Name with {{FQDN}}-style variables. */
  name: string;
  type: string;
  recursion: boolean;
  operators: Operators;
}

export type ProtocolRequest = HttpRequest | NetworkRequest | SslRequest | DnsRequest;

export interface Template {
  id: string;
  info: {
    name: string;
    severity: Severity;
    tags: string[];
    description: string;
    remediation?: string;
    reference?: string[];
    /** `info.classification` (cve-id, cwe-id, cvss-metrics), kept in the finding's evidence. */
    classification?: Record<string, unknown>;
  };
  /**
   * The finding's kind; `info.metadata.ems-kind` names one of the built-in
   * checks' kinds so that both report one issue. Default `template.<id>`.
   */
  kind: string;
  protocol: Protocol;
  /** Template variables in order; values may hold {{…}} expressions over earlier ones. */
  variables: Array<[string, string]>;
  requests: ProtocolRequest[];
  /** Stop at the first block that matches (stop-at-first-match at the top level). */
  stopAtFirstMatch: boolean;
  /** File it came from. */
  source: string;
}

export class TemplateError extends Error {
  override name = "TemplateError";
  /** A short, stable reason to count refusals by ("protocol code", "DSL function x"…). */
  readonly code: string;
  constructor(message: string, code = "invalid") {
    super(message);
    this.code = code;
  }
}

/** Requests one template may send to one target; templates that would send more are refused at load. */
export const MAX_REQUESTS_PER_TEMPLATE = 100;
