// discoverHostnames: the whole run for one domain. Sources first (CT and the
// names the product already saw), then one resolution pass over those names
// and the brute-force names, streamed through a fixed number of workers so
// memory does not grow with the wordlist; wildcard zones are probed before
// any name in them is judged; takeovers are looked for on names with a CNAME.
import { normaliseHost } from "../dns.ts";
import { abortReason } from "../settle.ts";
import { nameUnder } from "./names.ts";
import { forEachPooled } from "./pool.ts";
import { DnsClient, type NameAnswer } from "./resolver.ts";
import { collectCtNames } from "./sources.ts";
import { checkTakeover } from "./takeover.ts";
import type { DiscoveredHost, DiscoveryInput, DiscoveryResult, DiscoverySource } from "./types.ts";
import { WildcardDetector, wildcardOf } from "./wildcard.ts";
import { bundledWordlist } from "./wordlist.ts";

const TAKEOVER_CONCURRENCY = 8;

interface Candidate {
  name: string;
  /** Found by brute force only (kept only when it resolves and is not the wildcard's answer). */
  bruteOnly: boolean;
  /** A name from a source that the wordlist also names. */
  inWordlist: boolean;
}

function describeHost(name: string, sources: Set<DiscoverySource>, answer: NameAnswer | null): DiscoveredHost {
  const a = answer?.a ?? [];
  const aaaa = answer?.aaaa ?? [];
  const first = a[0] ?? aaaa[0];
  const chain = answer?.cname ?? [];
  return {
    host: name,
    sources: [...sources].sort(),
    resolves: first === undefined ? null : { a, aaaa },
    resolvedIp: first === undefined ? null : { address: first, family: a.length ? 4 : 6 },
    cname: chain.length ? { chain, target: chain.at(-1)! } : null,
    wildcard: null,
    takeover: null,
  };
}

const SEEN_BY_US = new Set<DiscoverySource>(["certificate", "cname", "redirect"]);

/**
 * Cuts the names found (sources and what the product saw) to `max`, keeping those the product's own checks saw first,
 * then the shallowest (a name one label under the domain before one five labels under), then alphabetical order: a
 * certificate log naming 100,000 hosts cannot fill the store, and what is kept does not depend on the sources' order.
 * Returns how many it left out.
 */
function keepBest(found: Map<string, Set<DiscoverySource>>, max: number): number {
  if (found.size <= max) return 0;
  const rank = (name: string) => ([...found.get(name)!].some((s) => SEEN_BY_US.has(s)) ? 0 : 1);
  const ordered = [...found.keys()].sort(
    (x, y) => rank(x) - rank(y) || x.split(".").length - y.split(".").length || (x < y ? -1 : x > y ? 1 : 0),
  );
  for (const name of ordered.slice(max)) found.delete(name);
  return ordered.length - max;
}

export async function discoverHostnames(input: DiscoveryInput): Promise<DiscoveryResult> {
  const { signal, onProgress, config, net } = input;
  const domain = normaliseHost(input.domain);
  const stopIfAborted = () => {
    if (signal?.aborted) throw abortReason(signal);
  };
  stopIfAborted();

  const found = new Map<string, Set<DiscoverySource>>();
  const note = (raw: string, source: DiscoverySource) => {
    const name = nameUnder(raw, domain);
    if (!name) return;
    const sources = found.get(name) ?? new Set<DiscoverySource>();
    found.set(name, sources.add(source));
  };
  for (const s of input.seen) note(s.host, s.source);
  const sourceErrors = await collectCtNames(domain, input, note);
  stopIfAborted();
  let dropped = keepBest(found, config.maxHosts);

  const wordSet = new Set(config.bruteforce ? bundledWordlist() : []);
  // Names of the wordlist are tried only while there is room for what they find.
  const room = config.maxHosts - found.size;
  const words = room > 0 ? [...wordSet] : [];
  const bruteTotal = words.reduce((n, w) => (found.has(`${w}.${domain}`) ? n : n + 1), 0);
  let bruteKept = 0;
  const total = found.size + bruteTotal;
  function* candidates(): Generator<Candidate> {
    for (const name of found.keys())
      yield { name, bruteOnly: false, inWordlist: wordSet.has(name.slice(0, -domain.length - 1)) };
    for (const w of words) {
      const name = `${w}.${domain}`;
      if (!found.has(name)) yield { name, bruteOnly: true, inWordlist: true };
    }
  }

  const dns = new DnsClient(net);
  try {
    const wildcards = new WildcardDetector(dns);
    await wildcards.probe(domain);
    const hosts = new Map<string, DiscoveredHost>();
    const answers = new Map<string, NameAnswer>();
    let done = 0;
    let failures = 0;
    let firstFailure = "";
    const step = Math.max(1, Math.floor(total / 100));
    onProgress?.({ phase: "resolve", done, total });

    await forEachPooled(candidates(), config.resolveConcurrency, async (c) => {
      stopIfAborted();
      let answer: NameAnswer | null = null;
      try {
        answer = await dns.lookup(c.name);
      } catch (err) {
        failures++;
        firstFailure ||= (err as Error).message;
      }
      stopIfAborted();
      const sources = c.bruteOnly ? new Set<DiscoverySource>(["bruteforce"]) : found.get(c.name)!;
      const host = describeHost(c.name, sources, answer);
      if (answer && (host.resolves || host.cname)) {
        const zone = await wildcardOf(c.name, domain, answer, wildcards);
        if (zone) host.wildcard = { zone: zone.zone, addresses: zone.addresses };
      }
      const real = (host.resolves !== null || host.cname !== null) && host.wildcard === null;
      if (real && c.inWordlist && !c.bruteOnly) host.sources = [...sources.add("bruteforce")].sort();
      if (c.bruteOnly && real && bruteKept >= room) dropped++;
      else if (!c.bruteOnly || real) {
        if (c.bruteOnly) bruteKept++;
        hosts.set(c.name, host);
        if (answer && host.cname) answers.set(c.name, answer);
      }
      if (++done % step === 0 || done === total) onProgress?.({ phase: "resolve", done, total });
    });
    stopIfAborted();
    if (failures && config.bruteforce)
      sourceErrors.push({ source: "bruteforce", message: `${failures} of ${total} lookups failed (${firstFailure})` });

    await forEachPooled(answers.entries(), TAKEOVER_CONCURRENCY, async ([name, answer]) => {
      hosts.get(name)!.takeover = await checkTakeover(name, answer, net, signal);
    });
    stopIfAborted();

    return {
      domain,
      hosts: [...hosts.values()].sort((x, y) => x.host.localeCompare(y.host)),
      wildcardZones: (await wildcards.found()).map(({ zone, addresses }) => ({ zone, addresses })),
      sourceErrors,
      capped: dropped ? { limit: config.maxHosts, dropped } : null,
    };
  } finally {
    dns.close();
  }
}
