// A UDP DNS client for resolving many names fast (node's c-ares Resolver
// is far too slow for brute force: see docs/benchmarks.md). Built on
// dns-packet: a small pool of sockets, random 16-bit ids matched together
// with the question and the server's address, retries on the next
// configured server, and one sweep timer for all time limits (not one timer
// per query). Only NetConfig's resolvers are asked, never /etc/hosts;
// [] means the system's resolvers from resolv.conf, as in ../dns.ts.
import { randomFillSync } from "node:crypto";
import { createSocket, type Socket } from "node:dgram";
import { getServers } from "node:dns";
import dnsPacket from "dns-packet";
import type { NetConfig } from "../config.ts";
import { normaliseHost } from "../dns.ts";
import { parseIp } from "../safety.ts";

export type QueryType = "A" | "AAAA";

export interface QueryAnswer {
  /** NOERROR or NXDOMAIN (other codes are retried and end as a DnsQueryError). */
  nxdomain: boolean;
  /** Addresses of the asked type at the end of the chain. */
  addresses: string[];
  /** The CNAME chain from the name, in order. */
  cname: string[];
}

export interface NameAnswer {
  a: string[];
  aaaa: string[];
  cname: string[];
  /** The name (or the end of its CNAME chain) does not exist. */
  nxdomain: boolean;
}

export class DnsQueryError extends Error {
  override name = "DnsQueryError";
}

interface Server {
  address: string;
  port: number;
  family: 4 | 6;
}

interface Question {
  name: string;
  type: QueryType;
  triesLeft: number;
  serverIndex: number;
  resolve(a: QueryAnswer): void;
  reject(e: Error): void;
}

interface Pending extends Question {
  id: number;
  packet: Buffer;
  slot: Slot;
  deadline: number;
  /** Every server this id was sent to: a late answer to an earlier try is as good as any. */
  asked: Server[];
}

interface Slot {
  socket: Socket;
  family: 4 | 6;
  pending: Map<number, Pending>;
}

const MAX_CHAIN = 8;
const SOCKET_BUFFER_BYTES = 4 * 1024 * 1024;
const SWEEP_MS = 25;

/** "ip", "ip:port", "[v6]:port" or a bare v6 address. */
export function parseServer(raw: string): Server {
  const s = raw.trim();
  const bracket = /^\[([^\]]+)\](?::(\d+))?$/.exec(s);
  const v4port = /^([\d.]+):(\d+)$/.exec(s);
  const [host, port] = bracket ? [bracket[1]!, bracket[2]] : v4port ? [v4port[1]!, v4port[2]] : [s, undefined];
  const ip = parseIp(host);
  const p = port === undefined ? 53 : Number(port);
  if (!ip || !Number.isInteger(p) || p < 1 || p > 65535)
    throw new DnsQueryError(`"${raw}" is not a DNS server address`);
  return { address: ip.toString(), port: p, family: ip.kind() === "ipv4" ? 4 : 6 };
}

/** As large as the system allows (net.core.rmem_max / wmem_max); smaller is fine, only slower under load. */
export function setBufferSizes(socket: Socket): void {
  try {
    socket.setRecvBufferSize(SOCKET_BUFFER_BYTES);
    socket.setSendBufferSize(SOCKET_BUFFER_BYTES);
  } catch {
    // The system refused the size: keep its default.
  }
}

// Ids from the system's CSPRNG (an off-path attacker must guess them together with the source port),
// drawn in batches: one call per 4096 questions.
const ids = new Uint16Array(4096);
let idsLeft = 0;
function randomId(): number {
  if (!idsLeft) idsLeft = randomFillSync(ids).length;
  return ids[--idsLeft]!;
}

const TYPE_CODES: Record<QueryType, number> = { A: 1, AAAA: 28 };

/**
 * A query for one name (RD set, class IN). Written by hand rather than with dnsPacket.encode: it is
 * the same 17 + name bytes every time, and encoding was a third of the client's time per name.
 */
