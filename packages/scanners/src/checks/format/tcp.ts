// TCP and UDP checks: a conversation with a service on one connection (or one
// connected UDP socket), spoken just far enough to prove access (send / read
// and match / extract), optionally over TLS, and the scripted servers the
// harness runs as fixtures.
import { z } from "zod";
import { bytes, checkCommon, jsonShape, product } from "./common.ts";
import { serviceSpec } from "./http.ts";

/**
 * Named encoders for binary protocols: `{ encode: "mongo-op-msg", doc: {...} }` is an OP_MSG with that body;
 * "snmp-get" a GetRequest ({ community, oid, version }); "ldap-search" a SearchRequest ({ base, scope, present,
 * attributes, sizeLimit, id }). Text in `doc` may use the conversation's {{variables}}.
 */
export const encoded = z
  .object({ encode: z.enum(["mongo-op-msg", "snmp-get", "ldap-search"]), doc: z.record(z.string(), z.unknown()) })
  .strict();
export const sendable = z.union([bytes, encoded]);
export type Sendable = z.infer<typeof sendable>;

/**
 * When a reply is complete. line: through the first LF; reply: FTP/SMTP replies ("NNN-" lines until "NNN ");
 * resp: one Redis reply (a line, or a bulk string); chunk: the first bytes that arrive; close: until the peer
 * hangs up; le32: a message whose first 4 bytes are its length, little-endian (MongoDB); be32+1: one type byte and
 * a big-endian length that counts itself (PostgreSQL); be16: a big-endian length then the message (DNS over TCP).
 */
export const FRAMES = ["line", "reply", "resp", "chunk", "close", "le32", "be32+1", "be16"] as const;

const extractSpec = z.union([z.instanceof(RegExp), z.object({ json: z.string() }).strict()]);

const sendStep = z
  .object({
    send: sendable,
    /** What the transcript shows instead (hide a password, name a binary message). */
    show: z.string().optional(),
    /** Only when the last reply matched this. */
    when: z.instanceof(RegExp).optional(),
  })
  .strict();

const readStep = z
  .object({
    read: z.union([z.enum(FRAMES), z.object({ until: z.instanceof(RegExp) }).strict()]),
    /** Turns a binary reply into JSON text before matching (MongoDB OP_MSG: its BSON body). */
    decode: z.enum(["mongo-op-msg"]).optional(),
    /** Names the service (and product) when the reply matches, proven or not (a Redis that wants a password). */
    identify: z.instanceof(RegExp).optional(),
    /** All must match the reply (as latin1 text, or the decoded JSON); else the conversation ends unproven. */
    match: z.union([z.instanceof(RegExp), z.array(z.instanceof(RegExp)).min(1)]).optional(),
    /** None may match. */
    notMatch: z.instanceof(RegExp).optional(),
    /** The decoded JSON must have this shape. */
    json: jsonShape.optional(),
    /** Values for the evidence: group 1 of a RegExp (or the whole match), or a JSON path. */
    extract: z.record(z.string().regex(/^[a-z][a-zA-Z0-9]*$/), extractSpec).optional(),
    /** Only when the last reply matched this (the step is skipped otherwise). */
    when: z.instanceof(RegExp).optional(),
    /** Keep the reply out of the transcript and of "matched" (long INFO answers); extracted values still show. */
    quiet: z.boolean().optional(),
  })
  .strict();

export const step = z.union([sendStep, readStep]);
export type Step = z.infer<typeof step>;
export type ReadStep = z.infer<typeof readStep>;
export type SendStep = z.infer<typeof sendStep>;

export const tcpReply = z
  .object({
    /** Tested on everything received since the last answer (latin1 text). */
    on: z.instanceof(RegExp),
    send: sendable,
    /** Hang up after answering. */
    close: z.boolean().optional(),
  })
  .strict();

export const tcpFixture = z
  .object({
    /** Sent as soon as a client connects (FTP, SMTP, VNC greet first). */
    greeting: sendable.optional(),
    /** The first rule whose `on` matches answers. */
    replies: z.array(tcpReply),
    /** Said to anything no rule matches (a whole line received), else nothing. */
    otherwise: sendable.optional(),
    /** Over TLS (a self-signed certificate). */
    tls: z.boolean().optional(),
    expect: z
      .object({ extracted: z.record(z.string(), z.unknown()).optional() })
      .strict()
      .optional(),
  })
  .strict();
export type TcpFixture = z.infer<typeof tcpFixture>;

export const tcpCheck = z
  .object({
    ...checkCommon,
    protocol: z.literal("tcp"),
    service: serviceSpec,
    product: product.optional(),
    /** Speak TLS on the connection (SMTPS, a TLS-only service). */
    tls: z.boolean().optional(),
    /** Tried in order, one connection each, `{{username}}`/`{{password}}` in sends; at most 3 (the budget). */
    credentials: z
      .array(z.object({ username: z.string(), password: z.string() }).strict())
      .min(1)
      .max(3)
      .optional(),
    conversation: z.array(step).min(2),
    fixtures: z.object({ vulnerable: z.union([tcpFixture, z.array(tcpFixture).min(1)]), clean: tcpFixture }).strict(),
  })
  .strict();
export type TcpCheck = z.infer<typeof tcpCheck>;

/**
 * A UDP check: the same conversation over a connected UDP socket, tried on the service's declared ports (the port
 * scan sees TCP only). Each send is one datagram; a `chunk` read takes what the next datagram(s) brought.
 */
export const udpCheck = tcpCheck
  .omit({ protocol: true, tls: true })
  .extend({ protocol: z.literal("udp") })
  .strict();
export type UdpCheck = z.infer<typeof udpCheck>;
