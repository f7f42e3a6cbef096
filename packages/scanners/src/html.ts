// What we read from a page: title, meta tags, script and stylesheet URLs and
// a few framework fingerprints. One htmlparser2 pass, no DOM.
import { Parser } from "htmlparser2";

export interface HtmlFacts {
  title: string | null;
  /** <meta name|property|http-equiv=… content=…>, names lower-case. */
  metas: Array<{ name: string; content: string }>;
  /** script src and link href values, as written. */
  resources: string[];
  /** Attributes that give frameworks away: "ng-version" → "17.1.0", "data-reactroot" → "", "id" values joined… */
  markers: Map<string, string>;
  /** The first 64 KB of inline script text. */
  inlineScript: string;
}

const MARKER_ATTRS = [
  "ng-version",
  "data-reactroot",
  "data-v-app",
  "data-n-head",
  "data-turbo",
  "data-sveltekit-preload-data",
];
const MARKER_IDS = ["__next", "__nuxt", "___gatsby", "__docusaurus"];
const MAX_INLINE = 64 * 1024;

export function scanHtml(html: string): HtmlFacts {
  const facts: HtmlFacts = { title: null, metas: [], resources: [], markers: new Map(), inlineScript: "" };
  let inTitle = false;
  let inScript = false;
  let title = "";
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === "title" && facts.title === null) inTitle = true;
        if (name === "meta") {
          const key = (attribs.name ?? attribs.property ?? attribs["http-equiv"] ?? "").trim().toLowerCase();
          if (key && attribs.content !== undefined) facts.metas.push({ name: key, content: attribs.content });
        }
        if (name === "script") {
          if (attribs.src) facts.resources.push(attribs.src);
          else inScript = true;
        }
        if (name === "link" && attribs.href) facts.resources.push(attribs.href);
        for (const a of MARKER_ATTRS) if (a in attribs && !facts.markers.has(a)) facts.markers.set(a, attribs[a] ?? "");
        if (attribs.id && MARKER_IDS.includes(attribs.id)) facts.markers.set(`id=${attribs.id}`, "");
      },
      ontext(text) {
        if (inTitle) title += text;
        if (inScript && facts.inlineScript.length < MAX_INLINE)
          facts.inlineScript += text.slice(0, MAX_INLINE - facts.inlineScript.length);
      },
      onclosetag(name) {
        if (name === "title" && inTitle) {
          inTitle = false;
          facts.title = title.replace(/\s+/g, " ").trim().slice(0, 300);
        }
        if (name === "script") inScript = false;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  if (inTitle) facts.title = title.replace(/\s+/g, " ").trim().slice(0, 300);
  if (facts.title === "") facts.title = null;
  return facts;
}

/** The content of the first <meta name="…"> with that name, or null. */
export function metaContent(facts: HtmlFacts, name: string): string | null {
  return facts.metas.find((m) => m.name === name.toLowerCase())?.content ?? null;
}

/** Every content of <meta name="…"> with that name. */
export function metaContents(facts: HtmlFacts, name: string): string[] {
  return facts.metas.filter((m) => m.name === name.toLowerCase()).map((m) => m.content);
}
