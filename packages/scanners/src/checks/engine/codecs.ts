// Named encoders and decoders for binary protocols a conversation cannot
// write as text: MongoDB's OP_MSG (a header and a BSON body).
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

let requestIds = 0;

/** The bytes a send step or a fixture reply stands for. */
export function encode(s: Sendable): Buffer {
  if (typeof s === "object" && !Buffer.isBuffer(s) && "encode" in s) return opMsg(++requestIds, s.doc);
  return toBuffer(s);
}

/** A reply as JSON text, or null when it is not what the decoder reads. */
export function decode(decoder: "mongo-op-msg", b: Buffer): string | null {
  const doc = readOpMsg(b);
  return doc ? JSON.stringify(BSON.EJSON.serialize(doc, { relaxed: true })) : null;
}
