// Runs a template's network (tcp) blocks: one connection per host entry to
// the target's already vetted address (re-checked by the address guard in
// converse), inputs written in order, reads as nuclei makes them (a read
// hands over what arrived; read-all waits for the peer to hang up), the whole
// exchange under one time limit and the stage's signal.
import { hostForUrl } from "../../http.ts";
import { capBytes } from "../evidence.ts";
import { converse } from "../services/conversation.ts";
import { bytesWithText, type Variables } from "./dsl/eval.ts";
import { expand, expandBytes, UnresolvedError } from "./expressions.ts";
import { runOperators, type TemplateEvent } from "./match.ts";
import type { NetworkRequest, Template } from "./model.ts";
import { hitOf, type Hit, type RunContext } from "./run-types.ts";
import { hostVariables } from "./variables.ts";

export interface HostTarget {
  host: string;
  /** The vetted address to connect to. */
  address: string;
  isIp: boolean;
  /** Open ports when a port scan completed (others are not tried); null: try every port a template names. */
  openPorts: ReadonlySet<number> | null;
}

const MAX_READ_ALL_BYTES = 256 * 1024;
const QUIET_MS = 200;

/** Printable text of bytes for the evidence: as is when it is text, else hex. */
function shown(b: Buffer): string {
  const odd = [...b.subarray(0, 256)].filter((c) => c === 0 || (c < 0x20 && c !== 9 && c !== 10 && c !== 13)).length;
  return odd > 2 ? `[hex] ${b.subarray(0, 256).toString("hex")}` : b.toString("latin1");
}

interface Exchange {
  sent: Buffer;
  data: Buffer;
  named: Record<string, Buffer>;
}

async function exchange(req: NetworkRequest, vars: Variables, opts: Parameters<typeof converse>[0]) {
  // Inputs are expanded before connecting: an unresolved one means no connection at all (nuclei skips it).
  let payloads: Buffer[];
  try {
    payloads = req.inputs.map((i) => {
      if (i.type === "hex") return Buffer.from(expand(i.data, vars).replace(/\s+/g, ""), "hex");
      return expandBytes(i.data, vars);
    });
  } catch (err) {
    if (err instanceof UnresolvedError) return null;
    throw err;
  }
  const firstByteMs = Math.min(3000, opts.timeoutMs);
  return converse<Exchange>(opts, async (c) => {
    const named: Record<string, Buffer> = {};
    for (const [i, input] of req.inputs.entries()) {
      c.send(payloads[i]!);
      if (input.read > 0) {
        const got = await c.read(input.read, { firstByteMs, quietMs: QUIET_MS });
        if (input.name) named[input.name] = got;
      }
    }
    const data = req.readAll
      ? await c.read(MAX_READ_ALL_BYTES, { firstByteMs: opts.timeoutMs, quietMs: QUIET_MS, untilEnd: true })
      : await c.read(req.readSize, { firstByteMs, quietMs: QUIET_MS });
    return { sent: Buffer.concat(payloads), data, named };
  });
}

export async function runNetwork(t: Template, target: HostTarget, vars: Variables, ctx: RunContext): Promise<Hit[]> {
  const hits: Hit[] = [];
  for (const req of t.requests) {
    if (req.kind !== "network") continue;
    for (const { tls, port } of req.hosts) {
      if (ctx.signal?.aborted) throw ctx.signal.reason;
      if (target.openPorts && !target.openPorts.has(port)) continue;
      const scope = { ...vars, ...hostVariables(target.host, port) };
      const x = await exchange(req, scope, {
        address: target.address,
        port,
        net: ctx.net,
        timeoutMs: Math.min(ctx.net.httpTimeoutMs, 10_000),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        ...(tls ? { tls: target.isIp ? {} : { servername: target.host } } : {}),
      });
      if (!x) continue;
      const where = `${hostForUrl(target.host)}:${port}`;
      const ev: TemplateEvent = {
        values: {
          // Go reads bytes: text matchers see them one character per byte.
          data: bytesWithText(x.data, x.data.toString("latin1")),
          raw: bytesWithText(x.data, x.data.toString("latin1")),
          request: x.sent.toString("latin1"),
          host: target.host,
          ip: target.address,
          port,
          matched: where,
          ...Object.fromEntries(Object.entries(x.named).map(([k, v]) => [k, bytesWithText(v, v.toString("latin1"))])),
        },
        bytes: { data: x.data, raw: x.data, ...x.named },
      };
      const ops = await runOperators("network", req.operators, ev, scope);
      if (!ops.matched) continue;
      const url = `${tls ? "tls" : "tcp"}://${where}`;
      hits.push(hitOf(ops, url, port, { url, request: capBytes(shown(x.sent)), response: capBytes(shown(x.data)) }));
    }
  }
  return hits;
}
