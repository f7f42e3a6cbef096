// Lookups through the configured resolvers (never the OS's /etc/hosts), one
// try each with the configured timeout. "No such name" and "no records of
// this type" are answers (empty lists); anything else (refused, SERVFAIL, no
// answer in time) is a failure of that record type. A host's lookups use what
// answered and say what did not: only when no address type answered is it a
// DnsError (docs/api.md, Assets: "When a resolver refuses a record type").
import { Resolver } from "node:dns/promises";
import type { NetConfig } from "./config.ts";
import { parseIp } from "./safety.ts";

export type RecordType = "A" | "AAAA" | "CNAME" | "TXT";

/** A record type the resolvers did not answer for: refused, SERVFAIL, no answer in time. */
export interface DnsFailure {
  type: RecordType;
  /** c-ares's code: EREFUSED, ESERVFAIL, ETIMEOUT… */
  code: string;
  /** For people: "the AAAA lookup of shop.example.com failed: the DNS server refused the query (via …)". */
  message: string;
}

export interface DnsRecords {
  a: string[];
  aaaa: string[];
  /** The CNAME chain from the name, in order (empty when the name has no CNAME). */
  cname: string[];
  txt?: string[];
  /** The record types that did not answer (their lists above are empty); absent when every one did. */
  failures?: DnsFailure[];
}

export class DnsError extends Error {
  override name = "DnsError";
  constructor(
    message: string,
    readonly code: string,
    readonly host: string,
  ) {
    super(message);
  }
}

const EMPTY = new Set(["ENOTFOUND", "ENODATA"]);
const MAX_CNAME_CHAIN = 8;

function describe(code: string, cfg: NetConfig): string {
  switch (code) {
    case "ETIMEOUT":
    case "ECANCELLED":
      return `timed out after ${cfg.dnsTimeoutMs} ms`;
    case "ESERVFAIL":
      return "the DNS server answered SERVFAIL";
    case "EREFUSED":
      return "the DNS server refused the query";
    case "ECONNREFUSED":
      return "the DNS server could not be reached (connection refused)";
    case "EBADNAME":
      return "the name is not valid";
    default:
      return `DNS error ${code}`;
  }
}

export const normaliseHost = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "");

const via = (cfg: NetConfig) => (cfg.dnsServers.length ? ` (via ${cfg.dnsServers.join(", ")})` : "");
const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code ?? "EUNKNOWN";

/** Runs lookups on a fresh resolver; an overall timer backs up c-ares's own. */
async function withResolver<T>(host: string, cfg: NetConfig, fn: (r: Resolver) => Promise<T>): Promise<T> {
  const r = new Resolver({ timeout: cfg.dnsTimeoutMs, tries: 1 });
  if (cfg.dnsServers.length) r.setServers(cfg.dnsServers);
  const servers = Math.max(1, cfg.dnsServers.length || r.getServers().length);
  const guard = setTimeout(() => r.cancel(), cfg.dnsTimeoutMs * servers + 500);
  try {
    return await fn(r);
  } catch (err) {
    if (err instanceof DnsError) throw err;
    const code = codeOf(err);
    throw new DnsError(`DNS lookup of ${host} failed: ${describe(code, cfg)}${via(cfg)}`, code, host);
  } finally {
    clearTimeout(guard);
  }
}

async function orEmpty<T>(p: Promise<T[]>): Promise<T[]> {
  try {
    return await p;
  } catch (err) {
    if (EMPTY.has((err as NodeJS.ErrnoException).code ?? "")) return [];
    throw err;
  }
}

type Settled<T> = { ok: true; value: T } | { ok: false; failure: DnsFailure };

/** One record type's lookup: its answer, or why it did not come. */
async function settle<T>(type: RecordType, host: string, cfg: NetConfig, p: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await p };
  } catch (err) {
    const code = codeOf(err);
    const message = `the ${type} lookup of ${host} failed: ${describe(code, cfg)}${via(cfg)}`;
    return { ok: false, failure: { type, code, message } };
  }
}

async function cnameChain(r: Resolver, host: string): Promise<string[]> {
  const chain: string[] = [];
  let name = host;
  while (chain.length < MAX_CNAME_CHAIN) {
    const [next] = await orEmpty(r.resolveCname(name));
    if (!next) break;
    const target = normaliseHost(next);
    if (target === host || chain.includes(target)) break; // a loop
    chain.push(target);
    name = target;
  }
  return chain;
}

