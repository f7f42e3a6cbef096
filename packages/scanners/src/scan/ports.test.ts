import { getEventListeners } from "node:events";
import net from "node:net";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueTestCertificate } from "../testing/index.ts";
import { scanPorts, scanPortsDetailed } from "./port-scan.ts";
import { portsForMode, TOP_1000_TCP_PORTS, TOP_100_TCP_PORTS, WEB_PORTS } from "./ports.ts";
import { portRisk, serviceFromBanner } from "./services.ts";

type Listener = { port: number; close(): Promise<void> };

async function listen(onConnection: (s: net.Socket) => void): Promise<Listener> {
  const server = net.createServer((s) => {
    s.on("error", () => undefined);
    onConnection(s);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const sockets = new Set<net.Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => r());
      }),
  };
}

/** A port that was just free: bound, then closed. */
async function closedPort(): Promise<number> {
  const l = await listen(() => undefined);
  await l.close();
  return l.port;
}

let ssh: Listener, smtp: Listener, http: Listener, silent: Listener, tlsPort: Listener;
let closed: number;

beforeAll(async () => {
  ssh = await listen((s) => s.write("SSH-2.0-OpenSSH_9.6\r\n"));
  smtp = await listen((s) => s.write("220 mail ESMTP Postfix\r\n"));
  http = await listen((s) =>
    s.once("data", () =>
      s.end("HTTP/1.1 200 OK\r\nServer: nginx/1.25.3\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
    ),
  );
  silent = await listen(() => undefined);
  const { key, cert } = await issueTestCertificate({ hostnames: ["localhost"], loopbackIps: true });
  const tlsServer = tls.createServer({ key, cert }, (s) => {
    s.on("error", () => undefined);
    s.once("data", () => s.end("HTTP/1.1 204 No Content\r\nServer: test-tls\r\n\r\n"));
  });
  tlsServer.on("tlsClientError", () => undefined);
  await new Promise<void>((r) => tlsServer.listen(0, "127.0.0.1", r));
  tlsPort = {
    port: (tlsServer.address() as net.AddressInfo).port,
    close: () => new Promise((r) => tlsServer.close(() => r())),
  };
  closed = await closedPort();
});

afterAll(async () => {
  await Promise.all([ssh, smtp, http, silent, tlsPort].map((l) => l?.close()));
});

describe("portsForMode", () => {
  it("has the sizes of each mode", () => {
    expect(portsForMode("off")).toEqual([]);
    expect(portsForMode("web")).toEqual([...WEB_PORTS]);
    expect(portsForMode("top100")).toHaveLength(100);
    expect(portsForMode("top1000")).toHaveLength(1000);
    const full = portsForMode("full");
    expect(full).toHaveLength(65535);
    expect(full[0]).toBe(1);
    expect(full[65534]).toBe(65535);
  });

  it("uses nmap's frequency order, without duplicates, top 100 first", () => {
    expect(new Set(TOP_1000_TCP_PORTS).size).toBe(1000);
    expect(TOP_1000_TCP_PORTS.slice(0, 5)).toEqual([80, 23, 443, 21, 22]);
    expect(TOP_100_TCP_PORTS).toEqual(TOP_1000_TCP_PORTS.slice(0, 100));
    for (const p of [22, 25, 80, 443, 3306, 3389, 5432, 5900, 8080]) expect(TOP_100_TCP_PORTS).toContain(p);
    expect(TOP_1000_TCP_PORTS).toContain(9200);
    expect(TOP_1000_TCP_PORTS).not.toContain(6379); // as in nmap-services: Redis is rarely seen open
    expect(TOP_1000_TCP_PORTS.every((p) => Number.isInteger(p) && p >= 1 && p <= 65535)).toBe(true);
  });

  it("refuses an unknown mode", () => {
    expect(() => portsForMode("everything" as never)).toThrow(/unknown portScanMode/);
  });
});

describe("scanPorts", () => {
  it("finds the open ports with banners and services, and not the closed one", async () => {
    const ports = [ssh.port, smtp.port, http.port, silent.port, closed];
    const open = await scanPorts("127.0.0.1", ports, { concurrency: 100, timeoutMs: 1000, bannerTimeoutMs: 800 });
    expect(open.map((p) => p.port)).toEqual([ssh.port, smtp.port, http.port, silent.port].sort((a, b) => a - b));
    const by = new Map(open.map((p) => [p.port, p]));
    expect(by.get(ssh.port)).toEqual({
      port: ssh.port,
      protocol: "tcp",
      service: "ssh",
      banner: "SSH-2.0-OpenSSH_9.6",
    });
    expect(by.get(smtp.port)).toMatchObject({ service: "smtp", banner: "220 mail ESMTP Postfix" });
    // Not a well-known HTTP port: it stayed silent, answered our HEAD probe.
    expect(by.get(http.port)).toMatchObject({ service: "http", banner: "HTTP/1.1 200 OK\nServer: nginx/1.25.3" });
    expect(by.get(silent.port)).toMatchObject({ banner: null });
    expect(by.has(closed)).toBe(false);
  });

  it("recognises TLS on an unexpected port and reads HTTP over it", async () => {
    const [p] = await scanPortsDetailed("127.0.0.1", [tlsPort.port], {
      concurrency: 10,
      timeoutMs: 1000,
      bannerTimeoutMs: 1500,
    });
    expect(p).toMatchObject({ port: tlsPort.port, tls: true, http: true, service: "https" });
    expect(p!.banner).toContain("Server: test-tls");
  });

  it("without banners names services by port number only", async () => {
    const open = await scanPorts("127.0.0.1", [ssh.port, closed], {
      concurrency: 10,
      timeoutMs: 500,
      bannerTimeoutMs: 0,
    });
    expect(open).toEqual([{ port: ssh.port, protocol: "tcp", service: null, banner: null }]);
  });

  it("gives the same answer from worker threads over a large range, with progress", async () => {
    const lo = Math.max(1, Math.min(ssh.port, smtp.port, closed) - 3000);
    const ports = Array.from({ length: 6000 }, (_, i) => lo + i).filter((p) => p <= 65535);
    const progress: number[] = [];
    const inThread = await scanPorts("127.0.0.1", ports, {
      concurrency: 500,
      timeoutMs: 1000,
      bannerTimeoutMs: 0,
      threads: 0,
    });
    const threaded = await scanPorts("127.0.0.1", ports, {
      concurrency: 500,
      timeoutMs: 1000,
      bannerTimeoutMs: 0,
      threads: 2,
      onProgress: (d) => progress.push(d),
    });
    expect(threaded.map((p) => p.port)).toEqual(inThread.map((p) => p.port));
    for (const p of [ssh.port, smtp.port])
      if (p >= lo && p < lo + 6000) expect(threaded.some((x) => x.port === p)).toBe(true);
    expect(progress.at(-1)).toBe(ports.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it("stops when aborted", async () => {
    const ctl = new AbortController();
    const started = Date.now();
    const p = scanPorts("127.0.0.1", portsForMode("full"), {
      concurrency: 200,
      timeoutMs: 1000,
      bannerTimeoutMs: 0,
      signal: ctl.signal,
      threads: 0,
    });
    setTimeout(() => ctl.abort(), 50);
    await expect(p).rejects.toMatchObject({ name: "AbortError" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reads many banners at once on one signal without piling up abort listeners (issue 15)", async () => {
    const warnings: Error[] = [];
    const onWarning = (w: Error) => void warnings.push(w);
    process.on("warning", onWarning);
    const talkers = await Promise.all(
      Array.from({ length: 15 }, () => listen((s) => setTimeout(() => s.end("SSH-2.0-OpenSSH_9.6\r\n"), 100))),
    );
    try {
      const ctl = new AbortController();
      const found = await scanPortsDetailed(
        "127.0.0.1",
        talkers.map((t) => t.port),
        { concurrency: 50, timeoutMs: 1000, bannerTimeoutMs: 1000, signal: ctl.signal },
      );
      expect(found.map((p) => p.service)).toEqual(Array(15).fill("ssh"));
      expect(getEventListeners(ctl.signal, "abort")).toHaveLength(0);
      await new Promise((r) => setImmediate(r));
      expect(warnings.map((w) => w.message)).not.toContainEqual(expect.stringMatching(/abort listeners/));
    } finally {
      process.off("warning", onWarning);
      await Promise.all(talkers.map((t) => t.close()));
    }
  });

  it("refuses what is not an IP address or a port", async () => {
    await expect(
      scanPorts("example.com", [80], { concurrency: 1, timeoutMs: 100, bannerTimeoutMs: 0 }),
    ).rejects.toThrow(/IP address/);
    await expect(scanPorts("127.0.0.1", [0], { concurrency: 1, timeoutMs: 100, bannerTimeoutMs: 0 })).rejects.toThrow(
      /not a TCP port/,
    );
  });
});

describe("services", () => {
  it("guesses services from banners", () => {
    expect(serviceFromBanner(Buffer.from("SSH-2.0-OpenSSH_9.6\r\n"), 2222, false)).toBe("ssh");
    expect(serviceFromBanner(Buffer.from("220 mail ESMTP\r\n"), 2525, false)).toBe("smtp");
    expect(serviceFromBanner(Buffer.from("220 ProFTPD Server\r\n"), 21, false)).toBe("ftp");
    expect(serviceFromBanner(Buffer.from("+OK Dovecot ready.\r\n"), 110, false)).toBe("pop3");
    expect(serviceFromBanner(Buffer.from("* OK IMAP4rev1\r\n"), 993, true)).toBe("imaps");
    expect(serviceFromBanner(Buffer.from("RFB 003.008\n"), 5901, false)).toBe("vnc");
    expect(serviceFromBanner(Buffer.from([0x4a, 0, 0, 0, 0x0a, ...Buffer.from("8.0.36\0")]), 3306, false)).toBe(
      "mysql",
    );
    expect(serviceFromBanner(Buffer.from([0xff, 0xfd, 0x18]), 23, false)).toBe("telnet");
    expect(serviceFromBanner(Buffer.from("HTTP/1.1 200 OK\r\n"), 9443, true)).toBe("https");
    expect(serviceFromBanner(Buffer.from([0x15, 0x03, 0x01, 0, 2, 2, 40]), 4433, false)).toBe("ssl");
    expect(serviceFromBanner(Buffer.alloc(0), 80, false)).toBeNull();
  });

  it("rates exposure by port and service, keeping the riskier", () => {
    expect(portRisk(443, "https").severity).toBe("info");
    expect(portRisk(22, "ssh").severity).toBe("medium");
    expect(portRisk(2222, "ssh").severity).toBe("medium");
    for (const p of [3306, 5432, 6379, 27017, 9200, 11211, 23, 21, 3389, 445, 5900, 2375])
      expect(portRisk(p, null).severity, String(p)).toBe("high");
    expect(portRisk(9200, "http").severity).toBe("high");
    expect(portRisk(8080, "ssh").severity).toBe("medium");
    expect(portRisk(31337, null).severity).toBe("low");
  });
});
