// A free TCP port on 127.0.0.1, for a server a test starts. Its own module: the browser tests import it too,
// without the vitest runner that processes.ts needs.
import net from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}
