// Vendor-default credentials on network services, spoken in their own protocol: the same budget as on the web (at
// most 3 pairs per service and port per scan, one connection each, stopped at the first success).
import { checks } from "../../declare.ts";

const FTP_GREETING = "220 NAS FTP server ready.\r\n";

export default checks([
  {
    kind: "service.default-login.ftp",
    category: "default-login",
    protocol: "tcp",
    title: "FTP accepts a vendor-default login",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      "The FTP server accepted a well-known default user and password (admin / admin, root / root, admin / 1234), as " +
      "many NAS boxes, cameras and routers ship them: whoever logs in reads and often writes the device's files.",
    remediation:
      "Change the password (or disable the account) on the device, turn FTP off if nothing needs it, and prefer SFTP.",
    references: [
      "https://cwe.mitre.org/data/definitions/1392.html",
      "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/04-Authentication_Testing/02-Testing_for_Default_Credentials",
    ],
    cwe: [1392, 798],
    service: { name: "ftp", ports: [21] },
    product: [
      { pattern: /vsFTPd ([\d.]+)/i, name: "vsftpd" },
      { pattern: /ProFTPD ([\d.]+\w*)/i, name: "ProFTPD" },
      { pattern: /^220/, name: "FTP server" },
    ],
    credentials: [
      { username: "admin", password: "admin" },
      { username: "root", password: "root" },
      // Not ftp / ftp: vsftpd and ProFTPD take the user "ftp" as anonymous, which service.unauthenticated.ftp reports.
      { username: "admin", password: "1234" },
    ],
    conversation: [
      { read: "reply", identify: /^220/, match: /^220/ },
      { send: "USER {{username}}\r\n" },
      { read: "reply", match: /^331/ },
      { send: "PASS {{password}}\r\n", show: "PASS <the default password>" },
      { read: "reply", match: /^230/ },
      { send: "QUIT\r\n" },
    ],
    fixtures: {
      vulnerable: {
        greeting: FTP_GREETING,
        replies: [
          { on: /USER \w+\r\n/, send: "331 Password required.\r\n" },
          // root / root, the second pair: the budget reaches it.
          { on: /PASS root\r\n/, send: "230 User logged in.\r\n" },
          { on: /PASS [^\r]*\r\n/, send: "530 Login incorrect.\r\n" },
          { on: /QUIT\r\n/, send: "221 Goodbye.\r\n", close: true },
        ],
      },
      clean: {
        greeting: FTP_GREETING,
        replies: [
          { on: /USER \w+\r\n/, send: "331 Password required.\r\n" },
          { on: /PASS [^\r]*\r\n/, send: "530 Login incorrect.\r\n" },
          { on: /QUIT\r\n/, send: "221 Goodbye.\r\n", close: true },
        ],
      },
    },
  },
]);
