// A loopback host (127.0.0.x) with many open ports, for the scan tests that
// scale with the open ports: each port is either a forward to a stand-in on
// 127.0.0.1 (the catalogue's fixtures, test web servers) or a small service
// of its own (a greeting, an echo, silence, a drip that never ends).
import net from "node:net";

export type PortBehaviour =
  | { forwardTo: number }
  | { greeting: string; otherwise?: string }
  | { echo: true }
  | { silent: true }
  | { drip: true }
  | { closes: true };

export interface PortHost {
  address: string;
  ports: number[];
  /** Changes what a port does for the connections that come next (a service replaced between two scans). */
  set(port: number, behaviour: PortBehaviour): void;
  close(): Promise<void>;
}

function handle(behaviour: PortBehaviour, socket: net.Socket): void {
  socket.on("error", () => undefined);
  if ("forwardTo" in behaviour) {
    const upstream = net.connect({ host: "127.0.0.1", port: behaviour.forwardTo });
    upstream.on("error", () => socket.destroy());
    socket.on("close", () => upstream.destroy());
    upstream.on("close", () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  } else if ("greeting" in behaviour) {
    socket.write(behaviour.greeting);
    const otherwise = behaviour.otherwise;
    socket.on("data", () => (otherwise ? socket.write(otherwise) : socket.end()));
  } else if ("echo" in behaviour) {
    socket.on("data", (d) => socket.write(d));
  } else if ("drip" in behaviour) {
    // A slow port: one byte every 300 ms, for as long as the client stays.
    const timer = setInterval(() => socket.write("."), 300);
    socket.on("close", () => clearInterval(timer));
  } else if ("closes" in behaviour) {
    socket.destroy();
  }
  // silent: holds the connection open and says nothing
}

/** Whether nothing listens on address:port yet (a port some other process holds on 0.0.0.0 is not). */
export async function bindable(address: string, port: number): Promise<boolean> {
  const s = net.createServer();
  const ok = await new Promise<boolean>((r) => {
    s.once("error", () => r(false));
    s.listen(port, address, () => r(true));
  });
  if (ok) await new Promise<void>((r) => s.close(() => r()));
  return ok;
}

/** Listens on every port of `plan` at `address`; close() ends the open connections too. */
export async function startPortHost(address: string, plan: ReadonlyMap<number, PortBehaviour>): Promise<PortHost> {
  const servers: net.Server[] = [];
  const sockets = new Set<net.Socket>();
  const current = new Map(plan);
  for (const port of plan.keys()) {
    const server = net.createServer((s) => {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      handle(current.get(port)!, s);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, address, () => resolve());
    });
    servers.push(server);
  }
  return {
    address,
    ports: [...plan.keys()].sort((a, b) => a - b),
    set: (port, behaviour) => void current.set(port, behaviour),
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    },
  };
}
