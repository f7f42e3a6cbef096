// Remote control and relaying: an open X display, RDP without Network Level Authentication, a Java debugger, an
// Android debug bridge, and proxies that forward anyone's traffic. Each is spoken just far enough to see the door
// open (a setup reply, a negotiation, a handshake), then left.
/* eslint-disable no-control-regex -- binary protocols (X11, RDP, JDWP, ADB, SOCKS) are matched byte by byte */
import { checks } from "../../declare.ts";

const REFS = ["https://cwe.mitre.org/data/definitions/306.html"];
const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ""), "hex");

/** X11 connection setup, little-endian, protocol 11.0, no authorization. */
const X11_SETUP = hex("6c 00 0b00 0000 0000 0000 0000");
/** The start of a successful setup reply (the vendor string follows the fixed part). */
const x11Success = (() => {
  const vendor = Buffer.from("The X.Org Foundation", "latin1");
  const head = Buffer.alloc(40);
  head.writeUInt8(1, 0);
  head.writeUInt16LE(11, 2);
  head.writeUInt16LE(0, 4);
  head.writeUInt16LE(14, 6);
  head.writeUInt32LE(12101004, 8); // release 1.21.1.4
  head.writeUInt16LE(vendor.length, 24);
  return Buffer.concat([head, vendor, Buffer.alloc(4)]);
})();
const x11Refused = Buffer.concat([hex("00 15 0b00 0000 0600"), Buffer.from("No protocol specified\n\0\0\0", "latin1")]);

/** X.224 Connection Request carrying an RDP negotiation request for TLS only (PROTOCOL_SSL). */
const RDP_NEG_TLS = hex("0300 0013 0e e0 0000 0000 00 01 00 0800 01000000");
/** Connection Confirm with RDP_NEG_RSP choosing TLS: the server shows its logon screen to anyone. */
const RDP_CHOSE_TLS = hex("0300 0013 0e d0 0000 1234 00 02 1f 0800 01000000");
/** Connection Confirm with RDP_NEG_FAILURE, HYBRID_REQUIRED_BY_SERVER: Network Level Authentication. */
const RDP_NLA_REQUIRED = hex("0300 0013 0e d0 0000 1234 00 03 00 0800 05000000");

/** JDWP VirtualMachine.Version command (id 1). */
const JDWP_VERSION = hex("0000000b 00000001 00 01 01");
const jdwpVersionReply = (() => {
  const text = (s: string) => {
    const b = Buffer.from(s, "utf8");
    const len = Buffer.alloc(4);
    len.writeUInt32BE(b.length);
    return Buffer.concat([len, b]);
  };
  const data = Buffer.concat([
    text(
      "Java Debug Wire Protocol (Reference Implementation) version 17.0\nJVM Debug Interface version 17.0\n" +
        "JVM version 17.0.9 (OpenJDK 64-Bit Server VM, mixed mode, sharing)",
    ),
    hex("00000011 00000000"),
    text("17.0.9"),
    text("OpenJDK 64-Bit Server VM"),
  ]);
  const head = Buffer.alloc(11);
  head.writeUInt32BE(11 + data.length, 0);
  head.writeUInt32BE(1, 4);
  head.writeUInt8(0x80, 8);
  return Buffer.concat([head, data]);
})();

/** ADB CNXN (version 0x01000000, max data 256 KiB) from "host::". */
const ADB_CNXN = hex("434e584e 00000001 00000400 07000000 32020000 bcb1a7b1 686f73743a3a00");
const adbMessage = (command: string, data: string) => {
  const payload = Buffer.from(data, "latin1");
  const head = Buffer.alloc(24);
  head.write(command, 0, "latin1");
  head.writeUInt32LE(0x01000000, 4);
  head.writeUInt32LE(0x00040000, 8);
  head.writeUInt32LE(payload.length, 12);
  head.writeUInt32LE(
    [...payload].reduce((a, b) => a + b, 0),
    16,
  );
  head.writeUInt32LE((head.readUInt32LE(0) ^ 0xffffffff) >>> 0, 20);
  return Buffer.concat([head, payload]);
};

