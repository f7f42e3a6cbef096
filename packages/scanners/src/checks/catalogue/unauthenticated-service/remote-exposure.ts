// Remote administration reachable from the internet at all, whatever its passwords: RDP, VNC and WinRM. Each is the
// front door that ransomware crews and botnets try first (password spraying, pre-authentication bugs); spoken to up to
// its login and left there.
/* eslint-disable no-control-regex -- RDP and RFB are matched byte by byte */
import { checks } from "../../declare.ts";

const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ""), "hex");
const REFS = [
  "https://www.cisa.gov/news-events/cybersecurity-advisories/aa20-073a",
  "https://cwe.mitre.org/data/definitions/668.html",
];
/** Reachable, so open to password guessing and to the service's unpatched pre-authentication bugs. */
const EXPOSED = "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H";
const VPN_ONLY = "and reach it only through a VPN or a gateway with multi-factor authentication";
/** X.224 Connection Request asking for any security protocol (TLS, CredSSP or standard RDP). */
const RDP_NEG_ANY = hex("0300 0013 0e e0 0000 0000 00 01 00 0800 03000000");

export default checks([
  {
    kind: "service.rdp.exposed",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Remote Desktop (RDP) reachable from the internet",
    severity: "high",
    description:
      "A Windows Remote Desktop service answered from the internet. RDP is the most common way into a network for " +
      "ransomware: its accounts are sprayed with leaked passwords around the clock, and its pre-authentication " +
      "flaws (BlueKeep, DejaBlue) need no password at all.",
    remediation: `Close port 3389 at the firewall ${VPN_ONLY} (RD Gateway), and require NLA and account lockout.`,
    references: [
      "https://learn.microsoft.com/en-us/windows-server/remote/remote-desktop-services/rds-plan-access-from-anywhere",
      ...REFS,
    ],
    cwe: [668],
    cvss: EXPOSED,
    service: { name: "ms-wbt-server", ports: [3389] },
    product: "Microsoft RDP",
    conversation: [
      { send: RDP_NEG_ANY, show: "X.224 Connection Request, RDP negotiation: TLS or CredSSP" },
      // A Connection Confirm (0xd0), with or without a negotiation response: an RDP server.
      { read: "chunk", identify: /^\x03\x00[\s\S]{2}[\s\S]\xd0/, match: /^\x03\x00\x00[\x0b-\x13][\x06-\x0e]\xd0/ },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /^\x03\x00\x00\x13\x0e\xe0/, send: hex("0300 0013 0e d0 0000 1234 00 02 1f 0800 02000000") }],
      },
      clean: { replies: [] },
    },
  },
  {
    kind: "service.vnc.exposed",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "VNC remote desktop reachable from the internet",
    severity: "high",
    description:
      "A VNC server greeted a client from the internet. VNC passwords are at most 8 characters and many servers " +
      "have no lockout, so they fall to guessing; the desktop behind is often an industrial HMI or an admin's " +
      "workstation.",
    remediation:
      `Firewall VNC ports (5900-5910) ${VPN_ONLY} or an SSH tunnel, ` +
      "and use a server with TLS and strong authentication.",
    references: ["https://www.rfc-editor.org/rfc/rfc6143", ...REFS],
    cwe: [668],
    cvss: EXPOSED,
    service: { name: "vnc", ports: [5900, 5901] },
    product: [{ pattern: /^RFB (\d{3}\.\d{3})/, name: "VNC (RFB)" }],
    conversation: [
      {
        read: "line",
        identify: /^RFB \d{3}\.\d{3}\n/,
        match: /^RFB \d{3}\.\d{3}\n/,
        extract: { protocol: /^RFB (\d{3}\.\d{3})/ },
      },
      // Answer with the same version, read the security types offered, and hang up before choosing one.
      { send: "RFB 003.008\n" },
    ],
    fixtures: {
      vulnerable: { greeting: "RFB 003.008\n", replies: [], expect: { extracted: { protocol: "003.008" } } },
      clean: { replies: [] },
    },
  },
  {
    kind: "service.winrm.exposed",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Windows Remote Management (WinRM) reachable from the internet",
    severity: "high",
    description:
      "WinRM (PowerShell remoting) answered from the internet: whoever guesses or holds an administrator's " +
      "password runs commands on the host, and its Negotiate/NTLM authentication is a target for password spraying " +
      "and relaying.",
    remediation:
      `Firewall ports 5985/5986 ${VPN_ONLY}, ` + "and limit WinRM to management hosts (TrustedHosts, IPv4Filter).",
    references: [
      "https://learn.microsoft.com/en-us/windows/win32/winrm/installation-and-configuration-for-windows-remote-management",
      ...REFS,
    ],
    cwe: [668],
    cvss: EXPOSED,
    service: { name: "winrm", ports: [5985, 5986] },
    product: "Microsoft WinRM",
    http: [
      {
        method: "POST",
        paths: ["/wsman"],
        headers: { "content-type": "application/soap+xml;charset=UTF-8" },
        body: "",
        match: [
          { status: [401] },
          { part: "header:www-authenticate", regex: [/^(Negotiate|NTLM|Basic realm="WSMAN"|Kerberos)/i] },
          { part: "header:server", regex: [/^Microsoft-HTTPAPI\/2\.0$/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "POST /wsman": {
            status: 401,
            headers: { server: "Microsoft-HTTPAPI/2.0", "www-authenticate": "Negotiate", "content-length": "0" },
            body: "",
          },
        },
      },
      clean: { server: "iis", routes: {} },
    },
  },
]);
