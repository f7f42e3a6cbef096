// Remote shells over cleartext protocols: Telnet, and the BSD r-services, whose logins (or lack of them) cross the
// network readable by anyone. Proven by the protocol's own first bytes; nothing is typed at a prompt.
/* eslint-disable no-control-regex -- Telnet negotiation and rexec/rlogin replies are matched byte by byte */
import { checks } from "../../declare.ts";

const OPENSSH = "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3\r\n";
const CLEARTEXT_REFS = ["https://cwe.mitre.org/data/definitions/319.html"];
/** Linux telnetd's opening: DO TERMINAL-TYPE, DO TERMINAL-SPEED, DO X-DISPLAY-LOCATION, DO NEW-ENVIRON. */
const TELNETD_OPENING = Buffer.from("fffd18fffd20fffd23fffd27", "hex");

export default checks([
  {
    kind: "service.telnet.exposed",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Telnet remote login reachable",
    severity: "high",
    description:
      "A Telnet server answers from the internet: its logins and whole sessions cross the network unencrypted, " +
      "and Telnet on routers, cameras and embedded boards is the first thing botnets (Mirai and its heirs) try " +
      "with default passwords.",
    remediation:
      "Disable Telnet (systemctl disable --now inetd / telnet.socket; Cisco IOS: line vty 0 4, transport input " +
      "ssh) and use SSH, reachable only from a management network or VPN.",
    references: [
      "https://www.rfc-editor.org/rfc/rfc854",
      "https://www.cisa.gov/news-events/alerts/2016/10/14/heightened-ddos-threat-posed-mirai-and-other-botnets",
      ...CLEARTEXT_REFS,
    ],
    cwe: [319],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:N",
    service: { name: "telnet", ports: [23, 2323] },
    product: [
      { pattern: /BusyBox/i, name: "BusyBox telnetd" },
      { pattern: /User Access Verification/i, name: "Cisco IOS telnet" },
      { pattern: /^\xff/, name: "Telnet server" },
    ],
    conversation: [
      // Telnet opens with option negotiation (IAC DO/WILL …); a banner or login prompt may follow.
      {
        read: "chunk",
        identify: /^\xff[\xfb-\xfe][\x00-\x27]/,
        match: /^(\xff[\xfb-\xfe][\s\S]){2}/,
        extract: { prompt: /((?:login|username|password)\s*:\s*)$/i },
      },
      // Refuse the first option (IAC WONT TERMINAL-TYPE) and hang up: nothing is typed at the prompt.
      { send: Buffer.from("fffc18", "hex"), show: "IAC WONT TERMINAL-TYPE" },
    ],
    fixtures: {
      vulnerable: [
        { greeting: TELNETD_OPENING, replies: [] },
        {
          greeting: Buffer.concat([
            Buffer.from("fffb01fffb03", "hex"),
            Buffer.from("\r\n\r\nUser Access Verification\r\n\r\nUsername: "),
          ]),
          replies: [],
        },
      ],
      // The same host with Telnet replaced by SSH.
      clean: { greeting: OPENSSH, replies: [] },
    },
  },
  {
    kind: "service.rexec.exposed",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "BSD rexec/rlogin/rsh service reachable",
    severity: "high",
    description:
      "A BSD remote execution service (rexec 512, rlogin 513, rsh 514) answers from the internet: passwords cross " +
      "in clear and rlogin/rsh trust the client's claimed user and .rhosts files, so whoever reaches it may run " +
      "commands without any password.",
    remediation:
      "Remove the r-services (apt purge rsh-server rsh-redone-server; delete their inetd lines) and use SSH; never " +
      "keep .rhosts or hosts.equiv.",
    references: [
      "https://www.rfc-editor.org/rfc/rfc1282",
      "https://cwe.mitre.org/data/definitions/287.html",
      ...CLEARTEXT_REFS,
    ],
    cwe: [287, 319],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    service: { name: "rexec", ports: [512, 513, 514] },
    product: "BSD r-services",
    conversation: [
      // An empty stderr port, then user names, terminal / command fields: what every r-service reads first. A server
      // that takes the exchange answers one byte, \0 (go on) or \1 followed by its error text.
      // The command is "true" (does nothing) should a server ever trust the made-up user.
      {
        send: "0\0ems-check\0ems-check\0true\0",
        show: "rexec/rsh request: no stderr port, user ems-check, command true",
      },
      {
        read: "chunk",
        match:
          /^(\x00$|\x01(Login incorrect|Permission denied|rcmd:|remuser too long|locuser too long|Password)[^\x00]*)/i,
      },
    ],
    fixtures: {
      vulnerable: { replies: [{ on: /^0\x00ems-check\x00/, send: "\x01Login incorrect.\n", close: true }] },
      clean: { greeting: OPENSSH, replies: [] },
    },
  },
]);
