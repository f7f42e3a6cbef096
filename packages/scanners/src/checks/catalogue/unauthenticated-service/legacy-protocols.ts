// Legacy and infrastructure protocols that should never face the internet, asked in their own bytes: SMB (version 1
// still spoken, signing not required), Java RMI, the Erlang port mapper, the ONC RPC port mapper, and FTP without
// TLS. Only negotiation and listing requests are sent.
/* eslint-disable no-control-regex -- binary protocols (SMB, JRMP, EPMD, ONC RPC) are matched byte by byte */
import { checks } from "../../declare.ts";

const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ""), "hex");
const SMB_REFS = [
  "https://learn.microsoft.com/en-us/windows-server/storage/file-server/troubleshoot/detect-enable-and-disable-smbv1-v2-v3",
  "https://cwe.mitre.org/data/definitions/757.html",
];

/** SMB1 NEGOTIATE offering only "NT LM 0.12" (a server without SMB1 hangs up or answers with no dialect). */
const SMB1_NEGOTIATE = Buffer.concat([
  hex("0000002f ff534d42 72 00000000 18 0128 0000 0000000000000000 0000 0000 fffe 0000 0000"),
  hex("00 0c00 02"),
  Buffer.from("NT LM 0.12\0", "latin1"),
]);
const smb1Answer = (dialect: number, words: number) => {
  const params = Buffer.alloc(words * 2);
  if (words) params.writeUInt16LE(dialect, 0);
  const smb = Buffer.concat([
    hex("ff534d42 72 00000000 98 0128 0000 0000000000000000 0000 0000 fffe 0000 0000"),
    Buffer.from([words]),
    params,
    hex("0000"),
  ]);
  const nb = Buffer.alloc(4);
  nb.writeUInt32BE(smb.length);
  return Buffer.concat([nb, smb]);
};

/** SMB2 NEGOTIATE for dialects 2.0.2 and 2.1, signing enabled on our side. */
const SMB2_NEGOTIATE = Buffer.concat([
  hex("00000068"),
  hex("fe534d42 4000 0000 00000000 0000 0100 00000000 00000000 0000000000000000 00000000 00000000"),
  hex("0000000000000000 00000000000000000000000000000000"),
  hex("2400 0200 0100 0000 00000000"),
  hex("0102030405060708090a0b0c0d0e0f10 0000000000000000"),
  hex("0202 1002"),
]);
/** A NEGOTIATE response whose security mode is `mode` (1: signing enabled, 3: required). */
const smb2Answer = (mode: number) => {
  const header = hex(
    "fe534d42 4000 0000 00000000 0000 0100 01000000 00000000 0000000000000000 00000000 00000000 " +
      "0000000000000000 00000000000000000000000000000000",
  );
  const body = Buffer.alloc(64);
  body.writeUInt16LE(65, 0);
  body.writeUInt16LE(mode, 2);
  body.writeUInt16LE(0x0210, 4);
  const nb = Buffer.alloc(4);
  nb.writeUInt32BE(header.length + body.length);
  return Buffer.concat([nb, header, body]);
};

/** ONC RPC call to the port mapper (100000 v2) DUMP, xid 0x4d5a0001, over TCP with record marking. */
const RPC_DUMP = hex(
  "80000028 4d5a0001 00000000 00000002 000186a0 00000002 00000004 00000000 00000000 00000000 00000000",
);
const rpcDumpAnswer = (() => {
  const entry = (prog: number, vers: number, proto: number, port: number) => {
    const b = Buffer.alloc(20);
    b.writeUInt32BE(1, 0); // value follows
    b.writeUInt32BE(prog, 4);
    b.writeUInt32BE(vers, 8);
    b.writeUInt32BE(proto, 12);
    b.writeUInt32BE(port, 16);
    return b;
  };
  const body = Buffer.concat([
    hex("4d5a0001 00000001 00000000 00000000 00000000 00000000"),
    entry(100000, 4, 6, 111),
    entry(100005, 3, 6, 20048),
    entry(100003, 4, 6, 2049),
    hex("00000000"),
  ]);
  const mark = Buffer.alloc(4);
  mark.writeUInt32BE((0x80000000 | body.length) >>> 0);
  return Buffer.concat([mark, body]);
})();

