// One conversation with a service: connect to an already vetted address (TCP,
// TLS over TCP, or a connected UDP socket), then send and wait for answers
// step by step, the whole exchange under one time limit and the stage's abort
// signal (settleOnce). The catalogue's TCP and UDP checks
// (checks/engine/tcp.ts) speak each protocol through it.
import dgram from "node:dgram";
import net from "node:net";
import tls from "node:tls";
import { isAllowedAddress } from "../../safety.ts";
import type { NetConfig } from "../../config.ts";
import { settleOnce } from "../../settle.ts";

const MAX_CONVERSATION_BYTES = 256 * 1024;

export interface Conversation {
  /** Writes to the service. */
  send(data: string | Buffer): void;
  /**
   * Waits until `enough(all bytes received since the last take)` is true, then hands them over and forgets them;
   * with `atClose`, a hang-up hands over what came before it instead of failing.
   */
  take(enough: (data: Buffer) => boolean, atClose?: boolean): Promise<Buffer>;
  /**
   * What arrives next, as a socket read gives it: up to `max` bytes, handed over once `quietMs` pass without more (or
   * the peer hangs up; with `untilEnd`, only then or at `max`); empty when nothing came within `firstByteMs`.
   */
  read(max: number, opts: { firstByteMs: number; quietMs: number; untilEnd?: boolean }): Promise<Buffer>;
}

export interface ConversationOptions {
  address: string;
  port: number;
  net: Pick<NetConfig, "allowPrivate" | "allowedRanges">;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Speak TLS (any certificate accepted, old versions too: we observe); the name is sent as SNI. */
  tls?: { servername?: string };
  /** Datagrams instead of a stream: each send is one datagram, replies arrive as they come (no TLS). */
  udp?: boolean;
}

/** The socket underneath a conversation, whatever carries it. */
interface Channel {
  write(data: Buffer): void;
  destroy(): void;
  /** Wires the events: bytes received, the peer gone (or an error), ready to send. */
  wire(on: { data(chunk: Buffer): void; gone(): void; ready(): void }): void;
}

function streamChannel(opts: ConversationOptions): Channel {
  const socket = opts.tls
    ? tls.connect({
        host: opts.address,
        port: opts.port,
        ...(opts.tls.servername ? { servername: opts.tls.servername } : {}),
        rejectUnauthorized: false,
        minVersion: "TLSv1",
        ciphers: "DEFAULT:@SECLEVEL=0",
      })
    : net.connect({ host: opts.address, port: opts.port });
  return {
    write: (data) => void (socket.destroyed ? undefined : socket.write(data)),
    destroy: () => socket.destroy(),
    wire(on) {
      socket.on("data", on.data);
      socket.on("error", on.gone);
      socket.on("close", on.gone);
      socket.once(opts.tls ? "secureConnect" : "connect", on.ready);
    },
  };
}

/** A connected UDP socket: only the vetted address and port are heard; an ICMP "port unreachable" ends it. */
function datagramChannel(opts: ConversationOptions): Channel {
  const socket = dgram.createSocket(net.isIPv6(opts.address) ? "udp6" : "udp4");
  let closed = false;
  return {
    write: (data) => void (closed ? undefined : socket.send(data)),
    destroy: () => {
      if (closed) return;
      closed = true;
      socket.close();
    },
    wire(on) {
      socket.on("message", on.data);
      socket.on("error", on.gone);
      socket.on("close", on.gone);
      socket.once("connect", on.ready);
      socket.connect(opts.port, opts.address);
    },
  };
}

/**
 * Runs `script` over a fresh connection; resolves with its result, or null when the connection failed, the peer hung
 * up before answering enough, or the time ran out. The address is vetted again by the same guard as the port scan.
 */
export function converse<T>(opts: ConversationOptions, script: (c: Conversation) => Promise<T>): Promise<T | null> {
  const verdict = isAllowedAddress(opts.address, opts.net);
  if (!verdict.allowed) return Promise.reject(new Error(`refusing to contact ${opts.address}: ${verdict.reason}`));
  const channel = opts.udp ? datagramChannel(opts) : streamChannel(opts);
  let buffered = Buffer.alloc(0);
  let waiter: {
    enough: (d: Buffer) => boolean;
    atClose: boolean;
    resolve: (d: Buffer) => void;
    reject: (e: Error) => void;
  } | null = null;
  const gone = new Error("connection closed");
  let ended = false;
  let connected = false;
  let reader: {
    done: (d: Buffer) => void;
    max: number;
    quietMs: number;
    untilEnd: boolean;
    timer?: NodeJS.Timeout;
  } | null = null;
  const handOver = (n: number) => {
    const data = buffered.subarray(0, n);
    buffered = buffered.subarray(n);
    return data;
  };
  const wakeReader = () => {
    if (!reader) return;
    const r = reader;
    const finish = () => {
      clearTimeout(r.timer);
      reader = null;
      r.done(handOver(Math.min(r.max, buffered.length)));
    };
    if (buffered.length >= r.max || ended) return finish();
    if (!buffered.length || r.untilEnd) return;
    clearTimeout(r.timer);
    r.timer = setTimeout(finish, r.quietMs);
  };
  const wake = () => {
    wakeReader();
    if (!waiter) return;
    if (waiter.enough(buffered) || (ended && waiter.atClose)) {
      const { resolve } = waiter;
      const data = buffered;
      waiter = null;
      buffered = Buffer.alloc(0);
      resolve(data);
    } else if (ended || buffered.length > MAX_CONVERSATION_BYTES) {
      const { reject } = waiter;
      waiter = null;
      reject(gone);
    }
  };
  const conversation: Conversation = {
    send: (data) => channel.write(typeof data === "string" ? Buffer.from(data, "latin1") : data),
    take: (enough, atClose = false) =>
      new Promise<Buffer>((resolve, reject) => {
        waiter = { enough, atClose, resolve, reject };
        wake();
      }),
    read: (max, { firstByteMs, quietMs, untilEnd = false }) =>
      new Promise<Buffer>((done) => {
        reader = { done, max, quietMs, untilEnd };
        const r = reader;
        r.timer = setTimeout(() => {
          if (reader !== r) return;
          reader = null;
          done(handOver(Math.min(max, buffered.length)));
        }, firstByteMs);
        wakeReader();
      }),
  };
  return settleOnce<T | null>(
    {
      timeoutMs: opts.timeoutMs,
      ...(opts.signal ? { signal: opts.signal } : {}),
      onTimeout: (s) => s.resolve(null),
      onAbort: (s) => s.resolve(null),
      cleanup: () => channel.destroy(),
    },
    (settle) => {
      const hangup = () => {
        ended = true;
        wake();
        if (!connected) settle.resolve(null);
      };
      channel.wire({
        data: (chunk) => {
          buffered = Buffer.concat([buffered, chunk]);
          wake();
        },
        gone: hangup,
        ready: () => {
          connected = true;
          script(conversation).then(settle.resolve, (err) =>
            err === gone ? settle.resolve(null) : settle.reject(err),
          );
        },
      });
    },
  );
}

/** Text of a buffer as a line-based protocol sends it. */
export const text = (b: Buffer) => b.toString("latin1");

/** Ends with CRLF (or LF): a complete line. */
export const hasLine = (b: Buffer) => b.includes(0x0a);
