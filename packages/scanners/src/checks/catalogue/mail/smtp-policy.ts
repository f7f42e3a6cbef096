// More of what an SMTP server gives strangers: relaying through address tricks a plain relay test misses (each tried
// only after a plain foreign recipient was refused; never DATA), user enumeration by VRFY and EXPN, and passwords
// accepted before encryption.
import { checks, type TcpFixture, CVSS_READ_LOW } from "../../declare.ts";

const SMTP = { name: "smtp", ports: [25, 587, 2525] };
const PRODUCTS = [
  { pattern: /ESMTP Postfix/i, name: "Postfix" },
  { pattern: /Exim ([\d.]+)/i, name: "Exim" },
  { pattern: /Sendmail ([\d.]+)/i, name: "Sendmail" },
  { pattern: /Microsoft ESMTP MAIL Service/i, name: "Microsoft Exchange" },
  { pattern: /^220/, name: "SMTP server" },
];
const REFS = ["https://www.rfc-editor.org/rfc/rfc5321", "https://cwe.mitre.org/data/definitions/284.html"];
const RELAY_CVSS = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:N/I:L/A:N";
const GREETING = "220 mx.fixture.test ESMTP Sendmail 8.15.2/8.15.2; Sat, 28 Nov 2026 08:00:00 GMT\r\n";
const EHLO = (extensions: string[]) =>
  ["250-mx.fixture.test Hello", ...extensions.map((e) => `250-${e}`), "250 HELP"].join("\r\n") + "\r\n";
const QUIT = { on: /^QUIT\r\n/im, send: "221 2.0.0 closing connection\r\n", close: true };
const DENIED = "550 5.7.1 Relaying denied\r\n";
const EXCHANGE_GREETING =
  "220 mail.corp.fixture.test Microsoft ESMTP MAIL Service ready at Sat, 28 Nov 2026 08:00:00 +0000\r\n";
/** An NTLM CHALLENGE naming domain CORP, host MAIL01 and DNS domain corp.example.com. */
const NTLM_CHALLENGE =
  "TlRMTVNTUAACAAAACAAIADgAAAAFgomiESIzRFVmd4gAAAAAAAAAAEQARABAAAAACgBjRQAAAA9DAE8AUgBQAAIACABDAE8AUgBQAAEADABNAEEAS" +
  "QBMADAAMQAEACAAYwBvAHIAcAAuAGUAeABhAG0AcABsAGUALgBjAG8AbQAAAAAA";

/** A server that refuses plain foreign recipients and accepts the ones `accepts` matches. */
function relayServer(accepts: RegExp | null): TcpFixture {
  return {
    greeting: GREETING,
    replies: [
      { on: /^EHLO [^\r\n]+\r\n/im, send: EHLO(["ENHANCEDSTATUSCODES", "PIPELINING", "8BITMIME", "STARTTLS"]) },
      { on: /^MAIL FROM:[^\r\n]*\r\n/im, send: "250 2.1.0 Sender ok\r\n" },
      ...(accepts ? [{ on: accepts, send: "250 2.1.5 Recipient ok\r\n" }] : []),
      { on: /^RCPT TO:[^\r\n]*\r\n/im, send: DENIED },
      { on: /^RSET\r\n/im, send: "250 2.0.0 Reset state\r\n" },
      QUIT,
    ],
  };
}

