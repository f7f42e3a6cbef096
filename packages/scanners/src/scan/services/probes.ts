// What a data store or file server says when asked without credentials, in
// its own protocol: Redis (PING, INFO), memcached (stats), FTP (USER
// anonymous), MongoDB (OP_MSG buildInfo, listDatabases). Each probe names the
// service and its version from the answer, like `nmap -sV`, and says whether
// it served us without authentication. Elasticsearch speaks HTTP: ./elasticsearch.ts.
import { BSON } from "bson";
import { converse, hasLine, text, type Conversation, type ConversationOptions } from "./conversation.ts";

export interface ServiceAnswer {
  /** Service name as the port table spells it ("redis", "memcached", "ftp", "mongodb", "elasticsearch"). */
  service: string;
  /** Product and version as the service told them ("Redis 7.0.15"), or the product alone. */
  product: string;
  version: string | null;
  /** It did what we asked without any credentials. */
  unauthenticated: boolean;
  /** What we sent and what it answered, as readable text (each line prefixed "> " or "< "). */
  transcript: string;
  /** The answer that proves it. */
  matched: string;
  /** Per-service details for the evidence (database or index names…). */
  details?: Record<string, unknown>;
}

export type Probe = (opts: ConversationOptions) => Promise<ServiceAnswer | null>;

const MAX_TRANSCRIPT = 2048;

/** A conversation that writes down what was said. */
function recorded(c: Conversation) {
  const lines: string[] = [];
  const note = (prefix: string, s: string) => {
    for (const l of s.replace(/\r/g, "").split("\n").filter(Boolean)) lines.push(`${prefix} ${l}`);
  };
  return {
    send(s: string, shown = s) {
      note(">", shown);
      c.send(s);
    },
    async take(enough: (b: Buffer) => boolean, show = true): Promise<string> {
      const t = text(await c.take(enough));
      if (show) note("<", t);
      return t;
    },
    transcript: () => lines.join("\n").slice(0, MAX_TRANSCRIPT),
  };
}

// --- Redis ---------------------------------------------------------------------

/** A complete RESP reply: a line, or a bulk string "$N\r\n" followed by N bytes and CRLF. */
function respComplete(b: Buffer): boolean {
  const t = text(b);
  const head = /^\$(-?\d+)\r\n/.exec(t);
  if (head) return Number(head[1]) < 0 || b.length >= head[0].length + Number(head[1]) + 2;
  return hasLine(b);
}

export const probeRedis: Probe = (opts) =>
  converse(opts, async (c) => {
    const r = recorded(c);
    r.send("PING\r\n");
    const pong = await r.take(hasLine);
    if (!/^[+-]/.test(pong)) return null;
    if (!pong.startsWith("+PONG")) {
      // -NOAUTH Authentication required / -DENIED (protected mode): a Redis that wants credentials.
      return {
        service: "redis",
        product: "Redis",
        version: null,
        unauthenticated: false,
        transcript: r.transcript(),
        matched: pong.trim(),
      };
    }
    r.send("INFO server\r\n");
    const info = await r.take(respComplete, false);
    const version = /redis_version:([0-9][\w.-]*)/.exec(info)?.[1] ?? null;
    const mode = /redis_mode:(\w+)/.exec(info)?.[1];
    const os = /\bos:([^\r\n]+)/.exec(info)?.[1];
    const matched = `+PONG; redis_version:${version ?? "?"}`;
    return {
      service: "redis",
      product: version ? `Redis ${version}` : "Redis",
      version,
      unauthenticated: true,
      transcript: `${r.transcript()}\n< ${info.split(/\r?\n/).slice(0, 12).join("\n< ")}`.slice(0, MAX_TRANSCRIPT),
      matched,
      details: { ...(mode ? { mode } : {}), ...(os ? { os } : {}) },
    };
  });

// --- memcached -----------------------------------------------------------------

const statsComplete = (b: Buffer) =>
  /(^|\r\n)END\r\n$/.test(text(b)) || (/^(ERROR|CLIENT_ERROR|SERVER_ERROR)/.test(text(b)) && hasLine(b));