const ipRecords = (name: string): DnsRecords | null => {
  const ip = parseIp(name);
  if (!ip) return null;
  return ip.kind() === "ipv4"
    ? { a: [ip.toString()], aaaa: [], cname: [] }
    : { a: [], aaaa: [ip.toString()], cname: [] };
};

/** Records from settled lookups; a DnsError when neither address type answered (nothing to connect to). */
function records(
  host: string,
  cfg: NetConfig,
  lookups: { a: Settled<string[]>; aaaa: Settled<string[]>; cname?: Settled<string[]> },
): DnsRecords {
  const { a, aaaa, cname } = lookups;
  if (!a.ok && !aaaa.ok) {
    const why =
      a.failure.code === aaaa.failure.code
        ? describe(a.failure.code, cfg)
        : `A: ${describe(a.failure.code, cfg)}; AAAA: ${describe(aaaa.failure.code, cfg)}`;
    throw new DnsError(`DNS lookup of ${host} failed: ${why}${via(cfg)}`, a.failure.code, host);
  }
  const value = (l: Settled<string[]> | undefined) => (l?.ok ? l.value : []);
  const out: DnsRecords = { a: value(a), aaaa: value(aaaa), cname: value(cname) };
  const failures = [a, aaaa, cname].flatMap((l) => (l && !l.ok ? [l.failure] : []));
  if (failures.length) out.failures = failures;
  return out;
}

/**
 * A, AAAA and the CNAME chain, each on its own: a type the resolvers refuse or do not answer is listed in
 * `failures` and the others are used. Throws a DnsError only when neither A nor AAAA answered. An IP literal is
 * answered without a query.
 */
export async function resolveHost(host: string, cfg: NetConfig): Promise<DnsRecords> {
  const name = normaliseHost(host);
  const ip = ipRecords(name);
  if (ip) return ip;
  return withResolver(name, cfg, async (r) => {
    const [a, aaaa, cname] = await Promise.all([
      settle("A", name, cfg, orEmpty(r.resolve4(name))),
      settle("AAAA", name, cfg, orEmpty(r.resolve6(name))),
      settle("CNAME", name, cfg, cnameChain(r, name)),
    ]);
    return records(name, cfg, { a, aaaa, cname });
  });
}

/**
 * The addresses to connect to (A, then AAAA), for fetches and scans: what a connection needs, no CNAME chain. A type
 * that does not answer is left out (and listed), as long as the other one answered.
 */
export async function resolveAddresses(host: string, cfg: NetConfig): Promise<DnsRecords> {
  const name = normaliseHost(host);
  const ip = ipRecords(name);
  if (ip) return ip;
  return withResolver(name, cfg, async (r) => {
    const [a, aaaa] = await Promise.all([
      settle("A", name, cfg, orEmpty(r.resolve4(name))),
      settle("AAAA", name, cfg, orEmpty(r.resolve6(name))),
    ]);
    return records(name, cfg, { a, aaaa });
  });
}

/** TXT records, each one's strings joined (as RFC 7208 does for long values); a DnsError when TXT does not answer. */
export async function resolveTxt(name: string, cfg: NetConfig): Promise<string[]> {
  const n = normaliseHost(name);
  return withResolver(n, cfg, async (r) => (await orEmpty(r.resolveTxt(n))).map((chunks) => chunks.join("")));
}

/** MX records, by preference. */
export async function resolveMx(name: string, cfg: NetConfig): Promise<Array<{ exchange: string; priority: number }>> {
  const n = normaliseHost(name);
  return withResolver(n, cfg, async (r) =>
    (await orEmpty(r.resolveMx(n)))
      .map((m) => ({ exchange: normaliseHost(m.exchange), priority: m.priority }))
      .sort((a, b) => a.priority - b.priority),
  );
}

/** NS records (the zone's name servers). */
export async function resolveNs(name: string, cfg: NetConfig): Promise<string[]> {
  const n = normaliseHost(name);
  return withResolver(n, cfg, async (r) => (await orEmpty(r.resolveNs(n))).map(normaliseHost));
}

/** CAA records (RFC 8659): which authorities may issue certificates for the name. */
export async function resolveCaa(
  name: string,
  cfg: NetConfig,
): Promise<Array<{ tag: string; value: string; critical: boolean }>> {
  const n = normaliseHost(name);
  return withResolver(n, cfg, async (r) =>
    (await orEmpty(r.resolveCaa(n))).map((c) => {
      const { critical, ...rest } = c;
      const [tag, value] = Object.entries(rest)[0] ?? ["", ""];
      return { tag, value: String(value), critical: critical !== 0 };
    }),
  );
}
