// Runs a template's dns blocks: one question to our resolvers
// (EMS_DNS_SERVERS, else the system's), over UDP and again over TCP when the
// answer is truncated, and the answer printed as nuclei (miekg/dns) prints
// it, which is what templates' words and regexes are written against.
import { randomInt } from "node:crypto";
import { createSocket } from "node:dgram";
import { getServers } from "node:dns";
import net from "node:net";
import dnsPacket from "dns-packet";
import type { NetConfig } from "../../config.ts";
import { parseServer } from "../../discovery/resolver.ts";
import { settleOnce } from "../../settle.ts";
import { capBytes } from "../evidence.ts";
import type { Variables } from "./dsl/eval.ts";
import { expand, UnresolvedError } from "./expressions.ts";
import { runOperators } from "./match.ts";
import type { DnsRequest, Template } from "./model.ts";
import { hitOf, type Hit, type RunContext } from "./run-types.ts";

const RCODES = [
  "NOERROR",
  "FORMERR",
  "SERVFAIL",
  "NXDOMAIN",
  "NOTIMP",
  "REFUSED",
  "YXDOMAIN",
  "YXRRSET",
  "NXRRSET",
  "NOTAUTH",
  "NOTZONE",
];

const fqdn = (name: string) => (name.endsWith(".") ? name : `${name}.`);
const quoted = (b: Buffer | string) =>
  `"${Buffer.from(b)
    .toString("latin1")
    .replace(/(["\\])/g, "\\$1")}"`;

/** The record's data as miekg/dns prints it. */
function rdata(a: dnsPacket.Answer): string | null {
  const d = (a as { data: unknown }).data;
  switch (a.type) {
    case "A":
    case "AAAA":
      return String(d);
    case "CNAME":
    case "NS":
    case "PTR":
      return fqdn(String(d));
    case "TXT":
      return (Array.isArray(d) ? d : [d]).map((x) => quoted(x as Buffer)).join(" ");
    case "MX": {
      const m = d as dnsPacket.MxData;
      return `${m.preference ?? 0} ${fqdn(m.exchange)}`;
    }
    case "SOA": {
      const s = d as dnsPacket.SoaData;
      return `${fqdn(s.mname)} ${fqdn(s.rname)} ${s.serial} ${s.refresh} ${s.retry} ${s.expire} ${s.minimum}`;
    }
    case "CAA": {
      const c = d as dnsPacket.CaaData;
      return `${c.flags ?? 0} ${c.tag} ${quoted(c.value)}`;
    }
    case "SRV": {
      const s = d as dnsPacket.SrvData;
      return `${s.priority ?? 0} ${s.weight ?? 0} ${s.port} ${fqdn(s.target)}`;
    }
    case "HINFO": {
      const h = d as { cpu: string; os: string };
      return `${quoted(h.cpu)} ${quoted(h.os)}`;
    }
    case "DS": {
      const s = d as { keyTag: number; algorithm: number; digestType: number; digest: Buffer };
      return `${s.keyTag} ${s.algorithm} ${s.digestType} ${s.digest.toString("hex").toUpperCase()}`;
    }
  }
  return null;
}

const rrString = (a: dnsPacket.Answer) => {
  const data = rdata(a);
  return data === null ? null : `${fqdn(a.name)}\t${(a as { ttl?: number }).ttl ?? 0}\tIN\t${a.type}\t${data}`;
};
const section = (list: dnsPacket.Answer[] | undefined) => (list ?? []).map(rrString).filter((s): s is string => !!s);

/** miekg/dns's Msg.String(). */
export function messageText(m: dnsPacket.DecodedPacket): string {
  const flags = (["qr", "aa", "tc", "rd", "ra", "z", "ad", "cd"] as const).filter((f) => m[`flag_${f}`]);
  const rcode = (m.flags ?? 0) & 0xf;
  const [answer, ns, extra] = [
    section(m.answers),
    section(m.authorities),
    section(m.additionals?.filter((a) => a.type !== "OPT")),
  ];
  let s = `;; opcode: QUERY, status: ${RCODES[rcode] ?? rcode}, id: ${m.id ?? 0}\n`;
  s += `;; flags:${flags.map((f) => ` ${f}`).join("")}; QUERY: ${m.questions?.length ?? 0}, `;
  s += `ANSWER: ${answer.length}, AUTHORITY: ${ns.length}, ADDITIONAL: ${extra.length}\n`;
  if (m.questions?.length)
    s += `\n;; QUESTION SECTION:\n${m.questions.map((q) => `;${fqdn(q.name)}\tIN\t ${q.type}\n`).join("")}`;
  for (const [title, list] of [
    ["ANSWER", answer],
    ["AUTHORITY", ns],
    ["ADDITIONAL", extra],
  ] as const)
    if (list.length) s += `\n;; ${title} SECTION:\n${list.map((l) => `${l}\n`).join("")}`;
  return s;
}