const FTP_FEATURES = (tls: boolean) =>
  "211-Features:\r\n EPRT\r\n EPSV\r\n MDTM\r\n PASV\r\n REST STREAM\r\n SIZE\r\n TVFS\r\n UTF8\r\n" +
  (tls ? " AUTH TLS\r\n PBSZ\r\n PROT\r\n" : "") +
  "211 End\r\n";

export default checks([
  {
    kind: "service.smb.smbv1-enabled",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "SMB version 1 enabled",
    severity: "high",
    description:
      "The file server still negotiates SMB version 1 (NT LM 0.12), which has no protection against downgrade and " +
      "man-in-the-middle attacks and is the protocol of the EternalBlue/WannaCry family of remote code execution " +
      "flaws; Microsoft deprecated it in 2014. SMB facing the internet is a risk in itself.",
    remediation:
      "Disable SMB1 (Windows: Set-SmbServerConfiguration -EnableSMB1Protocol $false; Samba: server min protocol = " +
      "SMB2_10), and firewall ports 139 and 445 from the internet.",
    references: [...SMB_REFS, "https://nvd.nist.gov/vuln/detail/CVE-2017-0144"],
    cwe: [757, 327],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H",
    service: { name: "microsoft-ds", ports: [445, 139] },
    product: "SMB server",
    conversation: [
      { send: SMB1_NEGOTIATE, show: "SMB1 NEGOTIATE, dialect NT LM 0.12" },
      // Success, and an NT LM 0.12 answer (17 parameter words); a server without SMB1 hangs up or picks no dialect.
      {
        read: "chunk",
        identify: /^\x00[\s\S]{3}[\xff\xfe]SMB/,
        match: /^\x00[\s\S]{3}\xffSMBr\x00\x00\x00\x00[\s\S]{23}\x11\x00\x00/,
      },
    ],
    fixtures: {
      vulnerable: { replies: [{ on: /\xffSMBr[\s\S]*NT LM 0\.12\x00/, send: smb1Answer(0, 17) }] },
      clean: { replies: [{ on: /\xffSMBr[\s\S]*NT LM 0\.12\x00/, send: smb1Answer(0xffff, 1), close: true }] },
    },
  },
  {
    kind: "service.smb.signing-not-required",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "SMB signing not required",
    severity: "medium",
    description:
      "The SMB server does not require message signing: an attacker who can relay or intercept an authentication " +
      "(NTLM relay) can act on this server as the victim, and the traffic can be changed in transit.",
    remediation:
      'Require signing ("Microsoft network server: Digitally sign communications (always)" = Enabled, or ' +
      "Set-SmbServerConfiguration -RequireSecuritySignature $true; Samba: server signing = mandatory), and keep " +
      "port 445 off the internet.",
    references: [
      "https://learn.microsoft.com/en-us/troubleshoot/windows-server/networking/overview-server-message-block-signing",
      "https://cwe.mitre.org/data/definitions/311.html",
    ],
    cwe: [311, 294],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:H/I:H/A:N",
    service: { name: "microsoft-ds", ports: [445] },
    product: "SMB server",
    conversation: [
      { send: SMB2_NEGOTIATE, show: "SMB2 NEGOTIATE, dialects 2.0.2 and 2.1" },
      // Status success, then the response's security mode: 0 or 1 (enabled), not 3 (required).
      {
        read: "chunk",
        identify: /^\x00[\s\S]{3}\xfeSMB/,
        match: /^\x00[\s\S]{3}\xfeSMB\x40\x00[\s\S]{2}\x00\x00\x00\x00[\s\S]{52}\x41\x00[\x00\x01]\x00/,
      },
    ],
    fixtures: {
      vulnerable: { replies: [{ on: /\xfeSMB\x40\x00[\s\S]*\x02\x02\x10\x02/, send: smb2Answer(1) }] },
      clean: { replies: [{ on: /\xfeSMB\x40\x00[\s\S]*\x02\x02\x10\x02/, send: smb2Answer(3) }] },
    },
  },
  {
    kind: "service.java-rmi.exposed",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Java RMI endpoint reachable from the internet",
    severity: "high",
    description:
      "A Java RMI endpoint (a registry or JMX over RMI) acknowledged the JRMP protocol. RMI reads serialised Java " +
      "objects from whoever connects: with a gadget on the class path that is remote code execution, and an " +
      "unauthenticated JMX connector runs code by design.",
    remediation:
      "Keep RMI registries and JMX ports (1099, 9010…) on a private network; for JMX require authentication and " +
      "TLS (com.sun.management.jmxremote.authenticate=true, .ssl=true) and set a deserialisation filter " +
      "(jdk.serialFilter).",
    references: [
      "https://docs.oracle.com/en/java/javase/17/management/monitoring-and-management-using-jmx-technology.html",
      "https://cwe.mitre.org/data/definitions/502.html",
    ],
    cwe: [502, 306],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H",
    service: { name: "java-rmi", ports: [1099, 1098, 9010] },
    product: "Java RMI",
    conversation: [
      { send: Buffer.from("4a524d4900024b", "hex"), show: "JRMI, version 2, stream protocol" },
      // ProtocolAck (0x4e), then the address the server sees us from (a UTF string) and a port.
      {
        read: "chunk",
        match: /^\x4e\x00[\x01-\x40][\w.:[\]-]+\x00\x00[\s\S]{2}/,
        extract: { seenAs: /^\x4e\x00[\s\S]([\w.:[\]-]+)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          {
            on: /^JRMI\x00\x02K/,
            send: Buffer.concat([Buffer.from([0x4e, 0x00, 0x0c]), Buffer.from("198.51.100.7"), hex("0000c5a2")]),
          },
        ],
        expect: { extracted: { seenAs: "198.51.100.7" } },
      },
      clean: { replies: [{ on: /^JRMI/, send: "", close: true }] },
    },
  },
  {
    kind: "service.erlang.epmd-exposed",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Erlang port mapper (epmd) lists its nodes to anyone",
    severity: "medium",
    description:
      "The Erlang port mapper daemon answers NAMES from the internet with the node names and distribution ports of " +
      "RabbitMQ, CouchDB, ejabberd or Elixir nodes. The distribution port it points to runs any code for whoever " +
      "knows the cookie, which weak or default cookies give away.",
    remediation:
      "Firewall port 4369 and the distribution ports (e.g. 25672) to the cluster, bind epmd to a private interface " +
      "(ERL_EPMD_ADDRESS), and use long random cookies or TLS distribution.",
    references: [
      "https://www.erlang.org/doc/apps/erts/epmd_cmd.html",
      "https://www.rabbitmq.com/docs/networking#epmd",
      "https://cwe.mitre.org/data/definitions/200.html",
    ],
    cwe: [200, 306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    service: { name: "epmd", ports: [4369] },
    product: "Erlang epmd",
    conversation: [
      { send: Buffer.from([0x00, 0x01, 0x6e]), show: "NAMES_REQ" },
      // epmd's own port (4 bytes), then one "name <node> at port <n>" line per node; it hangs up after.
      { read: "close", match: /^[\s\S]{4}name [^\s]+ at port \d+\n/, extract: { nodes: /name ([^\s]+) at port/ } },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          {
            on: /^\x00\x01n/,
            send: Buffer.concat([hex("00001111"), Buffer.from("name rabbit at port 25672\n")]),
            close: true,
          },
        ],
        expect: { extracted: { nodes: "rabbit" } },
      },
      clean: { replies: [{ on: /^\x00\x01n/, send: hex("00001111"), close: true }] },
    },
  },
  {
    kind: "service.rpcbind.exposed",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "RPC port mapper lists the host's RPC services (NFS, mountd…)",
    severity: "medium",
    description:
      "The ONC RPC port mapper (rpcbind) answers DUMP from the internet with every RPC service of the host and its " +
      "port: NFS and mountd (file shares), NIS, status. It is also used for UDP amplification attacks.",
    remediation:
      "Firewall port 111 (TCP and UDP) and the RPC services' ports from the internet; if NFS must be reached, " +
      "allow only the clients' addresses and restrict /etc/exports.",
    references: ["https://www.rfc-editor.org/rfc/rfc1833", "https://cwe.mitre.org/data/definitions/200.html"],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:L",
    service: { name: "rpcbind", ports: [111] },
    product: "rpcbind",
    conversation: [
      { send: RPC_DUMP, show: "portmapper DUMP (program 100000 v2, procedure 4)" },
      // Our xid, a reply, accepted and successful, then at least one mapping.
      {
        read: "chunk",
        // Record mark, xid "MZ\0\1", REPLY, MSG_ACCEPTED, a verifier, SUCCESS, then "value follows" and program 1xxxxx.
        match: new RegExp(
          String.raw`^[\x80-\xff][\s\S]{3}\x4d\x5a\x00\x01\x00\x00\x00\x01\x00\x00\x00\x00[\s\S]{8}` +
            String.raw`\x00\x00\x00\x00\x00\x00\x00\x01\x00\x01\x86`,
        ),
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /\x4d\x5a\x00\x01\x00\x00\x00\x00\x00\x00\x00\x02\x00\x01\x86\xa0/, send: rpcDumpAnswer }],
      },
      clean: { replies: [{ on: /\x4d\x5a\x00\x01/, send: "", close: true }] },
    },
  },
  {
    kind: "service.ftp.no-tls",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "FTP server does not offer TLS (AUTH TLS)",
    severity: "medium",
    description:
      "The FTP server's FEAT list has no AUTH TLS: every login and file crosses the network in clear text, readable " +
      "by anyone on the path, and FTP passwords are often the users' other passwords.",
    remediation:
      "Enable explicit TLS (vsftpd: ssl_enable=YES, force_local_logins_ssl=YES; ProFTPD: mod_tls with TLSRequired " +
      "on), or replace FTP with SFTP.",
    references: ["https://www.rfc-editor.org/rfc/rfc4217", "https://cwe.mitre.org/data/definitions/319.html"],
    cwe: [319],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N",
    service: { name: "ftp", ports: [21] },
    product: [
      { pattern: /vsFTPd ([\d.]+)/i, name: "vsftpd" },
      { pattern: /ProFTPD ([\d.]+\w*)/i, name: "ProFTPD" },
      { pattern: /Pure-FTPd/i, name: "Pure-FTPd" },
      { pattern: /FileZilla Server(?: version)? ([\d.]+\w*)/i, name: "FileZilla Server" },
      { pattern: /^220/, name: "FTP server" },
    ],
    conversation: [
      { read: "reply", identify: /^220/, match: /^220/ },
      { send: "FEAT\r\n" },
      { read: "reply", match: /^211[ -]/, notMatch: /^\s*AUTH\b/im },
      { send: "QUIT\r\n" },
    ],
    fixtures: {
      vulnerable: {
        greeting: "220 (vsFTPd 3.0.3)\r\n",
        replies: [
          { on: /FEAT\r\n/, send: FTP_FEATURES(false) },
          { on: /QUIT\r\n/, send: "221 Goodbye.\r\n", close: true },
        ],
      },
      clean: {
        greeting: "220 (vsFTPd 3.0.3)\r\n",
        replies: [
          { on: /FEAT\r\n/, send: FTP_FEATURES(true) },
          { on: /QUIT\r\n/, send: "221 Goodbye.\r\n", close: true },
        ],
      },
    },
  },
]);
