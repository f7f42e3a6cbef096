// A small technology detector: response headers and page markup, with the
// version when the site shows it. Heuristic by nature; evidence says why.
import { metaContents, scanHtml, type HtmlFacts } from "./html.ts";

export interface Technology {
  name: string;
  version: string | null;
  category: string;
  evidence: string;
}

/** Known product tokens (lower-case) → display name and category. */
const PRODUCTS: Record<string, [string, string]> = {
  nginx: ["nginx", "web-server"],
  openresty: ["OpenResty", "web-server"],
  apache: ["Apache HTTP Server", "web-server"],
  "microsoft-iis": ["Microsoft IIS", "web-server"],
  litespeed: ["LiteSpeed", "web-server"],
  caddy: ["Caddy", "web-server"],
  envoy: ["Envoy", "web-server"],
  gunicorn: ["Gunicorn", "web-server"],
  uvicorn: ["Uvicorn", "web-server"],
  kestrel: ["Kestrel", "web-server"],
  jetty: ["Jetty", "web-server"],
  "apache-coyote": ["Apache Tomcat", "web-server"],
  tengine: ["Tengine", "web-server"],
  lighttpd: ["lighttpd", "web-server"],
  cloudflare: ["Cloudflare", "cdn"],
  akamaighost: ["Akamai", "cdn"],
  amazons3: ["Amazon S3", "hosting"],
  vercel: ["Vercel", "hosting"],
  netlify: ["Netlify", "hosting"],
  "github.com": ["GitHub Pages", "hosting"],
  gws: ["Google Web Server", "web-server"],
  php: ["PHP", "language"],
  express: ["Express", "framework"],
  "asp.net": ["ASP.NET", "framework"],
  "next.js": ["Next.js", "framework"],
  nuxt: ["Nuxt", "framework"],
  servlet: ["Java Servlet", "framework"],
  jsf: ["JavaServer Faces", "framework"],
  plesklin: ["Plesk", "hosting-panel"],
  wordpress: ["WordPress", "cms"],
  drupal: ["Drupal", "cms"],
  "joomla!": ["Joomla", "cms"],
  joomla: ["Joomla", "cms"],
  ghost: ["Ghost", "cms"],
  typo3: ["TYPO3", "cms"],
  mediawiki: ["MediaWiki", "cms"],
  "wix.com": ["Wix", "cms"],
  squarespace: ["Squarespace", "cms"],
  hugo: ["Hugo", "static-site-generator"],
  jekyll: ["Jekyll", "static-site-generator"],
  gatsby: ["Gatsby", "static-site-generator"],
  hexo: ["Hexo", "static-site-generator"],
  docusaurus: ["Docusaurus", "static-site-generator"],
  eleventy: ["Eleventy", "static-site-generator"],
  astro: ["Astro", "framework"],
  shopify: ["Shopify", "ecommerce"],
};

const VERSION = /^v?(\d+(?:\.[\w-]+)*)$/;

/** "nginx/1.25.3", "Apache/2.4.57 (Debian)", "PHP/8.2.1", "WordPress 6.4.2", "Jekyll v4.3.2"… */
function product(
  raw: string,
  fallbackCategory: string,
): { name: string; version: string | null; category: string } | null {
  const m = /^\s*([A-Za-z][\w.!-]*(?:\s(?!v?\d)[A-Za-z][\w.!-]*)*)(?:[/\s]+(v?\d[\w.-]*))?/.exec(raw);
  if (!m) return null;
  const token = m[1]!;
  const version = m[2] && VERSION.test(m[2]) ? VERSION.exec(m[2])![1]! : null;
  const known = PRODUCTS[token.toLowerCase()] ?? PRODUCTS[token.split(/\s/)[0]!.toLowerCase()];
  return known ? { name: known[0], version, category: known[1] } : { name: token, version, category: fallbackCategory };
}

/** Session cookie names (a trailing "_" means a prefix). */
const COOKIES: Array<[string, string, string]> = [
  ["phpsessid", "PHP", "language"],
  ["jsessionid", "Java", "language"],
  ["asp.net_sessionid", "ASP.NET", "framework"],
  ["laravel_session", "Laravel", "framework"],
  ["wordpress_", "WordPress", "cms"],
];

