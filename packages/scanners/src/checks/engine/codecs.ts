// Named encoders and decoders for binary protocols a conversation cannot
// write as text: MongoDB's OP_MSG (a header and a BSON body), and two BER
// messages whose lengths depend on their text (an SNMP GetRequest for a
// community, an LDAP search for a base an earlier reply named).
import { BSON } from "bson";
import { toBuffer, type Sendable } from "../format/index.ts";

const OP_MSG = 2013;

/** An OP_MSG with one body section (kind 0). */
export function opMsg(requestId: number, doc: Record<string, unknown>, responseTo = 0): Buffer {
  const body = BSON.serialize(doc);
  const head = Buffer.alloc(21);
  head.writeInt32LE(21 + body.length, 0);
  head.writeInt32LE(requestId, 4);
  head.writeInt32LE(responseTo, 8);
  head.writeInt32LE(OP_MSG, 12);
  head.writeUInt32LE(0, 16); // flagBits
  head.writeUInt8(0, 20); // section kind 0: the body
  return Buffer.concat([head, body]);
}

/** The body document of an OP_MSG, or null when the bytes are not one. */
export function readOpMsg(b: Buffer): Record<string, unknown> | null {
  if (b.length < 21 || b.readInt32LE(12) !== OP_MSG || b.readUInt8(20) !== 0) return null;
  try {
    return BSON.deserialize(b.subarray(21, b.readInt32LE(0)));
  } catch {
    return null;
  }
}

// --- BER (ASN.1 basic encoding rules), as SNMP and LDAP use it ---------------------------------------------

function berLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), berLength(body.length), body]);
};
function berInteger(n: number): Buffer {
  const bytes: number[] = [];
  let v = n;
  do {
    bytes.unshift(v & 0xff);
    v = Math.floor(v / 256);
  } while (v > 0);
  if (bytes[0]! & 0x80) bytes.unshift(0);
  return tlv(0x02, Buffer.from(bytes));
}
const octets = (s: string, tag = 0x04) => tlv(tag, Buffer.from(s, "utf8"));
function berOid(oid: string): Buffer {
  const parts = oid.split(".").map(Number);
  const out = [parts[0]! * 40 + parts[1]!];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift(0x80 | (v & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

const text = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);

/** SNMP GetRequest (v1 or v2c) for one OID: { community, oid, version?: 0 (v1, the default) or 1 (v2c) }. */
function snmpGet(doc: Record<string, unknown>, requestId: number): Buffer {
  const varbind = tlv(0x30, berOid(text(doc.oid, "1.3.6.1.2.1.1.1.0")), Buffer.from([0x05, 0x00]));
  const pdu = tlv(0xa0, berInteger(requestId), berInteger(0), berInteger(0), tlv(0x30, varbind));
  return tlv(0x30, berInteger(doc.version === 1 ? 1 : 0), octets(text(doc.community, "public")), pdu);
}

const LDAP_SCOPES: Record<string, number> = { base: 0, one: 1, sub: 2 };

/** LDAP SearchRequest: { base, scope: base|one|sub, present (attribute of the filter), attributes[], sizeLimit }. */
function ldapSearch(doc: Record<string, unknown>, messageId: number): Buffer {
  const attributes = Array.isArray(doc.attributes) ? doc.attributes.map((a) => octets(text(a))) : [];
  const search = tlv(
    0x63,
    octets(text(doc.base)),
    tlv(0x0a, Buffer.from([LDAP_SCOPES[text(doc.scope, "base")] ?? 0])),
    tlv(0x0a, Buffer.from([0])), // never dereference aliases
    berInteger(typeof doc.sizeLimit === "number" ? doc.sizeLimit : 0),
    berInteger(5), // seconds
    tlv(0x01, Buffer.from([0])), // types only: false
    octets(text(doc.present, "objectClass"), 0x87), // (present=objectClass)
    tlv(0x30, ...attributes),
  );
  return tlv(0x30, berInteger(messageId), search);
}

let requestIds = 0;

/** The bytes a send step or a fixture reply stands for. */
export function encode(s: Sendable): Buffer {
  if (typeof s === "object" && !Buffer.isBuffer(s) && "encode" in s) {
    const id = ++requestIds;
    if (s.encode === "snmp-get") return snmpGet(s.doc, 0x454d0000 + (id & 0xffff));
    if (s.encode === "ldap-search") return ldapSearch(s.doc, typeof s.doc.id === "number" ? s.doc.id : (id % 100) + 1);
    return opMsg(id, s.doc);
  }
  return toBuffer(s);
}

/** A reply as JSON text, or null when it is not what the decoder reads. */
export function decode(decoder: "mongo-op-msg", b: Buffer): string | null {
  const doc = readOpMsg(b);
  return doc ? JSON.stringify(BSON.EJSON.serialize(doc, { relaxed: true })) : null;
}
