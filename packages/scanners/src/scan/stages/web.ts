// The web endpoints of a host target, for the HTTP, technologies, templates
// and nuclei stages: open ports that speak HTTP(S), or the configured ports
// when no port scan completed. Every one of them (no cap on their number: the
// HTTP and services stages' time limits grow with it instead).
import { hostForUrl } from "../../http.ts";
import { pickedUpFirst, type ScanPickUp } from "../caps.ts";
import type { WebEndpoint } from "../http-scan.ts";
import { HTTPS_PORTS, HTTP_PORTS } from "../services.ts";
import type { ScanScope, Shared } from "./stage.ts";

/** The port of a base URL ("http://example.com:8080" → 8080, "https://example.com" → 443). */
export const endpointPort = (base: string): number => {
  const u = new URL(base);
  return Number(u.port) || (u.protocol === "https:" ? 443 : 80);
};

/** Endpoints in their usual order, those the asset's last scan left out (by URL or port) first. */
export function orderedForScan<T extends { base: string; port: number }>(list: readonly T[], pickUp: ScanPickUp): T[] {
  const urls = new Set(pickUp.urls ?? []);
  const ports = new Set(pickUp.ports ?? []);
  return pickedUpFirst(list, (e) => urls.has(e.base) || ports.has(e.port));
}

export function webEndpoints(scope: ScanScope, shared: Shared): WebEndpoint[] {
  const { target, net } = scope;
  if (target.kind !== "host") return [];
  const host = hostForUrl(target.host);
  const base = (scheme: "http" | "https", port: number) => {
    const implicit = scheme === "http" ? port === 80 && net.httpPort === 80 : port === 443 && net.httpsPort === 443;
    return `${scheme}://${host}${implicit ? "" : `:${port}`}`;
  };
  const list: WebEndpoint[] = [];
  const add = (scheme: "http" | "https", port: number) => {
    if (!list.some((e) => e.port === port)) list.push({ scheme, port, base: base(scheme, port) });
  };
  for (const p of shared.openPorts ?? []) {
    if (p.tls && (p.http || HTTPS_PORTS.has(p.port))) add("https", p.port);
    else if (!p.tls && (p.http || HTTP_PORTS.has(p.port))) add("http", p.port);
  }
  if (!shared.portsComplete) {
    add("https", net.httpsPort);
    add("http", net.httpPort);
  }
  const order = (a: WebEndpoint, b: WebEndpoint) =>
    a.scheme === b.scheme ? a.port - b.port : a.scheme === "https" ? -1 : 1;
  return orderedForScan(list.sort(order), scope.pickUp);
}

/** Base URLs of the web endpoints whose root answered (all of them when the HTTP stage did not run). */
export function answeringBases(scope: ScanScope, shared: Shared): string[] {
  const answering = shared.roots ? new Set(shared.roots.filter((r) => r.result).map((r) => r.endpoint.base)) : null;
  return webEndpoints(scope, shared)
    .map((e) => e.base)
    .filter((b) => !answering || answering.has(b));
}