/** Patterns over script/link URLs: name, category, optional version capture. */
const RESOURCES: Array<[RegExp, string, string]> = [
  [/\/wp-(?:content|includes)\//, "WordPress", "cms"],
  [/\/_next\//, "Next.js", "framework"],
  [/\/_nuxt\//, "Nuxt", "framework"],
  [/\/sites\/(?:default|all)\/(?:files|modules|themes)\//, "Drupal", "cms"],
  [/cdn\.shopify\.com\//, "Shopify", "ecommerce"],
  [
    /jquery(?:[.-]|@)(\d+\.\d+(?:\.\d+)?)(?:\.min)?\.js|\/jquery\/(\d+\.\d+(?:\.\d+)?)\/|jquery(?:\.min)?\.js/i,
    "jQuery",
    "javascript-library",
  ],
  [
    /bootstrap(?:@|\/|[.-])(\d+\.\d+(?:\.\d+)?)|bootstrap(?:\.bundle)?(?:\.min)?\.(?:js|css)/i,
    "Bootstrap",
    "ui-framework",
  ],
  [/react(?:-dom)?@(\d+\.\d+(?:\.\d+)?)|react-dom(?:\.production)?(?:\.min)?\.js/i, "React", "javascript-library"],
  [/vue@(\d+\.\d+(?:\.\d+)?)|\/vue(?:\.global)?(?:\.prod)?(?:\.min)?\.js/i, "Vue.js", "javascript-library"],
  [/googletagmanager\.com\/(?:gtm|gtag)/, "Google Tag Manager", "analytics"],
  [/google-analytics\.com\/(?:analytics|ga)\.js/, "Google Analytics", "analytics"],
  [/static\.cloudflareinsights\.com\//, "Cloudflare Web Analytics", "analytics"],
];

function add(list: Technology[], t: Technology) {
  const i = list.findIndex((x) => x.name === t.name);
  if (i < 0) list.push(t);
  else if (!list[i]!.version && t.version) list[i] = t;
}

function fromHeaders(headers: Record<string, string>, out: Technology[]) {
  const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  if (h.server) {
    const p = product(h.server, "web-server");
    if (p) add(out, { ...p, evidence: `server: ${h.server}` });
  }
  for (const part of (h["x-powered-by"] ?? "").split(/,\s*/).filter(Boolean)) {
    const p = product(part, "framework");
    if (p) add(out, { ...p, evidence: `x-powered-by: ${h["x-powered-by"]}` });
  }
  if (h["x-aspnet-version"])
    add(out, {
      name: "ASP.NET",
      version: h["x-aspnet-version"],
      category: "framework",
      evidence: `x-aspnet-version: ${h["x-aspnet-version"]}`,
    });
  if (h["x-aspnetmvc-version"])
    add(out, {
      name: "ASP.NET MVC",
      version: h["x-aspnetmvc-version"],
      category: "framework",
      evidence: `x-aspnetmvc-version: ${h["x-aspnetmvc-version"]}`,
    });
  if (h["x-generator"]) {
    const p = product(h["x-generator"], "generator");
    if (p) add(out, { ...p, evidence: `x-generator: ${h["x-generator"]}` });
  }
  const via = h.via ?? "";
  if (/varnish/i.test(via) || "x-varnish" in h)
    add(out, { name: "Varnish", version: null, category: "cache", evidence: via ? `via: ${via}` : "x-varnish header" });
  const squid = /squid\/?([\d.]+)?/i.exec(via);
  if (squid) add(out, { name: "Squid", version: squid[1] ?? null, category: "cache", evidence: `via: ${via}` });
  if ("x-drupal-cache" in h || "x-drupal-dynamic-cache" in h)
    add(out, { name: "Drupal", version: null, category: "cms", evidence: "x-drupal-cache header" });
  if ("x-shopify-stage" in h || "x-shopid" in h)
    add(out, { name: "Shopify", version: null, category: "ecommerce", evidence: "x-shopify-* header" });
  if ("x-wix-request-id" in h)
    add(out, { name: "Wix", version: null, category: "cms", evidence: "x-wix-request-id header" });
  const cookieNames = (h["set-cookie"] ?? "").split("\n").map((c) => (c.split("=")[0] ?? "").trim().toLowerCase());
  for (const [cookie, name, category] of COOKIES) {
    const seen = cookieNames.find((c) => (cookie.endsWith("_") ? c.startsWith(cookie) : c === cookie));
    if (seen) add(out, { name, version: null, category, evidence: `set-cookie: ${seen}` });
  }
}

function fromHtml(facts: HtmlFacts, out: Technology[]) {
  for (const generator of metaContents(facts, "generator")) {
    const p = product(generator, "generator");
    if (p) add(out, { ...p, evidence: `<meta name="generator" content="${generator}">` });
  }
  for (const src of facts.resources) {
    for (const [re, name, category] of RESOURCES) {
      const m = re.exec(src);
      if (m) add(out, { name, version: m.slice(1).find(Boolean) ?? null, category, evidence: src.slice(0, 200) });
    }
  }
  const ng = facts.markers.get("ng-version");
  if (ng !== undefined)
    add(out, { name: "Angular", version: ng || null, category: "framework", evidence: `ng-version="${ng}"` });
  if (facts.markers.has("data-reactroot"))
    add(out, { name: "React", version: null, category: "javascript-library", evidence: "data-reactroot attribute" });
  if (facts.markers.has("data-v-app"))
    add(out, { name: "Vue.js", version: "3", category: "javascript-library", evidence: "data-v-app attribute" });
  if (facts.markers.has("id=__next") || facts.inlineScript.includes("__NEXT_DATA__"))
    add(out, { name: "Next.js", version: null, category: "framework", evidence: 'id="__next"' });
  if (facts.markers.has("id=__nuxt") || facts.markers.has("data-n-head"))
    add(out, { name: "Nuxt", version: null, category: "framework", evidence: 'id="__nuxt"' });
  if (facts.markers.has("id=___gatsby"))
    add(out, { name: "Gatsby", version: null, category: "static-site-generator", evidence: 'id="___gatsby"' });
  if (facts.markers.has("data-sveltekit-preload-data"))
    add(out, {
      name: "SvelteKit",
      version: null,
      category: "framework",
      evidence: "data-sveltekit-preload-data attribute",
    });
}

/** Technologies seen in one response. `html` may be the raw body or facts already scanned. */
export function detectTechnologies(input: {
  headers: Record<string, string>;
  html?: string | HtmlFacts | null;
}): Technology[] {
  const out: Technology[] = [];
  fromHeaders(input.headers, out);
  if (input.html) fromHtml(typeof input.html === "string" ? scanHtml(input.html) : input.html, out);
  return out;
}

/** Merges lists, one entry per name, keeping the one with a version. */
export function mergeTechnologies(...lists: Technology[][]): Technology[] {
  const out: Technology[] = [];
  for (const list of lists) for (const t of list) add(out, t);
  return out;
}
