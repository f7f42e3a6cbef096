// Services that answer over UDP to anyone: the reflection and amplification sources of DDoS attacks (NTP monlist,
// memcached, SSDP, mDNS) and management protocols that leak about the host (NTP control, IPMI, NetBIOS); CLDAP is
// with LDAP in directory.ts.
// One small datagram each, on the service's usual port (the port scan sees TCP only); replies from other ports are
// not heard (connected sockets), and a reflector that sends our own datagram back proves nothing.
/* eslint-disable no-control-regex -- binary protocols (NTP, IPMI, DNS, NetBIOS) are matched byte by byte */
import { checks } from "../../declare.ts";

const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ""), "hex");
const AMPLIFICATION_REFS = [
  "https://www.cisa.gov/news-events/alerts/2014/01/17/udp-based-amplification-attacks",
  "https://cwe.mitre.org/data/definitions/406.html",
];
const AMPLIFIER = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:N/I:N/A:L";

/** NTP mode 7 (private) REQ_MON_GETLIST_1, implementation XNTPD. */
const NTP_MONLIST = hex("17 00 03 2a 00000000").toString("latin1") + "\0".repeat(40);
const monlistAnswer = Buffer.concat([hex("d7 00 03 2a 00 06 0048"), Buffer.alloc(72 * 6, 0x0a)]);
/** NTP mode 6 (control) READVAR for the system variables. */
const NTP_READVAR = hex("16 02 0001 0000 0000 0000 0000");
const readvarAnswer = (() => {
  const vars =
    'version="ntpd 4.2.8p15@1.3728-o Wed Sep 23 11:46:38 UTC 2020 (1)", processor="x86_64", ' +
    'system="Linux/5.10.0-28-amd64", leap=00, stratum=2, precision=-23, refid=192.0.2.10';
  const head = hex("16 82 0001 0000 0000 0000 0000");
  head.writeUInt16BE(vars.length, 10);
  return Buffer.concat([head, Buffer.from(vars, "latin1")]);
})();

/** memcached over UDP: the 8-byte frame header (request 1, sequence 0, 1 datagram), then the command. */
const MEMCACHED_STATS = Buffer.concat([hex("0001 0000 0001 0000"), Buffer.from("stats\r\n")]);

const SSDP_SEARCH =
  'M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: "ssdp:discover"\r\nMX: 1\r\nST: ssdp:all\r\n\r\n';

/** IPMI 1.5 Get Channel Authentication Capabilities, session-less (what ipmitool and nmap ask first). */
const IPMI_AUTH_CAPS = hex("0600ff07 00 00000000 00000000 09 20 18 c8 81 00 38 8e 04 b5");
const ipmiAnswer = hex("0600ff07 00 00000000 00000000 10 81 1c 63 20 00 38 00 01 97 04 03 00 00 00 00 09");

/** DNS-SD service enumeration over unicast mDNS: _services._dns-sd._udp.local PTR. */
const MDNS_QUERY = Buffer.concat([
  hex("0000 0000 0001 0000 0000 0000"),
  hex("095f7365727669636573075f646e732d7364045f756470056c6f63616c00 000c 0001"),
]);
const mdnsAnswer = Buffer.concat([
  hex("0000 8400 0000 0001 0000 0000"),
  hex("095f7365727669636573075f646e732d7364045f756470056c6f63616c00 000c 0001 00001194 0014"),
  hex("0c5f776f726b73746174696f6e045f746370c023"),
]);

/** NetBIOS node status (NBSTAT) for the wildcard name "*". */
const NBSTAT = hex(
  "80f0 0000 0001 0000 0000 0000 20 434b414141414141414141414141414141414141414141414141414141414141 00 0021 0001",
);
const nbstatAnswer = Buffer.concat([
  hex("80f0 8400 0000 0001 0000 0000 20 434b414141414141414141414141414141414141414141414141414141414141 00 0021 0001"),
  hex("00000000 0041 02"),
  Buffer.from("FILESRV01      \x00\x04\x00", "latin1"),
  Buffer.from("ACME           \x00\x84\x00", "latin1"),
  hex("00155d0a0b0c"),
  Buffer.alloc(6),
]);

