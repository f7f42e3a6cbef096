// What proved a finding, said in words: the scanners store machine text (a request, a status line, the template's
// matcher values one per line: "DB_PASSWORD=h\n200"); a person reads "We asked for https://shop.test/.env and the server
// answered 200 OK, with: DB_PASSWORD=h". Plain functions, no React, so the rules are tested on their own.

export interface FindingEvidence {
  scanner: string;
  kind: string;
  evidence: Record<string, unknown>;
}

export interface Proof {
  /** One sentence: what was asked of what, and what answered. */
  summary: string;
  /** The exact text that matched, one item per line, to quote. */
  quotes: string[];
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : undefined);

/** "HTTP/1.1 200 OK\r\n…" → { code: "200", line: "200 OK" }. */
function statusOf(response: string | undefined) {
  const m = response && /^HTTP\/[\d.]+ (\d{3})(?: ([^\r\n]*))?/.exec(response);
  return m ? { code: m[1]!, line: m[2] ? `${m[1]} ${m[2]}` : m[1]! } : undefined;
}

/** The matched values as quotes: the status code and size matchers are said in the sentence, not quoted. */
function quotesOf(matched: string | undefined, status: string | undefined): string[] {
  if (!matched) return [];
  return matched
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && l !== status && !/^size \d+$/.test(l) && l !== "…[truncated]");
}

export function proofOf({ scanner, kind, evidence }: FindingEvidence): Proof {
  const url = text(evidence.url);
  const matched = text(evidence.matched);
  const status = statusOf(text(evidence.response));
  const quotes = quotesOf(matched, status?.code);
  const withQuotes = quotes.length ? ", with:" : ".";

  if (kind.startsWith("port.open.")) {
    const where = url?.replace(/^tcp:\/\//, "") ?? "the port";
    return {
      summary: `${where} accepted a connection${quotes.length ? " and introduced itself as:" : "."}`,
      quotes,
    };
  }
  if (kind.startsWith("service.unauthenticated.")) {
    const where = url?.replace(/^tcp:\/\//, "") ?? "The service";
    return { summary: `${where} answered us without asking for a password${withQuotes}`, quotes };
  }
  if (scanner === "tls") {
    const error = text(evidence.verifyError);
    return {
      summary:
        `Seen in the TLS handshake with ${url ?? "the server"}` +
        (error ? ` (the certificate check said: ${error})` : "") +
        (quotes.length ? ":" : "."),
      quotes,
    };
  }
  if (scanner === "technologies" || kind.startsWith("tech.")) {
    return { summary: `Recognised ${url ? `on ${url}` : "in a response"}${quotes.length ? " from:" : "."}`, quotes };
  }
  if (url?.startsWith("dns://")) {
    return { summary: `Seen in the DNS records of ${url.slice("dns://".length)}${quotes.length ? ":" : "."}`, quotes };
  }
  if (text(evidence.transcript)) {
    // A check that held a conversation with a service (SMTP, FTP…): the conversation itself is shown below.
    const where = url?.replace(/^tcp:\/\//, "") ?? "the service";
    return { summary: `We talked to ${where} and it answered${withQuotes}`, quotes };
  }
  if (url && (status || text(evidence.request))) {
    const answered = status ? `the server answered ${status.line}` : "the server answered";
    return { summary: `We asked for ${url} and ${answered}${withQuotes}`, quotes };
  }
  return { summary: url ? `Seen at ${url}${quotes.length ? ":" : "."}` : `Seen by the scan${withQuotes}`, quotes };
}
