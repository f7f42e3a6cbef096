// A focused scan (a retest of one issue): only the stages that can produce the
// asked kinds run, the port stage probes only the asked ports, and within the
// stages only the checks of those kinds run. The runner then says which kinds
// were looked at to the end, so that the caller tells "gone" from "not looked
// at" (a stage cut by its time limit did not look).
import { catalogue } from "../checks/catalogue.ts";
import { linkedFileProbes } from "../checks/engine/http-run.ts";
import type { HttpCheck } from "../checks/format/index.ts";

export interface ScanFocus {
  /** The kinds to look for (an issue's kind); nothing else is reported. */
  kinds: string[];
  /** The ports to probe (an issue's port); `port.open.<n>` kinds add theirs. None: the port stage does not run. */
  ports?: number[];
}

/** What the stages see of a focus. */
export interface Focus {
  kinds: ReadonlySet<string>;
  ports: readonly number[];
}

export function toFocus(focus: ScanFocus): Focus {
  const fromKinds = focus.kinds.flatMap((k) => {
    const m = /^port\.open\.(\d{1,5})$/.exec(k);
    return m ? [Number(m[1])] : [];
  });
  const ports = [...new Set([...(focus.ports ?? []), ...fromKinds])].filter(
    (p) => Number.isInteger(p) && p >= 1 && p <= 65_535,
  );
  return { kinds: new Set(focus.kinds), ports: ports.sort((a, b) => a - b) };
}

/** The kinds each group of catalogue checks reports, read once from the catalogue. */
let kindSets: { http: Set<string>; crawl: Set<string>; services: Set<string>; tls: Set<string>; dns: Set<string> };

/** Checks the crawl can prove: page probes (listings), and files of a type a page may link to (crawl.ts). */
const crawlable = (c: HttpCheck) =>
  (c.http ?? []).some((p) => p.pages || (p.paths ?? []).some((path) => linkedFileProbes(path, [c]).length > 0));

export function catalogueKinds() {
  if (!kindSets) {
    const c = catalogue();
    const web = c.http.filter((x) => x.kind.startsWith("http."));
    kindSets = {
      http: new Set(web.map((x) => x.kind)),
      crawl: new Set(web.filter(crawlable).map((x) => x.kind)),
      services: new Set(
        [...c.tcp, ...c.udp, ...c.http.filter((x) => x.kind.startsWith("service."))].map((x) => x.kind),
      ),
      tls: new Set(c.tls.map((x) => x.kind)),
      dns: new Set(c.dns.map((x) => x.kind)),
    };
  }
  return kindSets;
}
