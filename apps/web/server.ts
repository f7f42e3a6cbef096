// The dashboard's HTTP server: the built Next.js app behind a thin front that
// does what `next start` leaves to whoever runs it, alike with the API (core's
// http-edge):
// - X-Forwarded-* and X-Real-IP are dropped unless EMS_TRUST_PROXY is set, and
//   X-Forwarded-For then holds the connection's own address (Next keeps a
//   client's X-Forwarded-For as it came: the audit log's IP could be forged);
// - what Node's parser refuses (overlong request line or headers, malformed,
//   too slow) and an HTTP/1.1 request without Host answer in the error shape.
// Bodies are limited where they are read (src/server/request.ts).
//
//   node --import tsx server.ts [--port 3000] [--hostname 127.0.0.1]
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import next from "next";
import {
  answerClientError,
  edgeSettingsFromEnv,
  missingHostBody,
  PROXY_HEADERS,
  rawErrorResponse,
} from "@ems/core/http-edge";

const { values } = parseArgs({ options: { port: { type: "string" }, hostname: { type: "string" } } });
const port = Number(values.port ?? process.env.EMS_WEB_PORT ?? 3000);
const hostname = values.hostname ?? process.env.HOST ?? "127.0.0.1";
const { trustProxy } = edgeSettingsFromEnv();

const app = next({ dev: false, dir: path.dirname(fileURLToPath(import.meta.url)), hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer({ requireHostHeader: false }, (req, res) => {
  if (req.httpVersion === "1.1" && !req.headers.host) {
    req.socket.end(rawErrorResponse(missingHostBody()));
    return;
  }
  if (!trustProxy) {
    for (const name of PROXY_HEADERS) delete req.headers[name];
    req.headers["x-forwarded-for"] = req.socket.remoteAddress;
  }
  void handle(req, res);
});
server.on("clientError", answerClientError);
server.listen(port, hostname, () => console.log(`Dashboard listening on http://${hostname}:${port}`));

function stop() {
  server.close();
  server.closeIdleConnections();
  void app.close().finally(() => process.exit(0));
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
