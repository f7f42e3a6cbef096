// The default-login budget: at most EMS_CHECKS_LOGIN_ATTEMPTS (3) credential pairs per service and endpoint per scan,
// counted across checks and runs of one scan, and no further attempt after an answer that is neither the product's
// success nor its usual refusal (a lockout). Counted at the servers.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScanFinding } from "../scan/types.ts";
import {
  startHttpServer,
  startDnsServer,
  testNetConfig,
  type TestServer,
  type TestDnsServer,
} from "../testing/index.ts";
import { catalogue } from "./catalogue.ts";
import { runHttpChecks } from "./engine/http-run.ts";
import { DEFAULT_CHECKS, HostLimiter } from "./engine/settings.ts";
import { runTcpChecks } from "./engine/tcp.ts";

const ftpLogin = catalogue().tcp.find((c) => c.kind === "service.default-login.ftp")!;
const tomcat = catalogue().http.find((c) => c.kind === "http.default-login.tomcat-manager")!;
const settings = { ...DEFAULT_CHECKS, rps: 1000, concurrency: 8, conversationTimeoutMs: 1000 };

let dns: TestDnsServer;
let ftp: net.Server;
let ftpPort = 0;
let passwords: string[] = [];
let web: TestServer;
let authorizations: string[] = [];
let lockout = false;

beforeAll(async () => {
  dns = await startDnsServer({ zone: { "device.test": { A: ["127.0.0.1"] } } });
  ftp = net.createServer((s) => {
    s.on("error", () => undefined);
    s.write("220 NAS FTP server ready.\r\n");
    s.on("data", (d) => {
      const line = d.toString("latin1");
      if (line.startsWith("USER")) s.write("331 Password required.\r\n");
      else if (line.startsWith("PASS")) {
        passwords.push(line.trim());
        s.write("530 Login incorrect.\r\n");
      } else s.end("221 Goodbye.\r\n");
    });
  });
  await new Promise<void>((r) => ftp.listen(0, "127.0.0.1", r));
  ftpPort = (ftp.address() as net.AddressInfo).port;
  web = await startHttpServer((req, res) => {
    if (req.headers.authorization) authorizations.push(req.headers.authorization);
    if (lockout && req.headers.authorization) {
      res.writeHead(429, { "content-type": "text/html" });
      return void res.end("<html><body>Too many attempts: account locked for 15 minutes</body></html>");
    }
    res.writeHead(401, { "www-authenticate": 'Basic realm="Tomcat Manager Application"', "content-type": "text/html" });
    res.end("<html><head><title>401 Unauthorized</title></head></html>");
  });
});
afterAll(async () => {
  await Promise.all([new Promise((r) => ftp.close(r)), web.close(), dns.close()]);
});

const ftpRun = (loginAttempts: Map<string, number>, budget = 3) =>
  runTcpChecks(
    [{ port: ftpPort, protocol: "tcp", service: "ftp", banner: null, tls: false, http: false }],
    [ftpLogin],
    {
      host: "127.0.0.1",
      address: "127.0.0.1",
      net: testNetConfig(null, null),
      settings: { ...settings, loginAttempts: budget },
      limiter: new HostLimiter(settings),
      loginAttempts,
      emit: () => undefined,
    },
  );

const tomcatRun = (loginAttempts: Map<string, number>) => {
  const found: ScanFinding[] = [];
  return runHttpChecks([{ base: `http://device.test:${web.port}`, port: web.port, root: null }], [tomcat], {
    net: testNetConfig(dns, null),
    covers: () => true,
    settings,
    limiter: new HostLimiter(settings),
    httpsAvailable: false,
    loginAttempts,
    emit: (f) => void found.push(f),
  }).then(() => found);
};

describe("the default-login budget", () => {
  it("tries at most 3 pairs per service and port in a scan, over TCP", async () => {
    passwords = [];
    const scan = new Map<string, number>();
    await ftpRun(scan);
    expect(passwords).toEqual(["PASS admin", "PASS root", "PASS 1234"]);
    await ftpRun(scan); // the same scan again: nothing left to spend
    expect(passwords).toHaveLength(3);
    passwords = [];
    await ftpRun(new Map(), 1); // EMS_CHECKS_LOGIN_ATTEMPTS=1
    expect(passwords).toEqual(["PASS admin"]);
    passwords = [];
    await ftpRun(new Map(), 0); // off
    expect(passwords).toEqual([]);
  });

  it("tries at most 3 pairs over HTTP, and stops at the first answer that is not the usual refusal", async () => {
    authorizations = [];
    const scan = new Map<string, number>();
    expect(await tomcatRun(scan)).toEqual([]);
    expect(authorizations).toHaveLength(3);
    await tomcatRun(scan);
    expect(authorizations).toHaveLength(3);
    authorizations = [];
    lockout = true;
    expect(await tomcatRun(new Map())).toEqual([]);
    expect(authorizations).toHaveLength(1); // a lockout page is neither success nor refusal: no second pair
  });
});
