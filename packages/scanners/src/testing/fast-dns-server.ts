// A lean DNS server for benchmarks: UDP on 127.0.0.1, A/AAAA from a Map,
// NXDOMAIN otherwise, nothing recorded (the test server in dns-server.ts
// decodes and encodes every packet and keeps every question, which would
// be the bottleneck and grow with the run). Answers are encoded once with
// dns-packet when the server starts; a question is read by hand and the
// ready answer is sent under its id. Run it in its own process so that its
// CPU and memory are not the client's.
import { createSocket } from "node:dgram";
import dnsPacket from "dns-packet";
import { setBufferSizes } from "../discovery/resolver.ts";

export interface FastDnsServer {
  port: number;
  /** Questions answered so far. */
  answered(): number;
  close(): Promise<void>;
}

type Records = Map<string, { A?: string[]; AAAA?: string[] }>;
const TYPES: Record<number, "A" | "AAAA"> = { 1: "A", 28: "AAAA" };

function encodeAnswers(records: Records): Map<string, Buffer> {
  const ready = new Map<string, Buffer>();
  for (const [name, rec] of records) {
    for (const type of ["A", "AAAA"] as const) {
      const answers = (rec[type] ?? []).map((ip) => ({ type, name, ttl: 60, data: ip }));
      const flags = dnsPacket.RECURSION_AVAILABLE | dnsPacket.RECURSION_DESIRED;
      const questions = [{ type, name, class: "IN" as const }];
      ready.set(`${type} ${name}`, dnsPacket.encode({ type: "response", id: 0, flags, questions, answers }));
    }
  }
  return ready;
}

/** The question's name (lower-case) and where it ends, or null for a packet we do not answer. */
function readQuestion(msg: Buffer): { name: string; type: "A" | "AAAA" | undefined; end: number } | null {
  if (msg.length < 17 || msg.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let at = 12;
  while (at < msg.length && msg[at]! > 0) {
    const len = msg[at]!;
    if (len > 63 || at + 1 + len > msg.length) return null;
    labels.push(msg.toString("latin1", at + 1, at + 1 + len).toLowerCase());
    at += len + 1;
  }
  if (at + 5 > msg.length) return null;
  return { name: labels.join("."), type: TYPES[msg.readUInt16BE(at + 1)], end: at + 5 };
}

export async function startFastDnsServer(records: Records): Promise<FastDnsServer> {
  const ready = encodeAnswers(records);
  const socket = createSocket("udp4");
  let answered = 0;
  socket.on("message", (msg, rinfo) => {
    const q = readQuestion(msg);
    if (!q) return;
    let reply = q.type && ready.get(`${q.type} ${q.name}`);
    if (reply) {
      reply = Buffer.from(reply);
      msg.copy(reply, 0, 0, 2); // the asker's id
    } else {
      // NXDOMAIN (or NODATA for other types): the question echoed with a response header.
      reply = Buffer.from(msg.subarray(0, q.end));
      const rcode = records.has(q.name) ? 0 : 3;
      reply.writeUInt16BE(0x8000 | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | rcode, 2);
      reply.fill(0, 6, 12); // no answer, authority or additional records
    }
    answered++;
    socket.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(0, "127.0.0.1", () => resolve());
  });
  setBufferSizes(socket);
  return {
    port: socket.address().port,
    answered: () => answered,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
