// The facts DNS and mail checks judge, gathered once per domain and only when
// a check needs them: TXT, DMARC, MX, CAA and NS records, MTA-STS, TLS-RPT and
// DKIM keys at common selectors, the addresses of the domain, of
// localhost.<domain> and of a made-up name under it, through our
// resolvers (EMS_DNS_SERVERS), and a zone transfer (AXFR over TCP) asked of
// each name server, whose address passes the same guard as every other
// connection. A lookup that fails is null ("cannot say"), never "absent".
import { randomBytes } from "node:crypto";
import net from "node:net";
import dnsPacket from "dns-packet";
import type { NetConfig } from "../../config.ts";
import { resolveCaa, resolveHost, resolveMx, resolveNs, resolveTxt } from "../../dns.ts";
import { isAllowedAddress } from "../../safety.ts";
import { settleOnce } from "../../settle.ts";
import { DKIM_SELECTORS, type AxfrAttempt, type DnsFacts, type DnsNeed } from "../format/index.ts";

/** Name servers asked for a transfer at most, and what one transfer may cost. */
const MAX_NAMESERVERS = 3;
const MAX_AXFR_BYTES = 512 * 1024;
const SAMPLE = 10;

export interface DnsFactsOptions {
  net: NetConfig;
  /** Port name servers are asked on (53; tests use their own). */
  dnsPort: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Asks one server for the zone; allowed when it answers NOERROR with the zone's SOA first. */
export function axfr(zone: string, nameserver: string, address: string, opts: DnsFactsOptions): Promise<AxfrAttempt> {
  const refused: AxfrAttempt = { nameserver, address, allowed: false, records: 0, sample: [] };
  const verdict = isAllowedAddress(address, opts.net);
  if (!verdict.allowed) return Promise.resolve(refused);
  let socket: net.Socket | undefined;
  // Set as the transfer goes, so that a time limit still reports what came.
  let result: AxfrAttempt | null = null;
  return settleOnce<AxfrAttempt>(
    {
      timeoutMs: opts.timeoutMs,
      ...(opts.signal ? { signal: opts.signal } : {}),
      onTimeout: (s) => s.resolve(result ?? refused),
      onAbort: (s) => s.resolve(refused),
      cleanup: () => socket?.destroy(),
    },
    (settle) => {
      socket = net.connect({ host: address, port: opts.dnsPort });
      let buffer = Buffer.alloc(0);
      let total = 0;
      let soas = 0;
      socket.on("connect", () => {
        const id = Math.floor(Math.random() * 65_535);
        socket!.write(dnsPacket.streamEncode({ type: "query", id, questions: [{ type: "AXFR", name: zone }] }));
      });
      socket.on("data", (chunk: Buffer) => {
        total += chunk.length;
        buffer = Buffer.concat([buffer, chunk]);
        while (buffer.length >= 2 && buffer.length >= 2 + buffer.readUInt16BE(0)) {
          const message = buffer.subarray(0, 2 + buffer.readUInt16BE(0));
          buffer = buffer.subarray(message.length);
          let packet: dnsPacket.Packet & { rcode?: string };
          try {
            packet = dnsPacket.streamDecode(message);
          } catch {
            return settle.resolve(result ?? refused);
          }
          const answers = packet.answers ?? [];
          if (!result) {
            if (packet.rcode !== "NOERROR" || answers[0]?.type !== "SOA") return settle.resolve(refused);
            result = { nameserver, address, allowed: true, records: 0, sample: [] };
          }
          for (const a of answers) {
            if (a.type === "SOA") soas++;
            result.records++;
            if (result.sample.length < SAMPLE && !result.sample.includes(`${a.name} ${a.type}`)) {
              result.sample.push(`${a.name} ${a.type}`);
            }
          }
          if (soas >= 2) return settle.resolve(result); // the closing SOA: the whole zone came
        }
        if (total > MAX_AXFR_BYTES) settle.resolve(result ?? refused);
      });
      socket.on("error", () => settle.resolve(result ?? refused));
      socket.on("close", () => settle.resolve(result ?? refused));
    },
  );
}

async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch {
    return null;
  }
}

/** The facts of one domain, each part looked up on first need. */
export class DnsFactsGatherer {
  private readonly parts = new Map<DnsNeed, Promise<unknown>>();

  constructor(
    private readonly domain: string,
    private readonly opts: DnsFactsOptions,
  ) {}

  private part<T>(need: DnsNeed, gather: () => Promise<T>): Promise<T> {
    let p = this.parts.get(need) as Promise<T> | undefined;
    if (!p) {
      p = gather();
      this.parts.set(need, p);
    }
    return p;
  }

  private async transfers(): Promise<AxfrAttempt[] | null> {
    const servers = await this.part("ns", () => orNull(resolveNs(this.domain, this.opts.net)));
    if (!servers) return null;
    const attempts: AxfrAttempt[] = [];
    for (const ns of servers.slice(0, MAX_NAMESERVERS)) {
      const addresses = await orNull(resolveHost(ns, this.opts.net));
      const address = addresses?.a[0] ?? addresses?.aaaa[0];
      if (address) attempts.push(await axfr(this.domain, ns, address, this.opts));
    }
    return attempts;
  }

  async facts(needs: readonly DnsNeed[]): Promise<DnsFacts> {
    const { net: cfg } = this.opts;
    const d = this.domain;
    const want = <T>(need: DnsNeed, gather: () => Promise<T | null>) =>
      needs.includes(need) ? this.part(need, gather) : Promise.resolve(null);
    const addressesOf = async (name: string) => {
      const r = await orNull(resolveHost(name, cfg));
      return r ? [...r.a, ...r.aaaa] : null;
    };
    const dkim = async () => {
      const found = await Promise.all(
        DKIM_SELECTORS.map(async (selector) => ({
          selector,
          records: await orNull(resolveTxt(`${selector}._domainkey.${d}`, cfg)),
        })),
      );
      if (found.every((f) => f.records === null)) return null;
      return found.flatMap((f) => (f.records?.length ? [{ selector: f.selector, records: f.records }] : []));
    };
    const [txt, dmarc, mx, caa, ns, transfers, addresses, localhost, wildcard, mtaSts, tlsRpt, keys] =
      await Promise.all([
        want("txt", () => orNull(resolveTxt(d, cfg))),
        want("dmarc", () => orNull(resolveTxt(`_dmarc.${d}`, cfg))),
        want("mx", () => orNull(resolveMx(d, cfg))),
        want("caa", () => orNull(resolveCaa(d, cfg))),
        want("ns", () => orNull(resolveNs(d, cfg))),
        want("axfr", () => this.transfers()),
        want("addresses", () => addressesOf(d)),
        want("localhost", () => addressesOf(`localhost.${d}`)),
        // A label nobody would create: an answer means a wildcard record.
        want("wildcard", () => addressesOf(`ems-${randomBytes(6).toString("hex")}.${d}`)),
        want("mtaSts", () => orNull(resolveTxt(`_mta-sts.${d}`, cfg))),
        want("tlsRpt", () => orNull(resolveTxt(`_smtp._tls.${d}`, cfg))),
        want("dkim", dkim),
      ]);
    return {
      domain: d,
      txt,
      dmarc,
      mx,
      caa,
      ns,
      axfr: transfers,
      addresses,
      localhost,
      wildcard,
      mtaSts,
      tlsRpt,
      dkim: keys,
    };
  }
}
