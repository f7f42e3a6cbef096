// One TCP conversation with a service: connect to an already vetted address,
// then send and wait for answers step by step, the whole exchange under one
// time limit and the stage's abort signal (settleOnce). The catalogue's TCP
// checks (checks/engine/tcp.ts) speak each protocol through it.
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
}

/**
 * Runs `script` over a fresh connection; resolves with its result, or null when the connection failed, the peer hung
 * up before answering enough, or the time ran out. The address is vetted again by the same guard as the port scan.
 */
export function converse<T>(opts: ConversationOptions, script: (c: Conversation) => Promise<T>): Promise<T | null> {
  const verdict = isAllowedAddress(opts.address, opts.net);
  if (!verdict.allowed) return Promise.reject(new Error(`refusing to contact ${opts.address}: ${verdict.reason}`));
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
    send: (data) => void (socket.destroyed ? undefined : socket.write(data)),
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
      cleanup: () => socket.destroy(),
    },
    (settle) => {
      socket.on("data", (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        wake();
      });
      const hangup = () => {
        ended = true;
        wake();
      };
      socket.on("error", hangup);
      socket.on("close", hangup);
      socket.once(opts.tls ? "secureConnect" : "connect", () => {
        connected = true;
        script(conversation).then(settle.resolve, (err) => (err === gone ? settle.resolve(null) : settle.reject(err)));
      });
      socket.once("close", () => {
        if (!connected) settle.resolve(null);
      });
    },
  );
}

/** Text of a buffer as a line-based protocol sends it. */
export const text = (b: Buffer) => b.toString("latin1");

/** Ends with CRLF (or LF): a complete line. */
export const hasLine = (b: Buffer) => b.includes(0x0a);
