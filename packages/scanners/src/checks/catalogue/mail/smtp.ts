// Mail servers, asked in SMTP: whether they relay for strangers (proven by the acceptance of a foreign recipient;
// no message is ever sent: RSET and QUIT before DATA) and whether they offer encryption.
import { checks, type TcpFixture } from "../../declare.ts";

const SMTP = { name: "smtp", ports: [25, 587, 2525] };
const PRODUCTS = [
  { pattern: /ESMTP Postfix/i, name: "Postfix" },
  { pattern: /Exim ([\d.]+)/i, name: "Exim" },
  { pattern: /Microsoft ESMTP MAIL Service/i, name: "Microsoft Exchange" },
  { pattern: /Sendmail ([\d.]+)/i, name: "Sendmail" },
  { pattern: /^220/, name: "SMTP server" },
];
const GREETING = "220 mail.fixture.test ESMTP Postfix (Debian/GNU)\r\n";
const EHLO = (extensions: string[]) =>
  ["250-mail.fixture.test", ...extensions.map((e) => `250-${e}`), "250 SMTPUTF8"].join("\r\n") + "\r\n";

/** A Postfix-like server: its EHLO extensions, and whether it takes a recipient it does not deliver for. */
function postfix(extensions: string[], relays: boolean): TcpFixture {
  return {
    greeting: GREETING,
    replies: [
      { on: /^EHLO [^\r\n]+\r\n/im, send: EHLO(extensions) },
      { on: /^MAIL FROM:[^\r\n]*\r\n/im, send: "250 2.1.0 Ok\r\n" },
      {
        on: /^RCPT TO:[^\r\n]*\r\n/im,
        send: relays ? "250 2.1.5 Ok\r\n" : "554 5.7.1 <relay-check@example.net>: Relay access denied\r\n",
      },
      { on: /^RSET\r\n/im, send: "250 2.0.0 Ok\r\n" },
      { on: /^QUIT\r\n/im, send: "221 2.0.0 Bye\r\n", close: true },
    ],
  };
}

export default checks([
  {
    kind: "service.smtp.open-relay",
    category: "mail",
    protocol: "tcp",
    title: "Mail server relays mail for anyone (open relay)",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:N",
    description:
      "The SMTP server accepted, without authentication, a message from an outside sender to an outside " +
      "recipient (example.net). Spammers find such servers within hours; the domain and its addresses end up on " +
      "block lists. (No message was sent: the test stops before DATA.)",
    remediation:
      "Relay only for your own networks and authenticated users (Postfix: smtpd_relay_restrictions = " +
      "permit_mynetworks, permit_sasl_authenticated, reject_unauth_destination).",
    references: [
      "https://www.rfc-editor.org/rfc/rfc5321#section-3.6",
      "https://cwe.mitre.org/data/definitions/284.html",
    ],
    cwe: [284],
    service: SMTP,
    product: PRODUCTS,
    conversation: [
      { read: "reply", identify: /^220[ -]/, match: /^220[ -]/ },
      { send: "EHLO relay-check.exposure-monitor.invalid\r\n" },
      { read: "reply", match: /^250[ -]/ },
      { send: "MAIL FROM:<relay-check@exposure-monitor.invalid>\r\n" },
      { read: "reply", match: /^250[ -]/ },
      { send: "RCPT TO:<relay-check@example.net>\r\n" },
      { read: "reply", match: /^25[01][ -]/ },
      { send: "RSET\r\n" },
      { read: "reply" },
      { send: "QUIT\r\n" },
    ],
    fixtures: {
      vulnerable: postfix(["PIPELINING", "SIZE 10240000", "STARTTLS", "8BITMIME"], true),
      clean: postfix(["PIPELINING", "SIZE 10240000", "STARTTLS", "8BITMIME"], false),
    },
  },
  {
    kind: "service.smtp.no-starttls",
    category: "mail",
    protocol: "tcp",
    title: "Mail server does not offer STARTTLS",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:L/I:L/A:N",
    description:
      "The SMTP server does not offer STARTTLS: mail to and from it crosses the internet unencrypted, readable and " +
      "changeable by anyone on the path, and credentials sent to it travel in clear.",
    remediation:
      "Enable STARTTLS with a valid certificate (Postfix: smtpd_tls_cert_file, smtpd_tls_key_file, " +
      "smtpd_tls_security_level = may).",
    references: ["https://www.rfc-editor.org/rfc/rfc3207", "https://cwe.mitre.org/data/definitions/319.html"],
    cwe: [319],
    service: SMTP,
    product: PRODUCTS,
    conversation: [
      { read: "reply", identify: /^220[ -]/, match: /^220[ -]/ },
      { send: "EHLO starttls-check.exposure-monitor.invalid\r\n" },
      { read: "reply", match: /^250 /m, notMatch: /^250[ -]STARTTLS\b/im },
      { send: "QUIT\r\n" },
    ],
    fixtures: {
      vulnerable: postfix(["PIPELINING", "SIZE 10240000", "8BITMIME"], false),
      clean: postfix(["PIPELINING", "SIZE 10240000", "STARTTLS", "8BITMIME"], false),
    },
  },
]);