/** A relay variant: refused plainly first (else service.smtp.open-relay says it), then accepted in this form. */
function relayVariant(kind: string, title: string, form: string, trick: string, accepts: RegExp, cure: string) {
  return {
    kind,
    category: "mail" as const,
    protocol: "tcp" as const,
    title,
    severity: "high" as const,
    confidence: "firm" as const,
    description:
      `The SMTP server refuses an outside recipient written plainly, but accepted, without authentication, the same ` +
      `outside recipient written ${trick} (${form}). Spammers try these forms to relay through it; the domain ends ` +
      "up on block lists. (No message was sent: the test stops before DATA.)",
    remediation: cure,
    references: ["https://www.rfc-editor.org/rfc/rfc2505", ...REFS],
    cwe: [284],
    cvss: RELAY_CVSS,
    service: SMTP,
    product: PRODUCTS,
    conversation: [
      { read: "reply" as const, identify: /^220[ -]/, match: /^220[ -]/ },
      { send: "EHLO relay-check.exposure-monitor.invalid\r\n" },
      { read: "reply" as const, match: /^250[ -]/ },
      { send: "MAIL FROM:<relay-check@exposure-monitor.invalid>\r\n" },
      { read: "reply" as const, match: /^250[ -]/ },
      { send: "RCPT TO:<relay-check@example.net>\r\n" },
      { read: "reply" as const, match: /^5\d\d[ -]/ },
      { send: "RSET\r\n" },
      { read: "reply" as const, match: /^250[ -]/ },
      { send: "MAIL FROM:<relay-check@exposure-monitor.invalid>\r\n" },
      { read: "reply" as const, match: /^250[ -]/ },
      { send: `RCPT TO:<${form}>\r\n` },
      { read: "reply" as const, match: /^25[01][ -]/ },
      { send: "RSET\r\n" },
      { read: "reply" as const },
      { send: "QUIT\r\n" },
    ],
    fixtures: { vulnerable: relayServer(accepts), clean: relayServer(null) },
  };
}

