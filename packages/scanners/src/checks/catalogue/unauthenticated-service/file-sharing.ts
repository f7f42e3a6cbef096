// File servers that hand out their files to anyone: anonymous FTP, open rsync modules.
import { checks } from "../../declare.ts";

export default checks([
  {
    kind: "service.unauthenticated.ftp",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "FTP accepted an anonymous login",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    description:
      "The FTP server accepted an anonymous login. Anyone can list and download the files it serves (often backups " +
      "and internal documents), and if anonymous upload is allowed, use the server to host malware.",
    remediation:
      'Turn anonymous access off (vsftpd "anonymous_enable=NO", ProFTPD: remove the <Anonymous> block) and prefer ' +
      "SFTP; if public downloads are intended, serve them over HTTPS instead.",
    references: ["https://www.rfc-editor.org/rfc/rfc1635", "https://cwe.mitre.org/data/definitions/287.html"],
    cwe: [287, 306],
    service: { name: "ftp", ports: [21] },
    product: [
      { pattern: /vsFTPd ([\d.]+)/i, name: "vsftpd" },
      { pattern: /ProFTPD ([\d.]+\w*)/i, name: "ProFTPD" },
      { pattern: /Pure-FTPd/i, name: "Pure-FTPd" },
      { pattern: /FileZilla Server(?: version)? ([\d.]+\w*)/i, name: "FileZilla Server" },
      { pattern: /Microsoft FTP Service/i, name: "Microsoft FTP Service" },
      { pattern: /^220/, name: "FTP server" },
    ],
    conversation: [
      { read: "reply", identify: /^220/, match: /^220/ },
      { send: "USER anonymous\r\n" },
      { read: "reply", match: /^(230|331)/ },
      { when: /^331/, send: "PASS ems-scan@example.com\r\n", show: "PASS <an e-mail address>" },
      { when: /^331/, read: "reply", match: /^230/ },
      { send: "QUIT\r\n" },
    ],
    fixtures: {
      vulnerable: {
        greeting: "220 (vsFTPd 3.0.3)\r\n",
        replies: [
          { on: /USER anonymous\r\n/, send: "331 Please specify the password.\r\n" },
          { on: /PASS [^\r]*\r\n/, send: "230 Login successful.\r\n" },
          { on: /QUIT\r\n/, send: "221 Goodbye.\r\n", close: true },
        ],
      },
      clean: {
        greeting: "220 (vsFTPd 3.0.3)\r\n",
        replies: [
          { on: /USER anonymous\r\n/, send: "530 This FTP server does not allow anonymous logins.\r\n" },
          { on: /QUIT\r\n/, send: "221 Goodbye.\r\n", close: true },
        ],
      },
    },
  },
  {
    kind: "service.unauthenticated.rsync",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "rsync lists its modules to anyone",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "The rsync daemon lists its modules to an anonymous client. Modules without 'auth users' can be downloaded " +
      "(and, when not read only, overwritten) by anyone; backups are the usual content.",
    remediation:
      "Firewall port 873, set 'auth users' and 'secrets file' on every module, 'read only = yes', and 'list = no' " +
      "for modules nobody should discover.",
    references: [
      "https://download.samba.org/pub/rsync/rsyncd.conf.5",
      "https://cwe.mitre.org/data/definitions/306.html",
    ],
    cwe: [306],
    service: { name: "rsync", ports: [873] },
    product: [{ pattern: /@RSYNCD: ([\d.]+)/, name: "rsync protocol" }],
    conversation: [
      { read: "line", identify: /^@RSYNCD: \d+/, match: /^@RSYNCD: \d+/ },
      { send: "@RSYNCD: 31.0\n" },
      { send: "\n" },
      // The module list ends with "@RSYNCD: EXIT"; a module line is "name<tab>comment".
      {
        read: { until: /@RSYNCD: EXIT\r?\n|@ERROR[^\n]*\n/ },
        match: /^[A-Za-z0-9._-]+[ \t]+.*$/m,
        notMatch: /^@ERROR/m,
        extract: { modules: /^([A-Za-z0-9._-]+)[ \t]/m },
      },
    ],
    fixtures: {
      vulnerable: {
        greeting: "@RSYNCD: 31.0\n",
        replies: [
          { on: /^\n|\n\n/, send: "backups         \tNightly backups\nwww             \tWeb root\n@RSYNCD: EXIT\n" },
        ],
        expect: { extracted: { modules: "backups" } },
      },
      clean: {
        greeting: "@RSYNCD: 31.0\n",
        replies: [{ on: /^\n|\n\n/, send: "@RSYNCD: EXIT\n" }],
      },
    },
  },
]);
