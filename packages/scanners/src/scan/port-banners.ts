// Banners of open ports: what each service says, over TLS when it speaks
// TLS, and the service and protocol flags read from it.
import net from "node:net";
import tls from "node:tls";
import { parseIp } from "../safety.ts";
import { settleOnce, type Settle } from "../settle.ts";
import type { OpenPortDetail } from "./types.ts";
import {
  HTTP_PORTS,
  HTTPS_PORTS,
  printableBanner,
  serviceFromBanner,
  TLS_PORTS,
  WELL_KNOWN_PORTS,
} from "./services.ts";

const MAX_BANNER_BYTES = 2048;
/** Banner reads in flight. */
export const BANNER_CONCURRENCY = 32;
/**
 * Banners are read from this many open ports; beyond, the service comes from the port number (hosts that answer on
 * every port).
 */
export const MAX_BANNERS = 256;

interface Grab {
  data: Buffer;
  /** The TLS handshake completed. */
  tls: boolean;
  tlsProtocol?: string;
  /** The peer hung up before our deadline. */
  closed: boolean;
}

const headRequest = (host: string, ua: string) =>
  `HEAD / HTTP/1.0\r\nHost: ${host}\r\nUser-Agent: ${ua}\r\nAccept: */*\r\nConnection: close\r\n\r\n`;

/** Enough of an answer: a whole HTTP head, a line of text, or a binary greeting. */
function complete(data: Buffer): boolean {
  if (data.length >= MAX_BANNER_BYTES) return true;
  const text = data.toString("latin1");
  if (text.startsWith("HTTP/")) return text.includes("\r\n\r\n") || text.includes("\n\n");
  if (text.includes("\n")) return true;
  // Binary greetings (MySQL, TLS alerts…) arrive whole.
  return data.subarray(0, 16).some((b) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b >= 0x80);
}

/**
 * Reads what the service says. mode "http": send a HEAD at once; "wait": wait
 * a little for a greeting, then send a HEAD (HTTP servers, TLS servers that
 * answer with an alert, Redis, Memcached… answer that).
 */
function readBanner(
  socket: net.Socket | tls.TLSSocket,
  event: "connect" | "secureConnect",
  mode: "http" | "wait",
  host: string,
  ua: string,
  deadline: number,
  signal: AbortSignal | undefined,
): Promise<Grab | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let connected = false;
  let closed = false;
  let probeTimer: ReturnType<typeof setTimeout> | undefined;
  const end = (settle: Settle<Grab | null>) => {
    socket.destroy();
    if (!connected) return settle.resolve(null);
    const isTls = socket instanceof tls.TLSSocket;
    settle.resolve({
      data: Buffer.concat(chunks),
      tls: isTls,
      closed,
      ...(isTls ? { tlsProtocol: socket.getProtocol() ?? undefined } : {}),
    });
  };
  const cleanup = () => {
    clearTimeout(probeTimer);
    socket.destroy();
  };
  const limits = {
    timeoutMs: Math.max(1, deadline - Date.now()),
    ...(signal ? { signal } : {}),
    onTimeout: end,
    onAbort: end,
  };
  return settleOnce<Grab | null>({ ...limits, cleanup }, (settle) => {
    const probe = () => {
      if (!size && !socket.destroyed) socket.write(headRequest(host, ua));
    };
    const hangup = () => {
      closed = true;
      end(settle);
    };
    socket.on(event, () => {
      connected = true;
      if (mode === "http") probe();
      else probeTimer = setTimeout(probe, Math.min(500, Math.max(0, (deadline - Date.now()) / 3)));
    });
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (complete(Buffer.concat(chunks))) end(settle);
    });
    socket.on("error", hangup);
    socket.on("close", hangup);
  });
}

function bannerText(g: Grab): string | null {
  const text = g.data.toString("latin1");
  if (text.startsWith("HTTP/")) {
    const lines = text.split(/\r?\n/);
    const keep = [lines[0]!, ...lines.filter((l) => /^(server|x-powered-by):/i.test(l))];
    return keep.join("\n").slice(0, 512);
  }
  if (g.data[0] === 0x15 && g.data[1] === 0x03) return null; // a TLS alert is no banner
  return printableBanner(g.data);
}

export async function grabBanner(
  address: string,
  port: number,
  hostname: string,
  ua: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<OpenPortDetail> {
  const fallback = WELL_KNOWN_PORTS[port] ?? null;
  const base: OpenPortDetail = {
    port,
    protocol: "tcp",
    service: fallback,
    banner: null,
    tls: TLS_PORTS.has(port),
    http: HTTP_PORTS.has(port) || HTTPS_PORTS.has(port),
  };
  if (timeoutMs <= 0) return base;
  const deadline = Date.now() + timeoutMs;
  const family = address.includes(":") ? 6 : 4;
  const servername = parseIp(hostname) ? undefined : hostname;
  const overTls = async (): Promise<OpenPortDetail | null> => {
    const s = tls.connect({
      host: address,
      port,
      ...(servername ? { servername } : {}),
      rejectUnauthorized: false,
      minVersion: "TLSv1",
      ciphers: "DEFAULT:@SECLEVEL=0",
    });
    const g = await readBanner(
      s,
      "secureConnect",
      HTTPS_PORTS.has(port) || !TLS_PORTS.has(port) ? "http" : "wait",
      hostname,
      ua,
      deadline,
      signal,
    );
    if (!g) return null;
    const service = serviceFromBanner(g.data, port, true) ?? fallback ?? "ssl";
    return {
      ...base,
      service: service === "ssl" ? (fallback ?? "ssl") : service,
      banner: bannerText(g) ?? `TLS (${g.tlsProtocol ?? "?"})`,
      tls: true,
      http: service === "https",
    };
  };

  if (TLS_PORTS.has(port)) {
    const r = await overTls();
    if (r) return r;
  }
  if (Date.now() >= deadline) return base;
  const plain = net.connect({ host: address, port, family });
  const g = await readBanner(plain, "connect", HTTP_PORTS.has(port) ? "http" : "wait", hostname, ua, deadline, signal);
  if (!g) return base;
  const service = serviceFromBanner(g.data, port, false);
  if (service === "ssl" || (!g.data.length && g.closed && !TLS_PORTS.has(port))) {
    // It answered our plain HEAD with a TLS alert, or hung up on it: maybe a TLS port we did not expect.
    const r = Date.now() < deadline ? await overTls() : null;
    if (r) return r;
    return service === "ssl" ? { ...base, service: fallback ?? "ssl", tls: true } : base;
  }
  return {
    ...base,
    service: service ?? fallback,
    banner: bannerText(g),
    http: service === "http" || (service === null && base.http),
    tls: false,
  };
}
