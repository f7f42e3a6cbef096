// A certificate-transparency look-alike for tests: crt.sh's JSON interface
// (GET /?q=%.<domain>&output=json) and CertSpotter's issuances API
// (GET /v1/issuances?domain=…&after=…, pages of `pageSize`) on one HTTP
// server on 127.0.0.1. Each source can be switched to fail.
import type { ServerResponse } from "node:http";
import { startHttpServer } from "./http-servers.ts";

/** "answer"; "error": HTTP 500; "junk": 200 with a body that is not JSON; "slow": never answers. */
export type CtMode = "answer" | "error" | "junk" | "slow";

export interface TestCtServer {
  /** Base URL for both sources (DiscoveryConfig.crtShUrl and certSpotterUrl). */
  url: string;
  /** crt.sh rows by the domain asked for. */
  crtsh: Map<string, Array<{ name_value: string; common_name?: string }>>;
  /** CertSpotter issuances by domain, ids increasing. */
  certspotter: Map<string, Array<{ id: string; dns_names: string[] }>>;
  /** CertSpotter's mode may depend on the page asked for (`after`, undefined for the first). */
  mode: { crtsh: CtMode; certspotter: CtMode | ((after: string | undefined) => CtMode) };
  pageSize: number;
  /** Requests seen, newest last. */
  requests: Array<{ source: "crtsh" | "certspotter"; query: Record<string, string>; authorization?: string }>;
  /** One certificate with these names in both sources. */
  publish(domain: string, names: string[]): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, mode: CtMode, body: () => unknown): void {
  if (mode === "slow") return; // held open until the server closes
  if (mode === "error") return void res.writeHead(500, { "content-type": "text/plain" }).end("internal error");
  if (mode === "junk") return void res.writeHead(200, { "content-type": "application/json" }).end("<html>oops");
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body()));
}

export async function startCtServer(opts: { pageSize?: number } = {}): Promise<TestCtServer> {
  let nextId = 1000;
  const ct: Omit<TestCtServer, "url" | "close"> = {
    crtsh: new Map(),
    certspotter: new Map(),
    mode: { crtsh: "answer", certspotter: "answer" },
    pageSize: opts.pageSize ?? 100,
    requests: [],
    publish(domain, names) {
      const rows = ct.crtsh.get(domain) ?? [];
      ct.crtsh.set(domain, [...rows, { name_value: names.join("\n"), common_name: names[0] ?? domain }]);
      const issuances = ct.certspotter.get(domain) ?? [];
      ct.certspotter.set(domain, [...issuances, { id: String(nextId++), dns_names: names }]);
    },
  };
  const server = await startHttpServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://ct.test");
    const query = Object.fromEntries(url.searchParams);
    const authorization = req.headers.authorization;
    if (url.pathname === "/" && query.output === "json") {
      ct.requests.push({ source: "crtsh", query });
      const domain = (query.q ?? "").replace(/^%\./, "");
      return send(res, ct.mode.crtsh, () => ct.crtsh.get(domain) ?? []);
    }
    if (url.pathname === "/v1/issuances") {
      ct.requests.push({ source: "certspotter", query, ...(authorization ? { authorization } : {}) });
      const after = Number(query.after ?? 0);
      const all = ct.certspotter.get(query.domain ?? "") ?? [];
      const mode = typeof ct.mode.certspotter === "function" ? ct.mode.certspotter(query.after) : ct.mode.certspotter;
      return send(res, mode, () => all.filter((i) => Number(i.id) > after).slice(0, ct.pageSize));
    }
    res.writeHead(404).end();
  });
  return Object.assign(ct, { url: server.url, close: () => server.close() });
}
