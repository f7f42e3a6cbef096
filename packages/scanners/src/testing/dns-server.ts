// A tiny authoritative DNS server for tests: UDP on 127.0.0.1, random port,
// answering A/AAAA/CNAME/TXT/MX/NS/CAA from a zone map that tests change at will
// ("*.zone" entries answer every name under the zone that has none of its own).
// CNAMEs are chased inside the zone the way a recursive resolver would. Like
// some real resolvers and middleboxes, it can refuse, SERVFAIL or drop the
// questions of one record type while answering the others (`failing`).
import { createSocket, type RemoteInfo } from "node:dgram";
import dnsPacket from "dns-packet";
import { setBufferSizes } from "../discovery/resolver.ts";

export interface ZoneRecords {
  A?: string[];
  AAAA?: string[];
  CNAME?: string;
  /** One entry per TXT record; values over 255 bytes are split into strings. */
  TXT?: string[];
  /** Records of other types (MX, CAA, NS, SOA…) as dns-packet encodes them, answered for their type. */
  OTHER?: Array<{ type: string; data: unknown }>;
  MX?: Array<{ priority: number; exchange: string }>;
  NS?: string[];
  CAA?: Array<{ tag: string; value: string }>;
}

/** "answer": from the zone; "silent": never replies (timeouts); "servfail": SERVFAIL to all. */
export type DnsServerMode = "answer" | "silent" | "servfail";

/** How the server fails one record type: REFUSED, SERVFAIL, or no reply at all (the client times out). */
export type RecordTypeFailure = "refused" | "servfail" | "drop";

export interface TestDnsServer {
  port: number;
  /** "127.0.0.1:<port>", ready for NetConfig.dnsServers. */
  address: string;
  zone: Map<string, ZoneRecords>;
  mode: DnsServerMode;
  /** Record types ("AAAA", "TXT"…) answered with a failure instead of the zone, e.g. `{ AAAA: "refused" }`. */
  failing: Partial<Record<string, RecordTypeFailure>>;
  /** Every question received, newest last. */
  queries: Array<{ name: string; type: string }>;
  /** Replaces the records of a name. */
  set(name: string, records: ZoneRecords): void;
  /** Merges records into a name's (TXT and address lists are appended). */
  add(name: string, records: ZoneRecords): void;
  remove(name: string): void;
  close(): Promise<void>;
}

const key = (name: string) => name.trim().toLowerCase().replace(/\.$/, "");
const NXDOMAIN = 3;
const SERVFAIL = 2;
const NOTIMP = 4;
const REFUSED = 5;

function txtData(value: string): Buffer[] {
  const buf = Buffer.from(value, "utf8");
  const chunks: Buffer[] = [];
  for (let i = 0; i < buf.length; i += 255) chunks.push(buf.subarray(i, i + 255));
  return chunks.length ? chunks : [Buffer.alloc(0)];
}

/** The name's records, else those of the nearest "*.<ancestor>" entry (a wildcard), as DNS does. */
function lookup(zone: Map<string, ZoneRecords>, name: string): ZoneRecords | undefined {
  const exact = zone.get(name);
  if (exact) return exact;
  for (let dot = name.indexOf("."); dot !== -1; dot = name.indexOf(".", dot + 1)) {
    const wildcard = zone.get(`*${name.slice(dot)}`);
    if (wildcard) return wildcard;
  }
  return undefined;
}

