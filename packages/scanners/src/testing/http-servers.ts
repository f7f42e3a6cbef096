// Real HTTP and HTTPS (self-signed) servers on 127.0.0.1 for tests, plus a
// pair of them behind one route table keyed by host and path, so that a
// test can "publish" a page or a file for any name its DNS server answers.
import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttps } from "node:https";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";

export interface TestResponse {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}
export type TestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;
export type TestRoute = TestResponse | TestHandler;

export interface TestServer {
  port: number;
  /** http(s)://127.0.0.1:<port> */
  url: string;
  server: Server;
  /** Requests seen, newest last ("host" is the Host header without port). */
  requests: Array<{ method: string; host: string; path: string }>;
  close(): Promise<void>;
}

export interface TestHttpsServer extends TestServer {
  /** PEM of the self-signed certificate. */
  cert: string;
}

const certs = new Map<string, Promise<{ key: string; cert: string }>>();

/** A self-signed EC certificate for the names (and 127.0.0.1, ::1); cached per name list. */
export function testCertificate(hostnames: string[] = ["localhost"]): Promise<{ key: string; cert: string }> {
  const id = hostnames.join(",");
  let p = certs.get(id);
  if (!p) {
    p = generate([{ name: "commonName", value: hostnames[0] ?? "localhost" }], {
      keyType: "ec",
      algorithm: "sha256",
      extensions: [
        { name: "basicConstraints", cA: false },
        { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
        { name: "extKeyUsage", serverAuth: true },
        {
          name: "subjectAltName",
          altNames: [
            ...hostnames.map((value) => ({ type: 2 as const, value })),
            { type: 7, ip: "127.0.0.1" },
            { type: 7, ip: "::1" },
          ],
        },
      ],
    }).then((pems) => ({ key: pems.private, cert: pems.cert }));
    certs.set(id, p);
  }
  return p;
}

const hostOf = (req: IncomingMessage) =>
  (req.headers.host ?? "")
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^\[(.*)\]$/, "$1");

async function listen(
  server: Server,
  scheme: "http" | "https",
  handler: TestHandler,
  host = "127.0.0.1",
): Promise<TestServer> {
  const requests: TestServer["requests"] = [];
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    requests.push({ method: req.method ?? "GET", host: hostOf(req), path: req.url ?? "/" });
    Promise.resolve(handler(req, res)).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `${scheme}://${host}:${port}`,
    server,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function startHttpServer(handler: TestHandler, opts: { host?: string } = {}): Promise<TestServer> {
  return listen(createHttp(), "http", handler, opts.host);
}

export async function startHttpsServer(
  handler: TestHandler,
  opts: { hostnames?: string[]; host?: string } = {},
): Promise<TestHttpsServer> {
  const { key, cert } = await testCertificate(opts.hostnames);
  const server = await listen(createHttps({ key, cert }) as unknown as Server, "https", handler, opts.host);
  return { ...server, cert };
}

/** Sends a route's canned answer (HTML by default). */
export function sendResponse(res: ServerResponse, r: TestResponse): void {
  const headers = { "content-type": "text/html; charset=utf-8", ...r.headers };
  res.writeHead(r.status ?? 200, headers);
  res.end(r.body ?? "");
}

export interface TestWebServers {
  http: TestServer;
  https: TestHttpsServer;
  /**
   * Keys, most specific first: "https://host/path", "host/path", "/path"
   * (path without the query string). Unmatched requests get 404.
   */
  routes: Map<string, TestRoute>;
  route(key: string, r: TestRoute): void;
  /** Spread into a NetConfig so that port-less URLs reach these servers. */
  ports: { httpPort: number; httpsPort: number };
  close(): Promise<void>;
}

/** An HTTP and an HTTPS server sharing one route table, on 127.0.0.1 unless `host` says another loopback address. */
export async function startTestWebServers(
  opts: { routes?: Record<string, TestRoute>; hostnames?: string[]; host?: string } = {},
): Promise<TestWebServers> {
  const routes = new Map<string, TestRoute>(Object.entries(opts.routes ?? {}));
  const handler =
    (scheme: "http" | "https"): TestHandler =>
    (req, res) => {
      const host = hostOf(req);
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      const r = routes.get(`${scheme}://${host}${path}`) ?? routes.get(`${host}${path}`) ?? routes.get(path);
      if (!r) return sendResponse(res, { status: 404, headers: { "content-type": "text/plain" }, body: "not found" });
      return typeof r === "function" ? r(req, res) : sendResponse(res, r);
    };
  const [http, https] = await Promise.all([
    startHttpServer(handler("http"), { host: opts.host }),
    startHttpsServer(handler("https"), { hostnames: opts.hostnames, host: opts.host }),
  ]);
  return {
    http,
    https,
    routes,
    route: (k, r) => void routes.set(k, r),
    ports: { httpPort: http.port, httpsPort: https.port },
    close: async () => {
      await Promise.all([http.close(), https.close()]);
    },
  };
}
