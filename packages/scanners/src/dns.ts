// Lookups through the configured resolvers (never the OS's /etc/hosts), one
// try each with the configured timeout. "No such name" and "no records of
// this type" are answers (empty lists); anything else is a DnsError.
import { Resolver } from "node:dns/promises";
import type { NetConfig } from "./config.ts";
import { parseIp } from "./safety.ts";

export interface DnsRecords {
  a: string[];
  aaaa: string[];
  /** The CNAME chain from the name, in order (empty when the name has no CNAME). */
  cname: string[];
  txt?: string[];
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

/** Runs lookups on a fresh resolver; an overall timer backs up c-ares's own. */
async function withResolver<T>(host: string, cfg: NetConfig, fn: (r: Resolver) => Promise<T>): Promise<T> {
  const r = new Resolver({ timeout: cfg.dnsTimeoutMs, tries: 1 });
  if (cfg.dnsServers.length) r.setServers(cfg.dnsServers);
  const servers = Math.max(1, cfg.dnsServers.length || r.getServers().length);
  const guard = setTimeout(() => r.cancel(), cfg.dnsTimeoutMs * servers + 500);
  try {
    return await fn(r);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "EUNKNOWN";
    const via = cfg.dnsServers.length ? ` (via ${cfg.dnsServers.join(", ")})` : "";
    throw new DnsError(`DNS lookup of ${host} failed: ${describe(code, cfg)}${via}`, code, host);
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

/** A, AAAA and the CNAME chain. An IP literal is answered without a query. */
export async function resolveHost(host: string, cfg: NetConfig): Promise<DnsRecords> {
  const name = normaliseHost(host);
  const ip = parseIp(name);
  if (ip)
    return ip.kind() === "ipv4"
      ? { a: [ip.toString()], aaaa: [], cname: [] }
      : { a: [], aaaa: [ip.toString()], cname: [] };
  return withResolver(name, cfg, async (r) => {
    const [a, aaaa, cname] = await Promise.all([
      orEmpty(r.resolve4(name)),
      orEmpty(r.resolve6(name)),
      cnameChain(r, name),
    ]);
    return { a, aaaa, cname };
  });
}

/** TXT records, each one's strings joined (as RFC 7208 does for long values). */
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