export function answer(
  zone: Map<string, ZoneRecords>,
  q: dnsPacket.Question,
): { rcode: number; answers: dnsPacket.Answer[] } {
  const answers: dnsPacket.Answer[] = [];
  let name = key(q.name);
  const seen = new Set<string>();
  // Chase CNAMEs unless the CNAME itself was asked for.
  for (let rec = lookup(zone, name); rec?.CNAME && q.type !== "CNAME" && !seen.has(name); rec = lookup(zone, name)) {
    seen.add(name);
    answers.push({ type: "CNAME", name, ttl: 60, data: key(rec.CNAME) });
    name = key(rec.CNAME);
  }
  const rec = lookup(zone, name);
  if (!rec) return { rcode: NXDOMAIN, answers };
  const ttl = 60;
  switch (q.type) {
    case "A":
      for (const ip of rec.A ?? []) answers.push({ type: "A", name, ttl, data: ip });
      break;
    case "AAAA":
      for (const ip of rec.AAAA ?? []) answers.push({ type: "AAAA", name, ttl, data: ip });
      break;
    case "CNAME":
      if (rec.CNAME) answers.push({ type: "CNAME", name, ttl, data: key(rec.CNAME) });
      break;
    case "TXT":
      for (const t of rec.TXT ?? []) answers.push({ type: "TXT", name, ttl, data: txtData(t) });
      break;
    case "MX":
      for (const m of rec.MX ?? []) {
        answers.push({ type: "MX", name, ttl, data: { preference: m.priority, exchange: key(m.exchange) } });
      }
      break;
    case "NS":
      for (const ns of rec.NS ?? []) answers.push({ type: "NS", name, ttl, data: key(ns) });
      break;
    case "CAA":
      for (const c of rec.CAA ?? [])
        answers.push({ type: "CAA", name, ttl, data: { flags: 0, tag: c.tag as "issue", value: c.value } });
      break;
    default:
      if (!rec.OTHER) return { rcode: NOTIMP, answers: [] };
  }
  // Records given as dns-packet encodes them answer for their type, beside the typed ones above.
  for (const r of rec.OTHER ?? []) {
    if (r.type === q.type) answers.push({ type: r.type, name, ttl, data: r.data } as dnsPacket.Answer);
  }
  return { rcode: 0, answers };
}

export async function startDnsServer(
  opts: { zone?: Record<string, ZoneRecords>; mode?: DnsServerMode } = {},
): Promise<TestDnsServer> {
  const socket = createSocket("udp4");
  const zone = new Map<string, ZoneRecords>(Object.entries(opts.zone ?? {}).map(([n, r]) => [key(n), r]));
  const server: TestDnsServer = {
    port: 0,
    address: "",
    zone,
    mode: opts.mode ?? "answer",
    failing: {},
    queries: [],
    set: (name, records) => void zone.set(key(name), { ...records }),
    add(name, records) {
      const cur = zone.get(key(name)) ?? {};
      zone.set(key(name), {
        ...cur,
        ...(records.A ? { A: [...(cur.A ?? []), ...records.A] } : {}),
        ...(records.AAAA ? { AAAA: [...(cur.AAAA ?? []), ...records.AAAA] } : {}),
        ...(records.TXT ? { TXT: [...(cur.TXT ?? []), ...records.TXT] } : {}),
        ...(records.CNAME ? { CNAME: records.CNAME } : {}),
      });
    },
    remove: (name) => void zone.delete(key(name)),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };

  socket.on("message", (msg: Buffer, rinfo: RemoteInfo) => {
    let query: dnsPacket.DecodedPacket;
    try {
      query = dnsPacket.decode(msg);
    } catch {
      return;
    }
    const q = query.questions?.[0];
    if (!q) return;
    server.queries.push({ name: key(q.name), type: q.type });
    const failure = server.failing[q.type];
    if (server.mode === "silent" || failure === "drop") return;
    const { rcode, answers } =
      server.mode === "servfail" || failure === "servfail"
        ? { rcode: SERVFAIL, answers: [] }
        : failure === "refused"
          ? { rcode: REFUSED, answers: [] }
          : answer(zone, q);
    const reply = dnsPacket.encode({
      type: "response",
      id: query.id,
      flags:
        dnsPacket.AUTHORITATIVE_ANSWER |
        dnsPacket.RECURSION_AVAILABLE |
        ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) |
        rcode,
      questions: [q],
      answers,
    });
    socket.send(reply, rinfo.port, rinfo.address);
  });

  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(0, "127.0.0.1", () => resolve());
  });
  setBufferSizes(socket); // discovery sends hundreds of queries at once
  server.port = socket.address().port;
  server.address = `127.0.0.1:${server.port}`;
  return server;
}
