// A listener where nothing may arrive: TCP and UDP on the same port of a
// forbidden address. Hostile-site tests aim pages at it and then assert that
// it counted nothing.
import { createSocket, type Socket } from "node:dgram";
import { createServer, type AddressInfo, type Server } from "node:net";

export interface Tripwire {
  host: string;
  port: number;
  /** TCP connections accepted and UDP datagrams received so far. */
  hits(): { tcp: number; udp: number };
  close(): Promise<void>;
}

async function bindUdp(host: string, port: number): Promise<Socket> {
  const udp = createSocket("udp4");
  await new Promise<void>((resolve, reject) => {
    udp.once("error", reject);
    udp.bind(port, host, () => resolve());
  });
  return udp;
}

/** Listens on host (default 127.0.0.1), on a port free for both TCP and UDP. */
export async function startTripwire(host = "127.0.0.1"): Promise<Tripwire> {
  let tcpHits = 0;
  let udpHits = 0;
  for (let attempt = 0; attempt < 20; attempt++) {
    const tcp: Server = createServer((socket) => {
      tcpHits++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => tcp.listen(0, host, () => resolve()));
    const port = (tcp.address() as AddressInfo).port;
    const udp = await bindUdp(host, port).catch(() => null);
    if (!udp) {
      await new Promise((r) => tcp.close(r));
      continue;
    }
    udp.on("message", () => udpHits++);
    return {
      host,
      port,
      hits: () => ({ tcp: tcpHits, udp: udpHits }),
      close: async () => {
        await new Promise((r) => tcp.close(r));
        await new Promise<void>((r) => udp.close(() => r()));
      },
    };
  }
  throw new Error("no port free for both TCP and UDP");
}
