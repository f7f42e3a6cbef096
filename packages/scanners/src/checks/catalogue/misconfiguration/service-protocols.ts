// Weak settings of non-web services, seen in their first exchange: an SSH server still offering protocol 1.
import { checks } from "../../declare.ts";

export default checks([
  {
    kind: "service.ssh.protocol-1",
    category: "misconfiguration",
    protocol: "tcp",
    title: "SSH server still accepts protocol version 1",
    severity: "high",
    description:
      "The SSH server announces protocol 1 (SSH-1.5, or 1.99 for both): SSH-1's integrity check (CRC-32) and key " +
      "exchange are broken, so sessions can be hijacked or decrypted by anyone on the path. Such servers are " +
      "usually old network equipment firmware.",
    remediation:
      'Allow protocol 2 only (OpenSSH: remove "Protocol 1" from sshd_config, gone since 7.4; Cisco IOS: ip ssh ' +
      "version 2) and update the device's firmware.",
    references: ["https://www.kb.cert.org/vuls/id/13877", "https://cwe.mitre.org/data/definitions/327.html"],
    cwe: [327, 757],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:N",
    service: { name: "ssh", ports: [22] },
    product: [
      { pattern: /^SSH-[\d.]+-Cisco-([\d.]+)/, name: "Cisco SSH" },
      { pattern: /^SSH-[\d.]+-OpenSSH_([\w.]+)/, name: "OpenSSH" },
      { pattern: /^SSH-/, name: "SSH server" },
    ],
    conversation: [
      { read: "line", identify: /^SSH-\d/, match: /^SSH-1\.(99|5|3)-/, extract: { banner: /^(SSH-[^\r\n]+)/ } },
      // Our own identification, then hang up before any key exchange.
      { send: "SSH-2.0-ems-check\r\n" },
    ],
    fixtures: {
      vulnerable: {
        greeting: "SSH-1.99-Cisco-1.25\r\n",
        replies: [],
        expect: { extracted: { banner: "SSH-1.99-Cisco-1.25" } },
      },
      clean: { greeting: "SSH-2.0-Cisco-1.25\r\n", replies: [] },
    },
  },
]);