function servers(cfg: NetConfig) {
  return (cfg.dnsServers.length ? cfg.dnsServers : getServers()).map(parseServer);
}

function overUdp(
  packet: Buffer,
  server: { address: string; port: number; family: 4 | 6 },
  timeoutMs: number,
  signal?: AbortSignal,
) {
  const socket = createSocket(server.family === 4 ? "udp4" : "udp6");
  return settleOnce<Buffer | null>(
    { timeoutMs, ...(signal ? { signal } : {}), onTimeout: (s) => s.resolve(null), cleanup: () => socket.close() },
    (settle) => {
      socket.on("message", (msg: Buffer) => settle.resolve(msg));
      socket.on("error", () => settle.resolve(null));
      socket.send(packet, server.port, server.address);
    },
  );
}

function overTcp(packet: Buffer, server: { address: string; port: number }, timeoutMs: number, signal?: AbortSignal) {
  const socket = net.connect({ host: server.address, port: server.port });
  let data = Buffer.alloc(0);
  return settleOnce<Buffer | null>(
    { timeoutMs, ...(signal ? { signal } : {}), onTimeout: (s) => s.resolve(null), cleanup: () => socket.destroy() },
    (settle) => {
      socket.on("connect", () =>
        socket.write(Buffer.concat([Buffer.from([packet.length >> 8, packet.length & 0xff]), packet])),
      );
      socket.on("data", (chunk: Buffer) => {
        data = Buffer.concat([data, chunk]);
        if (data.length >= 2 && data.length >= 2 + data.readUInt16BE(0))
          settle.resolve(data.subarray(2, 2 + data.readUInt16BE(0)));
      });
      socket.on("error", () => settle.resolve(null));
      socket.on("close", () => settle.resolve(null));
    },
  );
}

/** One question, asked of each resolver in turn until one answers. */
export async function dnsQuery(name: string, type: string, recursion: boolean, cfg: NetConfig, signal?: AbortSignal) {
  const packet = dnsPacket.encode({
    type: "query",
    id: randomInt(65536),
    flags: recursion ? dnsPacket.RECURSION_DESIRED : 0,
    questions: [{ type: type as dnsPacket.RecordType, name }],
  });
  for (const server of servers(cfg)) {
    let reply = await overUdp(packet, server, cfg.dnsTimeoutMs, signal);
    let decoded = reply ? dnsPacket.decode(reply) : null;
    if (decoded?.flag_tc) {
      reply = await overTcp(packet, server, cfg.dnsTimeoutMs, signal);
      decoded = reply ? dnsPacket.decode(reply) : decoded;
    }
    if (decoded) return { query: dnsPacket.decode(packet), reply: decoded };
  }
  return null;
}

export async function runDns(t: Template, host: string, vars: Variables, ctx: RunContext): Promise<Hit[]> {
  const hits: Hit[] = [];
  for (const req of t.requests) {
    if (req.kind !== "dns") continue;
    if (ctx.signal?.aborted) throw ctx.signal.reason;
    let name: string;
    try {
      name = expand(req.name, vars).replace(/\.$/, "");
    } catch (err) {
      if (err instanceof UnresolvedError) continue;
      throw err;
    }
    const r = await dnsQuery(name, req.type, req.recursion, ctx.net, ctx.signal);
    if (!r) continue;
    const hit = await judge(req, name, r.query, r.reply, host, vars);
    if (hit) hits.push(hit);
  }
  return hits;
}

async function judge(
  req: DnsRequest,
  name: string,
  query: dnsPacket.DecodedPacket,
  reply: dnsPacket.DecodedPacket,
  host: string,
  vars: Variables,
): Promise<Hit | null> {
  const raw = messageText(reply);
  const byType: Variables = {};
  for (const a of reply.answers ?? []) {
    const data = rdata(a);
    if (data === null) continue;
    const key = a.type.toLowerCase();
    byType[key] = [
      ...((byType[key] as string[] | undefined) ?? []),
      a.type === "CNAME" || a.type === "NS" || a.type === "PTR" ? data.replace(/\.$/, "") : data,
    ];
  }
  const values: Variables = {
    ...byType,
    host,
    matched: name,
    request: messageText(query),
    rcode: (reply.flags ?? 0) & 0xf,
    question: (reply.questions ?? []).map((q) => `;${fqdn(q.name)}\tIN\t ${q.type}`).join(""),
    answer: section(reply.answers).join(""),
    ns: section(reply.authorities).join(""),
    extra: section(reply.additionals?.filter((a) => a.type !== "OPT")).join(""),
    raw,
    type: req.type,
  };
  const ops = await runOperators("dns", req.operators, { values, bytes: {} }, vars);
  if (!ops.matched) return null;
  const url = `dns:${name}?type=${req.type}`;
  return hitOf(ops, url, undefined, { url, request: `${name} IN ${req.type}`, response: capBytes(raw) });
}