const PROXY_REQUEST =
  "GET http://example.com/ HTTP/1.1\r\nHost: example.com\r\nUser-Agent: ExposureMonitor/1.0 (open proxy check)\r\n" +
  "Connection: close\r\n\r\n";
const EXAMPLE_PAGE =
  "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=UTF-8\r\nVia: 1.1 proxy-01 (squid/5.7)\r\n" +
  "X-Cache: MISS from proxy-01\r\nConnection: close\r\n\r\n<!doctype html>\n<html>\n<head>\n    <title>Example " +
  "Domain</title>" +
  "\n</head>\n<body>\n<div>\n    <h1>Example Domain</h1>\n</div>\n</body>\n</html>\n";
const SQUID_DENIED =
  "HTTP/1.1 403 Forbidden\r\nServer: squid/5.7\r\nContent-Type: text/html;charset=utf-8\r\nX-Squid-Error: " +
  "ERR_ACCESS_DENIED 0\r\nConnection: close\r\n\r\n<html><head><title>ERROR: The requested URL could not be retrieved" +
  "</title></head><body><h1>ERROR</h1><p>Access Denied.</p></body></html>\n";

export default checks([
  {
    kind: "service.unauthenticated.x11",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "X11 display accepts connections without authorization",
    severity: "critical",
    description:
      "The X server accepted a connection without any authorization (xhost +, or -ac): anyone can read the screen, " +
      "log every keystroke and type commands into the open windows.",
    remediation:
      "Start X with -nolisten tcp (the default on current distributions), remove xhost + from start-up scripts, and " +
      "firewall ports 6000-6063; forward displays over SSH (ssh -X) instead.",
    references: ["https://www.x.org/releases/X11R7.7/doc/man/man7/Xsecurity.7.xhtml", ...REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    service: { name: "x11", ports: [6000, 6001, 6002, 6003] },
    product: [{ pattern: /(The X\.Org Foundation|XFree86|Xming|Cygwin\/X|VcXsrv)/, name: "X server" }],
    conversation: [
      { send: X11_SETUP, show: "connection setup, protocol 11.0, no authorization" },
      // 1 = Success (then protocol 11.0); 0 = Failed, with the reason.
      {
        read: "chunk",
        identify: /^[\x00-\x02][\s\S]\x0b\x00\x00\x00/,
        match: /^\x01\x00\x0b\x00\x00\x00/,
        extract: { vendor: /(The X\.Org Foundation|XFree86[^\x00]*|Xming[^\x00]*|Cygwin\/X[^\x00]*|VcXsrv[^\x00]*)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /^l\x00\x0b\x00/, send: x11Success }],
        expect: { extracted: { vendor: "The X.Org Foundation" } },
      },
      clean: { replies: [{ on: /^l\x00\x0b\x00/, send: x11Refused, close: true }] },
    },
  },
  {
    kind: "service.rdp.nla-not-required",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Remote Desktop does not require Network Level Authentication",
    severity: "medium",
    description:
      "The RDP server agreed to a session without Network Level Authentication (NLA): it starts a full logon " +
      "session for anyone before any credential is checked, which is what pre-authentication exploits such as " +
      "BlueKeep (CVE-2019-0708) need, and it shows the logon screen (user and domain names) to the internet.",
    remediation:
      'Require NLA (System Properties > Remote > "Allow connections only from computers running Remote Desktop ' +
      'with Network Level Authentication", or the Group Policy setting), and reach RDP only through a VPN or an RD ' +
      "Gateway.",
    references: [
      "https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-rdpbcgr/902b090b-9cb3-4efc-92bf-ee13373371e3",
      "https://nvd.nist.gov/vuln/detail/CVE-2019-0708",
      "https://cwe.mitre.org/data/definitions/287.html",
    ],
    cwe: [287],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    service: { name: "ms-wbt-server", ports: [3389] },
    product: "Remote Desktop",
    conversation: [
      { send: RDP_NEG_TLS, show: "X.224 Connection Request, RDP negotiation: TLS only" },
      {
        read: "chunk",
        identify: /^\x03\x00[\s\S]{2}[\x06\x0e]\xd0/,
        // A negotiation response choosing standard RDP or TLS security, or a server too old to negotiate at all.
        match: /^\x03\x00\x00\x13\x0e\xd0[\s\S]{5}\x02[\s\S]\x08\x00[\x00\x01]\x00\x00\x00|^\x03\x00\x00\x0b\x06\xd0/,
      },
    ],
    fixtures: {
      vulnerable: { replies: [{ on: /^\x03\x00\x00\x13\x0e\xe0/, send: RDP_CHOSE_TLS }] },
      clean: { replies: [{ on: /^\x03\x00\x00\x13\x0e\xe0/, send: RDP_NLA_REQUIRED, close: true }] },
    },
  },
  {
    kind: "service.unauthenticated.jdwp",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Java debugger (JDWP) reachable without authentication",
    severity: "critical",
    description:
      "A Java process listens for debuggers (JDWP, -agentlib:jdwp=transport=dt_socket,server=y) and answered the " +
      "handshake and a version command: a debugger runs any code in the process, so whoever connects runs commands " +
      "with its rights.",
    remediation:
      "Remove the -agentlib:jdwp (or -Xrunjdwp) option from production start-up scripts; if remote debugging is " +
      "needed, bind it to localhost (address=127.0.0.1:5005) and tunnel over SSH.",
    references: ["https://docs.oracle.com/en/java/javase/17/docs/specs/jpda/conninv.html", ...REFS],
    cwe: [306, 489],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    service: { name: "jdwp", ports: [5005, 8000, 8787, 9009] },
    product: "Java VM (JDWP)",
    conversation: [
      { send: "JDWP-Handshake" },
      { read: { until: /JDWP-Handshake/ }, identify: /^JDWP-Handshake/, match: /^JDWP-Handshake$/ },
      { send: JDWP_VERSION, show: "VirtualMachine.Version" },
      // A reply packet (flag 0x80) to our id 1 without error, naming the JVM: an echo of our command would not be.
      {
        read: "chunk",
        match: [/^[\s\S]{4}\x00\x00\x00\x01\x80\x00\x00/, /Java Debug Wire Protocol/],
        extract: { version: /JVM version ([\w.+-]+)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          { on: /^JDWP-Handshake/, send: "JDWP-Handshake" },
          { on: /\x00\x00\x00\x0b\x00\x00\x00\x01\x00\x01\x01/, send: jdwpVersionReply },
        ],
        expect: { extracted: { version: "17.0.9" } },
      },
      // A debug port bound elsewhere: a web server that does not speak JDWP.
      clean: {
        replies: [{ on: /JDWP-Handshake/, send: "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", close: true }],
      },
    },
  },
  {
    kind: "service.unauthenticated.adb",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Android Debug Bridge accepts connections without authorization",
    severity: "critical",
    description:
      "The device's ADB daemon listens on the network and accepted a connection without key authorization: anyone " +
      "gets a shell on it, installs apps and reads its data (ADB over TCP is mass-exploited by botnets).",
    remediation:
      "Turn ADB over network off (setprop service.adb.tcp.port -1, or disable developer options), keep " +
      "ro.adb.secure=1, and firewall port 5555.",
    references: ["https://developer.android.com/tools/adb", ...REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    service: { name: "adb", ports: [5555] },
    product: "Android Debug Bridge",
    conversation: [
      { send: ADB_CNXN, show: "CNXN host::" },
      // CNXN back with the device's banner; an AUTH message asks for a key.
      {
        read: { until: /device::[^\x00]*;|^AUTH/ },
        identify: /^(CNXN|AUTH)/,
        match: [/^CNXN/, /device::/],
        extract: { model: /ro\.product\.model=([^;]+)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          {
            on: /^CNXN[\s\S]*host::/,
            send: adbMessage(
              "CNXN",
              "device::ro.product.name=x86_64;ro.product.model=SM-T510;ro.product.device=gta3xlwifi;features=shel" +
                "l_v2,cmd;",
            ),
          },
        ],
        expect: { extracted: { model: "SM-T510" } },
      },
      clean: { replies: [{ on: /^CNXN[\s\S]*host::/, send: adbMessage("AUTH", "0123456789abcdef0123") }] },
    },
  },
  {
    kind: "service.unauthenticated.socks-proxy",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "SOCKS proxy accepts clients without authentication",
    severity: "high",
    description:
      "The SOCKS5 server accepted the 'no authentication' method: anyone can relay connections through it, to the " +
      "internet in the owner's name or into the network behind it.",
    remediation:
      "Require user name and password authentication (Dante: socksmethod: username), restrict client addresses, " +
      "or bind the proxy to localhost; firewall port 1080.",
    references: ["https://www.rfc-editor.org/rfc/rfc1928#section-3", ...REFS],
    cwe: [306, 441],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:L/A:N",
    service: { name: "socks", ports: [1080, 1081, 9050] },
    product: "SOCKS5 proxy",
    conversation: [
      { send: Buffer.from([0x05, 0x01, 0x00]), show: "SOCKS5 greeting, methods: no authentication" },
      { read: "chunk", identify: /^\x05[\x00-\x02\xff]$/, match: /^\x05\x00$/ },
    ],
    fixtures: {
      vulnerable: { replies: [{ on: /^\x05\x01\x00/, send: Buffer.from([0x05, 0x00]) }] },
      clean: { replies: [{ on: /^\x05\x01\x00/, send: Buffer.from([0x05, 0xff]), close: true }] },
    },
  },
  {
    kind: "service.unauthenticated.http-proxy",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Open HTTP proxy: forwards requests for anyone",
    severity: "high",
    description:
      "The HTTP proxy fetched a page from another site (example.com) for an anonymous client: anyone can send " +
      "traffic through it, in the owner's name, and often reach the internal network behind it.",
    remediation:
      "Allow only your own networks (Squid: http_access allow localnet, then http_access deny all; Apache: " +
      "ProxyRequests Off unless needed, with Require ip), or require proxy authentication; firewall the port.",
    references: [
      "https://wiki.squid-cache.org/SquidFaq/SecurityPitfalls",
      "https://cwe.mitre.org/data/definitions/441.html",
    ],
    cwe: [441, 306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:L/A:N",
    service: { name: "http-proxy", ports: [3128, 8080, 8118, 8123] },
    product: [
      { pattern: /squid\/([\d.]+)/i, name: "Squid" },
      { pattern: /Privoxy/i, name: "Privoxy" },
      { pattern: /^HTTP\//, name: "HTTP proxy" },
    ],
    conversation: [
      { send: PROXY_REQUEST, show: "GET http://example.com/ through the proxy" },
      {
        read: { until: /<\/title>|\r\n\r\n[\s\S]*<\/html>/i },
        match: [/^HTTP\/1\.[01] 200 /, /<title>\s*Example Domain\s*<\/title>/i],
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          { on: /^GET http:\/\/example\.com\/ HTTP\/1\.1\r\n[\s\S]*\r\n\r\n/, send: EXAMPLE_PAGE, close: true },
        ],
      },
      clean: {
        replies: [
          { on: /^GET http:\/\/example\.com\/ HTTP\/1\.1\r\n[\s\S]*\r\n\r\n/, send: SQUID_DENIED, close: true },
        ],
      },
    },
  },
]);