export default checks([
  {
    kind: "service.ntp.monlist",
    category: "unauthenticated-service",
    protocol: "udp",
    title: "NTP server answers monlist (DDoS amplifier)",
    severity: "high",
    description:
      "The NTP server answers the mode 7 monlist query with the addresses of its last 600 clients: a few bytes in, " +
      "tens of kilobytes out, to any (spoofed) address. It is one of the largest DDoS amplifiers (CVE-2013-5211), " +
      "and the list itself discloses who uses the server.",
    remediation:
      'Upgrade ntpd (4.2.7+ removed monlist) or add "disable monitor" and "restrict default kod nomodify notrap ' +
      'nopeer noquery" to ntp.conf; consider chrony.',
    references: ["https://nvd.nist.gov/vuln/detail/CVE-2013-5211", ...AMPLIFICATION_REFS],
    cwe: [406],
    cvss: AMPLIFIER,
    service: { name: "ntp", ports: [123] },
    product: "ntpd",
    conversation: [
      { send: NTP_MONLIST, show: "NTP mode 7 MON_GETLIST_1" },
      // A mode 7 response to our request code, no error, at least one entry.
      { read: "chunk", match: /^[\x97\xd7][\s\S]\x03\x2a\x00[\x01-\xff]/ },
    ],
    fixtures: {
      vulnerable: { replies: [{ on: /^\x17\x00\x03\x2a/, send: monlistAnswer }] },
      // ntpd 4.2.8 with "restrict … noquery": no answer at all.
      clean: { replies: [] },
    },
  },
  {
    kind: "service.ntp.mode6",
    category: "unauthenticated-service",
    protocol: "udp",
    title: "NTP server answers control queries (mode 6)",
    severity: "low",
    description:
      "The NTP server answers mode 6 control queries (ntpq) from the internet: its exact version, operating system " +
      "and peers are disclosed, and the answers amplify traffic toward spoofed addresses.",
    remediation: 'Add "restrict default kod nomodify notrap nopeer noquery" (and the same for -6) to ntp.conf.',
    references: ["https://www.ntp.org/documentation/4.2.8-series/accopt/", ...AMPLIFICATION_REFS],
    cwe: [200, 406],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    service: { name: "ntp", ports: [123] },
    product: "ntpd",
    conversation: [
      { send: NTP_READVAR, show: "NTP mode 6 READVAR" },
      {
        read: "chunk",
        match: [/^[\x16\x1e\x0e][\x82\xa2\xc2]/, /version="/],
        extract: { version: /version="ntpd ([\w.]+)/, system: /system="([^"]+)"/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /^\x16\x02\x00\x01/, send: readvarAnswer }],
        expect: { extracted: { version: "4.2.8p15" } },
      },
      clean: { replies: [] },
    },
  },
  {
    kind: "service.memcached.udp",
    category: "unauthenticated-service",
    protocol: "udp",
    title: "Memcached answers over UDP (DDoS amplifier)",
    severity: "high",
    description:
      "Memcached answers commands over UDP from the internet: a 15-byte request can return a megabyte toward a " +
      "spoofed address (the record 1.7 Tbit/s attacks of 2018), and its cache is readable by anyone.",
    remediation:
      'Disable UDP ("-U 0", the default since 1.5.6), listen on a private interface ("-l 127.0.0.1"), and firewall ' +
      "port 11211.",
    references: ["https://github.com/memcached/memcached/wiki/ReleaseNotes156", ...AMPLIFICATION_REFS],
    cwe: [406, 306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:N/A:H",
    service: { name: "memcached", ports: [11211] },
    product: "Memcached",
    conversation: [
      { send: MEMCACHED_STATS, show: "stats (UDP frame 1/1)" },
      {
        read: "chunk",
        match: /^\x00\x01\x00\x00\x00[\x01-\xff]\x00\x00STAT pid \d+/,
        extract: { version: /STAT version ([\d.]+)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          {
            on: /stats\r\n/,
            send: Buffer.concat([
              hex("0001 0000 0001 0000"),
              Buffer.from("STAT pid 811\r\nSTAT uptime 3600\r\nSTAT version 1.4.25\r\nEND\r\n"),
            ]),
          },
        ],
        expect: { extracted: { version: "1.4.25" } },
      },
      clean: { replies: [] },
    },
  },
  {
    kind: "service.ssdp.exposed",
    category: "unauthenticated-service",
    protocol: "udp",
    title: "UPnP SSDP answers discovery from the internet",
    severity: "medium",
    description:
      "The device answers SSDP M-SEARCH discovery from the internet: it names its UPnP software and the address of " +
      "its device description (often an internal address), exposes UPnP services that may open ports on request, " +
      "and reflects traffic in amplification attacks.",
    remediation:
      "Disable UPnP on the WAN side of the router or device (and UPnP altogether where not needed), and firewall " +
      "UDP port 1900.",
    references: [
      "https://www.cisa.gov/news-events/alerts/2014/01/17/udp-based-amplification-attacks",
      "https://cwe.mitre.org/data/definitions/200.html",
    ],
    cwe: [406, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:N/A:L",
    service: { name: "ssdp", ports: [1900] },
    product: [{ pattern: /^SERVER:\s*([^\r\n]+)/im, name: "UPnP device" }],
    conversation: [
      { send: SSDP_SEARCH, show: "M-SEARCH * ST: ssdp:all" },
      {
        read: "chunk",
        match: [/^HTTP\/1\.1 200 OK\r\n/, /^USN:\s*uuid:/im, /^ST:\s*\S/im],
        extract: { server: /^SERVER:\s*([^\r\n]+)/im, location: /^LOCATION:\s*([^\r\n]+)/im },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          {
            on: /^M-SEARCH \* HTTP\/1\.1/,
            send:
              "HTTP/1.1 200 OK\r\nCACHE-CONTROL: max-age=120\r\nST: upnp:rootdevice\r\n" +
              "USN: uuid:6f3a4b2c-1d0e-4f5a-9b8c-7d6e5f4a3b2c::upnp:rootdevice\r\nEXT:\r\n" +
              "SERVER: Linux/3.14.77 UPnP/1.1 MiniUPnPd/2.1\r\nLOCATION: http://192.168.1.1:5000/rootDesc.xml\r\n\r\n",
          },
        ],
        expect: {
          extracted: {
            server: "Linux/3.14.77 UPnP/1.1 MiniUPnPd/2.1",
            location: "http://192.168.1.1:5000/rootDesc.xml",
          },
        },
      },
      clean: { replies: [] },
    },
  },
  {
    kind: "service.ipmi.exposed",
    category: "unauthenticated-service",
    protocol: "udp",
    title: "IPMI (server management controller) reachable from the internet",
    severity: "high",
    description:
      "The server's baseboard management controller answers IPMI over the internet. IPMI 2.0 hands a salted hash " +
      "of any user's password to whoever asks (RAKP, CVE-2013-4786), many BMCs accept cipher 0 (no password), and " +
      "the BMC controls power, console and firmware below the operating system.",
    remediation:
      "Put BMCs on a dedicated management network or VPN only, disable IPMI over LAN where the web or Redfish " +
      "interface is enough, disable cipher suite 0, and use long unique passwords.",
    references: [
      "https://nvd.nist.gov/vuln/detail/CVE-2013-4786",
      "https://www.cisa.gov/news-events/alerts/2013/07/26/risks-using-intelligent-platform-management-interface-ipmi",
      "https://cwe.mitre.org/data/definitions/284.html",
    ],
    cwe: [284],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    service: { name: "ipmi", ports: [623] },
    product: "IPMI BMC",
    conversation: [
      { send: IPMI_AUTH_CAPS, show: "IPMI Get Channel Authentication Capabilities" },
      // The BMC's response (netFn App response, 0x1c) to command 0x38 with completion code 0.
      { read: "chunk", match: /^\x06\x00\xff\x07[\s\S]{10}\x81\x1c[\s\S]{3}\x38\x00/ },
    ],
    fixtures: {
      vulnerable: { replies: [{ on: /^\x06\x00\xff\x07[\s\S]*\x38\x8e/, send: ipmiAnswer }] },
      clean: { replies: [] },
    },
  },
  {
    kind: "service.mdns.exposed",
    category: "unauthenticated-service",
    protocol: "udp",
    title: "Multicast DNS answers queries from the internet",
    severity: "medium",
    description:
      "The host answers mDNS (DNS-SD) queries sent to it from the internet: it lists the services it announces on " +
      "its local network (names, printers, file shares) and reflects traffic in amplification attacks.",
    remediation:
      "Firewall UDP port 5353 from the internet; mDNS is meant for the local link only (Avahi: deny-interfaces).",
    references: ["https://www.rfc-editor.org/rfc/rfc6762#section-11", ...AMPLIFICATION_REFS],
    cwe: [406, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:N/A:L",
    service: { name: "mdns", ports: [5353] },
    product: "mDNS responder",
    conversation: [
      { send: MDNS_QUERY, show: "query _services._dns-sd._udp.local PTR" },
      // A response (QR, authoritative) with at least one answer; our own query sent back would have QR clear.
      {
        read: "chunk",
        match: /^[\s\S]{2}\x84\x00\x00[\x00\x01]\x00[\x01-\xff]/,
        extract: { service: /\x0c(_[\w-]+)\x04_(?:tcp|udp)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /_services\x07_dns-sd/, send: mdnsAnswer }],
        expect: { extracted: { service: "_workstation" } },
      },
      clean: { replies: [] },
    },
  },
  {
    kind: "service.netbios.exposed",
    category: "unauthenticated-service",
    protocol: "udp",
    title: "NetBIOS name service answers from the internet",
    severity: "medium",
    description:
      "The host answers NetBIOS node status queries from the internet with its machine and workgroup or domain " +
      "names and its network card's address, which helps target it and the Windows network behind it.",
    remediation: "Firewall UDP 137-138 and TCP 139 from the internet, and disable NetBIOS over TCP/IP where unused.",
    references: [
      "https://www.rfc-editor.org/rfc/rfc1002#section-4.2.18",
      "https://cwe.mitre.org/data/definitions/200.html",
    ],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    service: { name: "netbios-ns", ports: [137] },
    product: "NetBIOS name service",
    conversation: [
      { send: NBSTAT, show: "NBSTAT query for *" },
      {
        read: "chunk",
        match: /^\x80\xf0\x84\x00\x00\x00\x00\x01[\s\S]{38}\x00\x21\x00\x01[\s\S]{6}[\x01-\x7f][\x21-\x7e]/,
        extract: { name: /\x00\x21\x00\x01[\s\S]{6}[\x01-\x7f]([\x21-\x7e]+(?: [\x21-\x7e]+)*)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /^\x80\xf0\x00\x00/, send: nbstatAnswer }],
        expect: { extracted: { name: "FILESRV01" } },
      },
      clean: { replies: [] },
    },
  },
  {
    kind: "service.coap.exposed",
    category: "unauthenticated-service",
    protocol: "udp",
    title: "CoAP (IoT) endpoint answers from the internet",
    severity: "medium",
    description:
      "The device answers CoAP requests from the internet, listing its resources (/.well-known/core): IoT sensors " +
      "and actuators often allow reading and changing them without authentication, and CoAP replies amplify " +
      "traffic toward spoofed addresses.",
    remediation: "Firewall UDP 5683/5684 from the internet, and require DTLS (coaps) with credentials on the device.",
    references: ["https://www.rfc-editor.org/rfc/rfc7252#section-11.3", ...AMPLIFICATION_REFS],
    cwe: [406, 306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:N/A:L",
    service: { name: "coap", ports: [5683] },
    product: "CoAP device",
    conversation: [
      // Confirmable GET, message id 0x04d2, Uri-Path ".well-known" / "core".
      { send: hex("4001 04d2 bb 2e77656c6c2d6b6e6f776e 04 636f7265"), show: "CoAP GET /.well-known/core" },
      // An acknowledgement of our message id with 2.05 Content and a link-format payload.
      {
        read: "chunk",
        match: [/^[\x60-\x6f]\x45\x04\xd2/, /\xff<\/[^>]*>/],
        extract: { resources: /\xff([\x20-\x7e]{1,200})/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          {
            on: /^\x40\x01\x04\xd2/,
            send: Buffer.concat([
              hex("6045 04d2 c1 28 ff"),
              Buffer.from('</sensors/temp>;rt="temperature",</actuators/relay>;if="core.a"'),
            ]),
          },
        ],
        expect: { extracted: { resources: '</sensors/temp>;rt="temperature",</actuators/relay>;if="core.a"' } },
      },
      clean: { replies: [] },
    },
  },
  {
    kind: "service.chargen.exposed",
    category: "unauthenticated-service",
    protocol: "udp",
    title: "Character generator (chargen) answers over UDP (DDoS amplifier)",
    severity: "medium",
    description:
      "The host runs the chargen service on UDP port 19: any datagram is answered with a line of characters, up " +
      "to hundreds of times its size, which attackers use to amplify floods toward spoofed addresses. Nothing " +
      "legitimate needs it today.",
    remediation: "Disable chargen (inetd/xinetd: chargen-dgram disable = yes; Windows: Simple TCP/IP Services off).",
    references: ["https://www.rfc-editor.org/rfc/rfc864", ...AMPLIFICATION_REFS],
    cwe: [406],
    cvss: AMPLIFIER,
    service: { name: "chargen", ports: [19] },
    product: "chargen",
    conversation: [
      { send: "\n", show: "(an empty line)" },
      // A line of at least 72 printable characters, the rotating pattern of RFC 864.
      { read: "chunk", match: /^[\x20-\x7e]{72,}\r?\n/ },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          { on: /^\n$/, send: "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefgh\r\n" },
        ],
      },
      clean: { replies: [] },
    },
  },
]);
