// Elasticsearch / OpenSearch over HTTP: "/" names the product and version
// (JSON with version.number and the tagline), "/_cat/indices" lists the
// indices when nobody asked for credentials. Through safeFetch, like every
// other HTTP request of the scan.
import type { NetConfig } from "../../config.ts";
import type { HttpResult } from "../../http.ts";
import { tryFetch } from "../evidence.ts";
import type { ServiceAnswer } from "./probes.ts";

interface RootJson {
  version?: { number?: unknown; distribution?: unknown };
  tagline?: unknown;
  cluster_name?: unknown;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** "Elasticsearch" or "OpenSearch" from a root answer, or null when it is neither. */
function productOf(r: HttpResult): { name: string; version: string | null } | null {
  const json = parseJson(r.body) as RootJson | null;
  if (json && typeof json === "object") {
    const version = typeof json.version?.number === "string" ? json.version.number : null;
    if (json.version?.distribution === "opensearch" || /OpenSearch/.test(String(json.tagline ?? "")))
      return { name: "OpenSearch", version };
    if (/You Know, for Search/.test(String(json.tagline ?? ""))) return { name: "Elasticsearch", version };
  }
  // Security on: 401 with the realm Elasticsearch names.
  if (r.status === 401 && /realm="security"/i.test(r.headers["www-authenticate"] ?? "")) {
    return { name: "Elasticsearch", version: null };
  }
  return null;
}

/** Asks base + "/" and, if it is Elasticsearch/OpenSearch, base + "/_cat/indices". */
export async function probeElasticsearch(
  base: string,
  root: HttpResult | null,
  net: NetConfig,
  signal?: AbortSignal,
): Promise<(ServiceAnswer & { url: string; response: HttpResult }) | null> {
  const sig = signal ? { signal } : {};
  const home = root ?? (await tryFetch(`${base}/`, net, { followRedirects: false, ...sig })).result;
  const product = home ? productOf(home) : null;
  if (!home || !product) return null;
  const label = `${product.name}${product.version ? ` ${product.version}` : ""}`;
  const answer = { service: "elasticsearch", product: label, version: product.version };
  const cat = (
    await tryFetch(`${base}/_cat/indices?format=json&h=index,docs.count`, net, {
      followRedirects: false,
      ...sig,
    })
  ).result;
  const indices = cat?.status === 200 ? parseJson(cat.body) : null;
  const list = Array.isArray(indices)
    ? indices.map((i: { index?: unknown }) => String(i?.index ?? "")).filter(Boolean)
    : null;
  const transcript = `> GET /\n< ${home.status} ${home.body.slice(0, 300)}`;
  if (cat && list) {
    return {
      ...answer,
      unauthenticated: true,
      url: cat.url,
      response: cat,
      transcript: `${transcript}\n> GET /_cat/indices\n< ${cat.status} ${cat.body.slice(0, 300)}`,
      matched: `indices: ${list.slice(0, 10).join(", ") || "(none)"}`,
      details: { indices: list.slice(0, 50) },
    };
  }
  return {
    ...answer,
    unauthenticated: false,
    url: home.url,
    response: cat ?? home,
    transcript,
    matched: `${home.status} ${product.name}`,
  };
}