export default checks([
  relayVariant(
    "service.smtp.open-relay.percent-hack",
    "Mail server relays through the percent hack (user%domain@host)",
    "relay-check%example.net@{{host}}",
    "with the percent hack",
    /^RCPT TO:<relay-check%example\.net@[^>]+>\r\n/im,
    "Turn the percent hack off (Postfix: allow_percent_hack = no; Sendmail: FEATURE(`loose_relay_check') removed) " +
      "and relay only for your networks and authenticated users (reject_unauth_destination).",
  ),
  relayVariant(
    "service.smtp.open-relay.quoted",
    "Mail server relays to a quoted outside address",
    '"relay-check@example.net"',
    "as a quoted local part",
    /^RCPT TO:<"relay-check@example\.net">\r\n/im,
    "Parse quoted local parts as local (upgrade the MTA) and relay only for your networks and authenticated " +
      "users (Postfix: reject_unauth_destination; Exchange: no anonymous relay on receive connectors).",
  ),
  relayVariant(
    "service.smtp.open-relay.bang-path",
    "Mail server relays through a UUCP bang path (domain!user)",
    "example.net!relay-check@{{host}}",
    "as a UUCP bang path",
    /^RCPT TO:<example\.net!relay-check@[^>]+>\r\n/im,
    "Disable UUCP-style addresses (Postfix: swap_bangpath = no with reject_unauth_destination; Sendmail: remove " +
      "FEATURE(`allmasquerade') UUCP rules) and relay only for your networks and authenticated users.",
  ),
  {
    kind: "service.smtp.vrfy",
    category: "mail",
    protocol: "tcp",
    title: "Mail server confirms which users exist (VRFY)",
    severity: "low",
    description:
      "The SMTP server answers VRFY differently for an existing mailbox (postmaster) and a made-up one: anyone can " +
      "test lists of names to learn valid accounts, which feeds password spraying and phishing.",
    remediation:
      "Disable VRFY (Postfix: disable_vrfy_command = yes; Sendmail: O PrivacyOptions=goaway; Exim: no " +
      '"acl_smtp_vrfy" ' +
      "accept), or answer 252 to every name.",
    references: [
      "https://www.rfc-editor.org/rfc/rfc5321#section-7.3",
      "https://cwe.mitre.org/data/definitions/204.html",
    ],
    cwe: [204, 200],
    cvss: CVSS_READ_LOW,
    service: SMTP,
    product: PRODUCTS,
    conversation: [
      { read: "reply", identify: /^220[ -]/, match: /^220[ -]/ },
      { send: "EHLO vrfy-check.exposure-monitor.invalid\r\n" },
      { read: "reply", match: /^250[ -]/ },
      { send: "VRFY postmaster\r\n" },
      { read: "reply", match: /^25[02][ -]/ },
      { send: "VRFY ems-no-such-user-7f3a9c\r\n" },
      { read: "reply", match: /^55[0-3][ -]/ },
      { send: "QUIT\r\n" },
    ],
    fixtures: {
      vulnerable: {
        greeting: GREETING,
        replies: [
          { on: /^EHLO [^\r\n]+\r\n/im, send: EHLO(["ENHANCEDSTATUSCODES", "VERB", "STARTTLS"]) },
          { on: /^VRFY postmaster\r\n/im, send: "250 2.1.5 Postmaster <postmaster@mx.fixture.test>\r\n" },
          { on: /^VRFY [^\r\n]+\r\n/im, send: "550 5.1.1 ems-no-such-user-7f3a9c... User unknown\r\n" },
          QUIT,
        ],
      },
      clean: {
        greeting: GREETING,
        replies: [
          { on: /^EHLO [^\r\n]+\r\n/im, send: EHLO(["ENHANCEDSTATUSCODES", "STARTTLS"]) },
          { on: /^VRFY [^\r\n]+\r\n/im, send: "252 2.5.2 Cannot VRFY user; try RCPT to attempt delivery\r\n" },
          QUIT,
        ],
      },
    },
  },
  {
    kind: "service.smtp.expn",
    category: "mail",
    protocol: "tcp",
    title: "Mail server expands mailing lists and aliases (EXPN)",
    severity: "low",
    description:
      "The SMTP server answers EXPN with the mailboxes behind an alias (postmaster): anyone can list the members " +
      "of aliases and mailing lists, internal addresses included.",
    remediation:
      "Disable EXPN (Sendmail: O PrivacyOptions=goaway or noexpn; Exim: no acl_smtp_expn accept; Postfix never " +
      "implements it).",
    references: [
      "https://www.rfc-editor.org/rfc/rfc5321#section-3.5",
      "https://cwe.mitre.org/data/definitions/200.html",
    ],
    cwe: [200],
    cvss: CVSS_READ_LOW,
    service: SMTP,
    product: PRODUCTS,
    conversation: [
      { read: "reply", identify: /^220[ -]/, match: /^220[ -]/ },
      { send: "EHLO expn-check.exposure-monitor.invalid\r\n" },
      { read: "reply", match: /^250[ -]/ },
      { send: "EXPN postmaster\r\n" },
      {
        read: "reply",
        match: /^250[ -][^\r\n]*<[^>\s]+@[^>\s]+>/,
        extract: { expandsTo: /^250[ -][^\r\n]*<([^>\s]+)>/ },
      },
      { send: "QUIT\r\n" },
    ],
    fixtures: {
      vulnerable: {
        greeting: GREETING,
        replies: [
          { on: /^EHLO [^\r\n]+\r\n/im, send: EHLO(["ENHANCEDSTATUSCODES", "EXPN", "STARTTLS"]) },
          {
            on: /^EXPN postmaster\r\n/im,
            send: "250-2.1.5 Jane Admin <jane.admin@corp.fixture.test>\r\n250 2.1.5 <root@mx.fixture.test>\r\n",
          },
          QUIT,
        ],
        expect: { extracted: { expandsTo: "jane.admin@corp.fixture.test" } },
      },
      clean: {
        greeting: GREETING,
        replies: [
          { on: /^EHLO [^\r\n]+\r\n/im, send: EHLO(["ENHANCEDSTATUSCODES", "STARTTLS"]) },
          { on: /^EXPN [^\r\n]+\r\n/im, send: "502 5.7.0 Sorry, we do not allow this operation\r\n" },
          QUIT,
        ],
      },
    },
  },
  {
    kind: "service.smtp.auth-before-tls",
    category: "mail",
    protocol: "tcp",
    title: "Mail server accepts passwords before encryption (AUTH PLAIN/LOGIN without TLS)",
    severity: "medium",
    description:
      "Before any STARTTLS, the SMTP server offers AUTH PLAIN or LOGIN: mail clients and scripts configured " +
      "without TLS send their users' passwords in clear, readable by anyone on the path.",
    remediation:
      "Offer AUTH only after STARTTLS or on implicit TLS (port 465): Postfix smtpd_tls_auth_only = yes; Exim " +
      'auth_advertise_hosts = ${if eq{$tls_in_cipher}{}{}{*}}; Exchange: "Offer basic authentication only after ' +
      'starting TLS".',
    references: ["https://www.rfc-editor.org/rfc/rfc4954#section-4", "https://cwe.mitre.org/data/definitions/319.html"],
    cwe: [319, 523],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N",
    service: SMTP,
    product: PRODUCTS,
    conversation: [
      { read: "reply", identify: /^220[ -]/, match: /^220[ -]/ },
      { send: "EHLO auth-check.exposure-monitor.invalid\r\n" },
      {
        read: "reply",
        match: [/^250 /m, /^250[ -]AUTH[ =][^\r\n]*\b(PLAIN|LOGIN)\b/im],
        extract: { mechanisms: /^250[ -]AUTH[ =]([^\r\n]+)/im },
      },
      { send: "QUIT\r\n" },
    ],
    fixtures: {
      vulnerable: {
        greeting: GREETING,
        replies: [{ on: /^EHLO [^\r\n]+\r\n/im, send: EHLO(["PIPELINING", "AUTH LOGIN PLAIN", "STARTTLS"]) }, QUIT],
        expect: { extracted: { mechanisms: "LOGIN PLAIN" } },
      },
      // smtpd_tls_auth_only = yes: AUTH appears only after STARTTLS (and CRAM-MD5 sends no password at all).
      clean: {
        greeting: GREETING,
        replies: [{ on: /^EHLO [^\r\n]+\r\n/im, send: EHLO(["PIPELINING", "AUTH CRAM-MD5", "STARTTLS"]) }, QUIT],
      },
    },
  },
  {
    kind: "service.smtp.ntlm-info",
    category: "mail",
    protocol: "tcp",
    title: "Mail server discloses internal Windows names through NTLM (AUTH NTLM)",
    severity: "low",
    description:
      "The SMTP server (usually Exchange) offers AUTH NTLM and answered an anonymous NTLM negotiation with its " +
      "challenge, which carries the server's internal host name, NetBIOS domain and Active Directory DNS domain " +
      "and its Windows build: a map for password spraying against the domain.",
    remediation:
      "Remove NTLM (Integrated Windows authentication) from internet-facing receive connectors (Exchange: " +
      "Set-ReceiveConnector -AuthMechanism Tls), or offer AUTH only after TLS to authenticated clients.",
    references: [
      "https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-nlmp/801a4681-8809-4be9-ab0d-61dcfe762786",
      "https://cwe.mitre.org/data/definitions/200.html",
    ],
    cwe: [200],
    cvss: CVSS_READ_LOW,
    service: SMTP,
    product: PRODUCTS,
    conversation: [
      { read: "reply", identify: /^220[ -]/, match: /^220[ -]/ },
      { send: "EHLO ntlm-check.exposure-monitor.invalid\r\n" },
      { read: "reply", match: /^250[ -]AUTH[ =][^\r\n]*\bNTLM\b/im },
      // An NTLM NEGOTIATE message (no user, no domain), as nmap's smtp-ntlm-info sends it.
      { send: "AUTH NTLM TlRMTVNTUAABAAAAB4IIogAAAAAAAAAAAAAAAAAAAAAGAbEdAAAADw==\r\n", show: "AUTH NTLM <negotiate>" },
      // A CHALLENGE message ("NTLMSSP\0", type 2) in base64.
      { read: "reply", match: /^334 TlRMTVNTUAACAAAA[A-Za-z0-9+/=]{20,}/, extract: { challenge: /^334 (\S{1,80})/ } },
      { send: "*\r\n", show: "* (cancel the authentication)" },
      { read: "reply" },
      { send: "QUIT\r\n" },
    ],
    fixtures: {
      vulnerable: {
        greeting: EXCHANGE_GREETING,
        replies: [
          {
            on: /^EHLO [^\r\n]+\r\n/im,
            send: EHLO(["SIZE 37748736", "PIPELINING", "STARTTLS", "AUTH NTLM", "8BITMIME"]),
          },
          { on: /^AUTH NTLM \S+\r\n/im, send: `334 ${NTLM_CHALLENGE}\r\n` },
          { on: /^\*\r\n/m, send: "501 5.7.3 Authentication aborted\r\n" },
          QUIT,
        ],
      },
      // The same server with NTLM removed from the internet-facing connector.
      clean: {
        greeting: EXCHANGE_GREETING,
        replies: [
          { on: /^EHLO [^\r\n]+\r\n/im, send: EHLO(["SIZE 37748736", "PIPELINING", "STARTTLS", "8BITMIME"]) },
          { on: /^AUTH NTLM \S+\r\n/im, send: "504 5.7.4 Unrecognized authentication type\r\n" },
          QUIT,
        ],
      },
    },
  },
]);