export function encodeQuery(id: number, name: string, type: QueryType): Buffer {
  const labels = name.split(".");
  const buf = Buffer.alloc(12 + name.length + 2 + 4);
  buf.writeUInt16BE(id, 0);
  buf.writeUInt16BE(dnsPacket.RECURSION_DESIRED, 2);
  buf.writeUInt16BE(1, 4); // one question
  let at = 12;
  for (const label of labels) {
    const len = buf.write(label, at + 1, "latin1");
    if (!len || len > 63) throw new DnsQueryError(`"${name}" is not a valid DNS name`);
    buf[at] = len;
    at += len + 1;
  }
  buf[at] = 0;
  buf.writeUInt16BE(TYPE_CODES[type], at + 1);
  buf.writeUInt16BE(1, at + 3); // class IN
  return buf;
}

const sameIp = (a: string, b: string) => parseIp(b)?.toString() === a;

/** Follows CNAMEs from `name` through the answer section; returns the chain and the last name. */
function followChain(name: string, answers: dnsPacket.StringAnswer[]): { chain: string[]; end: string } {
  const chain: string[] = [];
  let end = name;
  while (chain.length < MAX_CHAIN) {
    const c = answers.find((a) => a.type === "CNAME" && normaliseHost(a.name) === end);
    if (!c) break;
    const next = normaliseHost(c.data);
    if (next === name || chain.includes(next)) break; // a loop
    chain.push(next);
    end = next;
  }
  return { chain, end };
}

export class DnsClient {
  private readonly servers: Server[];
  private readonly slots: Slot[] = [];
  private readonly slots4: Slot[] = [];
  private readonly slots6: Slot[] = [];
  private next = 0;
  private inFlight = 0;
  private sweeper: NodeJS.Timeout | null = null;
  private lastSweep = 0;
  private closed = false;

  constructor(
    private readonly net: NetConfig,
    opts: { sockets?: number; tries?: number } = {},
  ) {
    const configured = net.dnsServers.length ? net.dnsServers : getServers();
    this.servers = configured.map(parseServer);
    if (!this.servers.length) throw new DnsQueryError("no DNS server configured");
    this.tries = Math.max(1, opts.tries ?? 2);
    const families = new Set(this.servers.map((s) => s.family));
    for (let i = 0; i < (opts.sockets ?? 4); i++)
      for (const family of families) {
        const slot = this.openSlot(family);
        this.slots.push(slot);
        (family === 4 ? this.slots4 : this.slots6).push(slot);
      }
  }

  private readonly tries: number;

  private openSlot(family: 4 | 6): Slot {
    const socket = createSocket(family === 4 ? "udp4" : "udp6");
    const slot: Slot = { socket, family, pending: new Map() };
    socket.on("message", (msg, rinfo) => this.onMessage(slot, msg, rinfo.address, rinfo.port));
    socket.on("error", () => undefined); // ICMP errors and the like: the query times out and is retried
    // Answers come in bursts of hundreds; the default buffer (~200 KB, ~300 datagrams) drops some.
    socket.once("listening", () => setBufferSizes(socket));
    socket.bind(0);
    socket.unref();
    return slot;
  }

  /**
   * A and AAAA of a name, with its CNAME chain. Rejects with DnsQueryError when no server answered A.
   * AAAA is asked only when A was not NXDOMAIN: a name that does not exist has no record of any type
   * (RFC 8020), and most brute-forced names do not exist, so this saves nearly half the questions. A resolver that
   * refuses or drops AAAA (some do) costs the name its IPv6 addresses, not the name: its A answer stands.
   */
  async lookup(name: string): Promise<NameAnswer> {
    const a = await this.query(name, "A");
    if (a.nxdomain) return { a: [], aaaa: [], cname: a.cname, nxdomain: true };
    const aaaa = await this.query(name, "AAAA").catch((err: unknown) => {
      if (err instanceof DnsQueryError) return null;
      throw err;
    });
    const cname = a.cname.length >= (aaaa?.cname.length ?? 0) ? a.cname : aaaa!.cname;
    return { a: a.addresses, aaaa: aaaa?.addresses ?? [], cname, nxdomain: false };
  }

  query(name: string, type: QueryType): Promise<QueryAnswer> {
    if (this.closed) return Promise.reject(new DnsQueryError("the DNS client is closed"));
    return new Promise<QueryAnswer>((resolve, reject) => {
      const serverIndex = this.next++ % this.servers.length;
      this.send({ name: normaliseHost(name), type, triesLeft: this.tries, serverIndex, resolve, reject });
    });
  }