export const probeMemcached: Probe = (opts) =>
  converse(opts, async (c) => {
    const r = recorded(c);
    r.send("stats\r\n");
    const stats = await r.take(statsComplete, false);
    if (/^STAT /.test(stats)) {
      const version = /STAT version ([^\r\n]+)/.exec(stats)?.[1] ?? null;
      const items = /STAT curr_items (\d+)/.exec(stats)?.[1];
      return {
        service: "memcached",
        product: version ? `Memcached ${version}` : "Memcached",
        version,
        unauthenticated: true,
        transcript: `${r.transcript()}\n< ${stats.split(/\r?\n/).slice(0, 12).join("\n< ")}`,
        matched: `STAT version ${version ?? "?"}`,
        details: items !== undefined ? { currentItems: Number(items) } : {},
      };
    }
    // memcached -Y (ASCII auth) or SASL-only: "CLIENT_ERROR unauthenticated" / "ERROR".
    if (/^(CLIENT_ERROR|ERROR|SERVER_ERROR)/.test(stats) && /auth/i.test(stats)) {
      return {
        service: "memcached",
        product: "Memcached",
        version: null,
        unauthenticated: false,
        transcript: `${r.transcript()}\n< ${stats.trim()}`,
        matched: stats.trim(),
      };
    }
    return null;
  });

// --- FTP -----------------------------------------------------------------------

/** A complete FTP reply: the last line is "NNN text" (multi-line replies start with "NNN-"). */
const ftpReply = (b: Buffer) => /(^|\n)\d{3} [^\n]*\n$/.test(text(b).replace(/\r/g, ""));
const FTP_PRODUCTS: Array<[RegExp, string]> = [
  [/vsFTPd ([\d.]+)/i, "vsftpd"],
  [/ProFTPD ([\d.]+\w*)/i, "ProFTPD"],
  [/Pure-FTPd/i, "Pure-FTPd"],
  [/FileZilla Server(?: version)? ([\d.]+\w*)/i, "FileZilla Server"],
  [/Microsoft FTP Service/i, "Microsoft FTP Service"],
];

export const probeFtpAnonymous: Probe = (opts) =>
  converse(opts, async (c) => {
    const r = recorded(c);
    const greeting = await r.take(ftpReply);
    if (!/^220/.test(greeting)) return null;
    const known = FTP_PRODUCTS.find(([re]) => re.test(greeting));
    const version = known ? (known[0].exec(greeting)?.[1] ?? null) : null;
    const product = known ? `${known[1]}${version ? ` ${version}` : ""}` : "FTP server";
    r.send("USER anonymous\r\n");
    let reply = await r.take(ftpReply);
    if (/^331/.test(reply)) {
      r.send("PASS ems-scan@example.com\r\n", "PASS <an e-mail address>");
      reply = await r.take(ftpReply);
    }
    r.send("QUIT\r\n");
    const answer = { service: "ftp", product, version, transcript: r.transcript() };
    return /^230/.test(reply)
      ? { ...answer, unauthenticated: true, matched: reply.trim().split(/\r?\n/).pop()! }
      : { ...answer, unauthenticated: false, matched: greeting.trim().split(/\r?\n/)[0]! };
  });

// --- MongoDB -------------------------------------------------------------------

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

const wholeMessage = (b: Buffer) => b.length >= 4 && b.length >= b.readInt32LE(0);

export const probeMongo: Probe = (opts) =>
  converse(opts, async (c) => {
    const ask = async (id: number, doc: Record<string, unknown>) => {
      c.send(opMsg(id, doc));
      return readOpMsg(await c.take(wholeMessage));
    };
    const build = await ask(1, { buildInfo: 1, $db: "admin" });
    if (!build) return null;
    const version = build.ok === 1 && typeof build.version === "string" ? build.version : null;
    const list = await ask(2, { listDatabases: 1, nameOnly: true, $db: "admin" });
    if (!list) return null;
    const product = version ? `MongoDB ${version}` : "MongoDB";
    const sent = '> OP_MSG { buildInfo: 1, $db: "admin" }\n> OP_MSG { listDatabases: 1, nameOnly: true, $db: "admin" }';
    const databases = Array.isArray(list.databases)
      ? (list.databases as Array<{ name?: unknown }>).map((d) => String(d.name)).slice(0, 20)
      : null;
    if (list.ok === 1 && databases) {
      return {
        service: "mongodb",
        product,
        version,
        unauthenticated: true,
        transcript: `${sent}\n< { version: "${version ?? "?"}" }\n< { databases: [${databases.join(", ")}], ok: 1 }`,
        matched: `listDatabases: ${databases.join(", ") || "(none)"}`,
        details: { databases },
      };
    }
    const err = `${String(list.codeName ?? list.code ?? "")} ${String(list.errmsg ?? "")}`.trim();
    return {
      service: "mongodb",
      product,
      version,
      unauthenticated: false,
      transcript: `${sent}\n< { ok: 0, errmsg: "${err}" }`,
      matched: err,
    };
  });
