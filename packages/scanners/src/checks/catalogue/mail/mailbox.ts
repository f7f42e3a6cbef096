// Mailbox access (POP3, IMAP) that lets users log in with their password in clear: no STARTTLS/STLS on offer and
// plain logins not disabled. Asked for capabilities only; no login is attempted.
import { checks } from "../../declare.ts";

const CLEARTEXT_REFS = ["https://www.rfc-editor.org/rfc/rfc8314", "https://cwe.mitre.org/data/definitions/319.html"];
const SNIFFED = "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N";
const DOVECOT_POP3 = "+OK Dovecot (Debian) ready.\r\n";
const DOVECOT_IMAP =
  "* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+] Dovecot (Debian) ready.\r\n";
const imapCaps = (caps: string) =>
  `* CAPABILITY ${caps}\r\na1 OK Pre-login capabilities listed, post-login capabilities have more.\r\n`;

export default checks([
  {
    kind: "service.pop3.cleartext-login",
    category: "mail",
    protocol: "tcp",
    title: "POP3 server takes passwords without encryption (no STLS)",
    severity: "medium",
    description:
      "The POP3 server on the plain port offers USER/PASS or SASL PLAIN logins but no STLS: every user who checks " +
      "mail sends the password and reads the mail in clear, readable by anyone on the path.",
    remediation:
      "Offer STLS and refuse plain logins before it (Dovecot: ssl = required, disable_plaintext_auth = yes), or " +
      "serve POP3 only over implicit TLS on port 995 and close port 110.",
    references: ["https://www.rfc-editor.org/rfc/rfc2595", ...CLEARTEXT_REFS],
    cwe: [319],
    cvss: SNIFFED,
    service: { name: "pop3", ports: [110] },
    product: [
      { pattern: /Dovecot/i, name: "Dovecot" },
      { pattern: /Courier/i, name: "Courier POP3" },
      { pattern: /Microsoft Exchange/i, name: "Microsoft Exchange POP3" },
      { pattern: /^\+OK/, name: "POP3 server" },
    ],
    conversation: [
      { read: "line", identify: /^\+OK/, match: /^\+OK/ },
      { send: "CAPA\r\n" },
      { read: { until: /^\.\r?\n|^-ERR/m }, match: [/^\+OK/, /^(USER|SASL[^\r\n]*\bPLAIN\b)/m], notMatch: /^STLS\b/m },
      { send: "QUIT\r\n" },
    ],
    fixtures: {
      vulnerable: {
        greeting: DOVECOT_POP3,
        replies: [
          {
            on: /^CAPA\r\n/im,
            send:
              "+OK\r\nCAPA\r\nTOP\r\nUIDL\r\nRESP-CODES\r\nPIPELINING\r\nAUTH-RESP-CODE\r\nUSER\r\nSASL " +
              "PLAIN\r\n.\r\n",
          },
          { on: /^QUIT\r\n/im, send: "+OK Logging out\r\n", close: true },
        ],
      },
      clean: {
        greeting: DOVECOT_POP3,
        replies: [
          {
            on: /^CAPA\r\n/im,
            send: "+OK\r\nCAPA\r\nTOP\r\nUIDL\r\nRESP-CODES\r\nPIPELINING\r\nSTLS\r\nSASL\r\n.\r\n",
          },
          { on: /^QUIT\r\n/im, send: "+OK Logging out\r\n", close: true },
        ],
      },
    },
  },
  {
    kind: "service.imap.cleartext-login",
    category: "mail",
    protocol: "tcp",
    title: "IMAP server takes passwords without encryption (no STARTTLS)",
    severity: "medium",
    description:
      "The IMAP server on the plain port neither offers STARTTLS nor disables plain logins (LOGINDISABLED): every " +
      "user's password and mail cross the network in clear, readable by anyone on the path.",
    remediation:
      "Offer STARTTLS and refuse logins before it (Dovecot: ssl = required, disable_plaintext_auth = yes), or " +
      "serve IMAP only over implicit TLS on port 993 and close port 143.",
    references: ["https://www.rfc-editor.org/rfc/rfc9051#section-6.2.3", ...CLEARTEXT_REFS],
    cwe: [319],
    cvss: SNIFFED,
    service: { name: "imap", ports: [143] },
    product: [
      { pattern: /Dovecot/i, name: "Dovecot" },
      { pattern: /Cyrus IMAP/i, name: "Cyrus IMAP" },
      { pattern: /Courier-IMAP/i, name: "Courier IMAP" },
      { pattern: /Microsoft Exchange/i, name: "Microsoft Exchange IMAP" },
      { pattern: /^\* OK/, name: "IMAP server" },
    ],
    conversation: [
      { read: "line", identify: /^\* (OK|PREAUTH)/, match: /^\* OK/ },
      { send: "a1 CAPABILITY\r\n" },
      {
        read: { until: /^a1 (OK|NO|BAD)/m },
        match: [/^\* CAPABILITY IMAP4/im, /^a1 OK/m],
        notMatch: /STARTTLS|LOGINDISABLED/i,
      },
      { send: "a2 LOGOUT\r\n" },
    ],
    fixtures: {
      vulnerable: {
        greeting: DOVECOT_IMAP,
        replies: [
          {
            on: /^a1 CAPABILITY\r\n/im,
            send: imapCaps("IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ AUTH=PLAIN"),
          },
          { on: /^a2 LOGOUT\r\n/im, send: "* BYE Logging out\r\na2 OK Logout completed.\r\n", close: true },
        ],
      },
      clean: {
        greeting: DOVECOT_IMAP,
        replies: [
          {
            on: /^a1 CAPABILITY\r\n/im,
            send: imapCaps("IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ STARTTLS LOGINDISABLED"),
          },
          { on: /^a2 LOGOUT\r\n/im, send: "* BYE Logging out\r\na2 OK Logout completed.\r\n", close: true },
        ],
      },
    },
  },
]);