  private send(q: Question): void {
    const server = this.servers[q.serverIndex % this.servers.length]!;
    const candidates = server.family === 4 ? this.slots4 : this.slots6;
    const slot = candidates[this.next % candidates.length]!;
    let id = randomId();
    while (slot.pending.has(id)) id = (id + 1) & 0xffff;
    const packet = encodeQuery(id, q.name, q.type);
    const deadline = Date.now() + this.net.dnsTimeoutMs;
    const { name, type, triesLeft, serverIndex, resolve, reject } = q;
    const pending: Pending = {
      name,
      type,
      triesLeft,
      serverIndex,
      resolve,
      reject,
      id,
      packet,
      slot,
      deadline,
      asked: [server],
    };
    slot.pending.set(id, pending);
    this.inFlight++;
    this.startSweeper();
    slot.socket.send(packet, server.port, server.address);
  }

  private settle(p: Pending): void {
    p.slot.pending.delete(p.id);
    this.inFlight--;
    if (!this.inFlight) this.stopSweeper();
  }

  /** The next try goes to the next server, under the same id when the socket can reach it. */
  private retryOrFail(p: Pending, why: string): void {
    if (p.triesLeft > 1 && !this.closed) {
      p.triesLeft--;
      p.serverIndex++;
      const server = this.servers[p.serverIndex % this.servers.length]!;
      if (server.family !== p.slot.family) {
        this.settle(p);
        this.send(p);
        return;
      }
      p.slot.pending.delete(p.id); // re-inserted last: the maps stay in deadline order
      p.slot.pending.set(p.id, p);
      p.deadline = Date.now() + this.net.dnsTimeoutMs;
      if (!p.asked.includes(server)) p.asked.push(server);
      p.slot.socket.send(p.packet, server.port, server.address);
      return;
    }
    this.settle(p);
    const via = this.servers.map((s) => `${s.address}:${s.port}`).join(", ");
    p.reject(new DnsQueryError(`${p.type} lookup of ${p.name} failed: ${why} (via ${via})`));
  }

  private onMessage(slot: Slot, msg: Buffer, address: string, port: number): void {
    if (msg.length < 12) return;
    const p = slot.pending.get(msg.readUInt16BE(0));
    if (!p || !p.asked.some((s) => s.port === port && (s.address === address || sameIp(s.address, address)))) return;
    let packet: dnsPacket.DecodedPacket;
    try {
      packet = dnsPacket.decode(msg);
    } catch {
      return; // garbage: keep waiting for the real answer
    }
    const q = packet.questions?.[0];
    if (packet.type !== "response" || !q || q.type !== p.type || q.name.toLowerCase() !== p.name) return;
    const rcode = (packet.flags ?? 0) & 0xf;
    if (rcode !== 0 && rcode !== 3) {
      this.retryOrFail(p, rcode === 2 ? "SERVFAIL" : rcode === 5 ? "REFUSED" : `rcode ${rcode}`);
      return;
    }
    this.settle(p);
    // A, AAAA and CNAME data are strings; the other record types do not matter here.
    const answers = (packet.answers ?? []).filter(
      (a): a is dnsPacket.StringAnswer => a.type === "CNAME" || a.type === p.type,
    );
    const { chain, end } = followChain(p.name, answers);
    const addresses = answers.filter((a) => a.type === p.type && normaliseHost(a.name) === end).map((a) => a.data);
    p.resolve({ nxdomain: rcode === 3, addresses, cname: chain });
  }

  private startSweeper(): void {
    if (this.sweeper) return;
    this.lastSweep = Date.now();
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
  }

  private stopSweeper(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /**
   * Pending maps keep insertion order, which is deadline order (all time limits are equal). After the
   * event loop was blocked, one sweep is skipped: answers waiting unread in the sockets get their turn
   * before their questions are declared lost (timers run before I/O in a loop turn).
   */
  private sweep(): void {
    const now = Date.now();
    const late = now - this.lastSweep > SWEEP_MS * 4;
    this.lastSweep = now;
    if (late) return;
    for (const slot of this.slots) {
      for (const p of slot.pending.values()) {
        if (p.deadline > now) break;
        this.retryOrFail(p, `timed out after ${this.net.dnsTimeoutMs} ms`);
      }
    }
  }

  /** Rejects what is still waiting and closes the sockets. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const slot of this.slots) {
      for (const p of [...slot.pending.values()]) {
        this.settle(p);
        p.reject(new DnsQueryError("the DNS client was closed"));
      }
      slot.socket.close();
    }
    this.stopSweeper();
  }
}
