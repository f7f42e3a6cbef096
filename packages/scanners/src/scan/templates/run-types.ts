// What every protocol runner takes and gives back.
import type { NetConfig } from "../../config.ts";
import type { RequestCache } from "./request-cache.ts";
import type { OperatorsResult } from "./match.ts";

export interface RunContext {
  net: NetConfig;
  /** Hosts the ownership proof covers: requests and redirects elsewhere are not made. */
  covers: (host: string) => boolean;
  signal?: AbortSignal;
  /** Shared by the template runs of a stage, for GET/HEAD requests. */
  cache?: RequestCache;
  /** PEM certificates trusted besides Node's roots (ssl templates' "untrusted"). */
  extraCaCerts?: string[];
}

/** One matching request (or connection, handshake, query) of a template. */
export interface Hit {
  /** Where: the URL, or tcp://host:port, tls://host:port, dns:name?type=A. */
  url: string;
  port?: number;
  matched: string[];
  /** Names of the matchers that held. */
  names: string[];
  extracted: string[];
  named: Record<string, string[]>;
  /** request, response and protocol facts, as evidence. */
  evidence: Record<string, unknown>;
}

/** A hit from what the operators found. */
export function hitOf(ops: OperatorsResult, url: string, port: number | undefined, evidence: Hit["evidence"]): Hit {
  return {
    url,
    ...(port !== undefined ? { port } : {}),
    matched: ops.values,
    names: ops.names,
    extracted: ops.extracted,
    named: ops.named,
    evidence,
  };
}
