// Industrial control protocols reachable from the internet: Modbus/TCP, Siemens S7comm, EtherNet/IP (CIP) and
// BACnet/IP have no authentication, so answering at all proves that anyone can read and command the device. Each is
// asked to identify itself only (never a write, never a control function).
/* eslint-disable no-control-regex -- industrial protocols are matched byte by byte */
import { checks } from "../../declare.ts";

const ICS_REFS = [
  "https://www.cisa.gov/news-events/cybersecurity-advisories/aa22-103a",
  "https://cwe.mitre.org/data/definitions/306.html",
];
/** No authentication in the protocol: whoever reaches it can also write (coils, registers, programs). */
const ICS_CVSS = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:L/I:H/A:H";
const ICS_CURE =
  "Take the controller off the internet: put it behind a firewall on an isolated OT network reachable only through " +
  "a VPN or a jump host (IEC 62443 zones and conduits), and enable the protocol's access protection where the " +
  "device has one";
const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ""), "hex");

/** Modbus Read Device Identification (function 43, MEI 14, basic objects). */
const MODBUS_ID = hex("0001 0000 0005 00 2b 0e 01 00");
const modbusAnswer = (() => {
  const objects = [
    ["Schneider Electric", 0],
    ["BMX P34 2020", 1],
    ["v2.70", 2],
  ] as const;
  const body = Buffer.concat([
    hex("00 2b 0e 01 01 00 00 03"),
    ...objects.map(([v, id]) => Buffer.concat([Buffer.from([id, v.length]), Buffer.from(v)])),
  ]);
  return Buffer.concat([hex("0001 0000"), Buffer.from([0, body.length]), body]);
})();
/** ISO-COTP connection request to rack 0 slot 2 (TSAP 0x0102), then S7 Setup Communication. */
const COTP_CR = hex("0300 0016 11e0 0000 0001 00c0 010a c102 0100 c202 0102");
const COTP_CC = hex("0300 0016 11d0 0001 0001 00c0 010a c102 0100 c202 0102");
const S7_SETUP = hex("0300 0019 02f0 8032 0100 0000 0000 0800 00f0 0000 0100 0101 e0");
const S7_SETUP_ACK = hex("0300 001b 02f0 8032 0300 0000 0000 0800 0000 00f0 0000 0100 0100 f0");
/** EtherNet/IP encapsulation: ListIdentity (0x63), no session. */
const ENIP_LIST_IDENTITY = hex("6300 0000 00000000 00000000 0000000000000000 00000000");
const enipAnswer = (() => {
  const name = "1756-L71/B LOGIX5571";
  const item = Buffer.concat([
    hex("0100"), // encapsulation version
    hex("0002af12c0a8010a0000000000000000"), // socket address
    hex("0100 0e00 3600 1403 6000 a1b2c3d4"), // vendor 1 (Rockwell), type, product code, revision, status, serial
    Buffer.from([name.length]),
    Buffer.from(name),
    hex("03"), // state
  ]);
  const data = Buffer.concat([hex("0100 0c00"), Buffer.from([item.length, 0]), item]);
  return Buffer.concat([
    hex("6300"),
    Buffer.from([data.length, 0]),
    hex("00000000 00000000 0000000000000000 00000000"),
    data,
  ]);
})();
/** BACnet/IP ReadProperty of the wildcard device's object-identifier (what nmap's bacnet-info asks first). */
const BACNET_READ = hex("810a 0011 0104 0005 010c 0c02 3fffff 194b");
const BACNET_ACK = hex("810a 0014 0100 3001 0c0c 0200 04d2 194b 3ec4 0200 04d2 3f");

export default checks([
  {
    kind: "service.ics.modbus",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Modbus/TCP controller reachable from the internet",
    severity: "critical",
    description:
      "A Modbus/TCP device answered from the internet. Modbus has no authentication: anyone who reaches it reads " +
      "and writes the controller's coils and registers, changing the physical process it drives.",
    remediation: `${ICS_CURE}.`,
    references: ["https://www.modbus.org/docs/Modbus_Application_Protocol_V1_1b3.pdf", ...ICS_REFS],
    cwe: [306],
    cvss: ICS_CVSS,
    service: { name: "modbus", ports: [502] },
    product: "Modbus device",
    conversation: [
      { send: MODBUS_ID, show: "Modbus Read Device Identification (function 43/14)" },
      // Our transaction, then either the identification (conformity level 1-3, 0x81-0x83) or an exception (0xab).
      {
        read: "chunk",
        identify: /^\x00\x01\x00\x00[\s\S]{3}(\x2b\x0e\x01[\x01-\x03\x81-\x83]|\xab[\x01-\x0b])/,
        match: /^\x00\x01\x00\x00[\s\S]{3}(\x2b\x0e\x01[\x01-\x03\x81-\x83]|\xab[\x01-\x0b])/,
        extract: {
          vendor: /\x2b\x0e\x01[\s\S]{4}\x00[\s\S]([\x20-\x7e]+)/,
          product: /\x01[\x01-\x7f]([\x20-\x7e]+)\x02/,
        },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /\x2b\x0e\x01\x00$/, send: modbusAnswer }],
        expect: { extracted: { vendor: "Schneider Electric" } },
      },
      clean: { replies: [] },
    },
  },
  {
    kind: "service.ics.s7comm",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Siemens S7 PLC reachable from the internet (S7comm)",
    severity: "critical",
    description:
      "A Siemens S7 controller accepted an ISO-on-TCP connection and an S7 communication setup from the internet: " +
      "without a protection level, anyone reads its memory, stops it or loads a new program (as Stuxnet did).",
    remediation:
      `${ICS_CURE} (S7: protection level 3 "no access" with a password, ` + "and on S7-1200/1500 disable PUT/GET).",
    references: ["https://support.industry.siemens.com/cs/document/109475014", ...ICS_REFS],
    cwe: [306],
    cvss: ICS_CVSS,
    service: { name: "iso-tsap", ports: [102] },
    product: "Siemens S7 PLC",
    conversation: [
      { send: COTP_CR, show: "TPKT/COTP connection request (rack 0, slot 2)" },
      { read: "chunk", identify: /^\x03\x00[\s\S]{2}[\s\S]\xd0/, match: /^\x03\x00[\s\S]{2}[\s\S]\xd0/ },
      { send: S7_SETUP, show: "S7 Setup Communication" },
      // An S7 Ack-Data (ROSCTR 3) with no error class.
      { read: "chunk", match: /^\x03\x00[\s\S]{2}\x02\xf0\x80\x32\x03[\s\S]{6}\x00\x00/ },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          { on: /^\x03\x00\x00\x16\x11\xe0/, send: COTP_CC },
          { on: /\x32\x01[\s\S]*\xe0$/, send: S7_SETUP_ACK },
        ],
      },
      clean: { replies: [] },
    },
  },
  {
    kind: "service.ics.ethernet-ip",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "EtherNet/IP (CIP) device reachable from the internet",
    severity: "critical",
    description:
      "An EtherNet/IP device (Rockwell/Allen-Bradley and others) answered ListIdentity from the internet with its " +
      "vendor, product and serial number. CIP has no authentication by default: anyone can read tags, change " +
      "them and reset or reprogram the controller.",
    remediation: `${ICS_CURE} (Logix: CIP Security, and the controller's key switch in RUN).`,
    references: ["https://www.odva.org/technology-standards/key-technologies/ethernet-ip/", ...ICS_REFS],
    cwe: [306],
    cvss: ICS_CVSS,
    service: { name: "ethernet-ip", ports: [44818] },
    product: "EtherNet/IP device",
    conversation: [
      { send: ENIP_LIST_IDENTITY, show: "EtherNet/IP ListIdentity" },
      {
        read: "chunk",
        identify: /^\x63\x00[\s\S]{2}\x00\x00\x00\x00/,
        match: /^\x63\x00[\s\S]{2}\x00\x00\x00\x00[\s\S]{16}[\x01-\x04]\x00\x0c\x00/,
        extract: { product: /\x0c\x00[\s\S]{2}\x01\x00[\s\S]{30}[\s\S]([\x20-\x7e]{3,})/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /^\x63\x00\x00\x00/, send: enipAnswer }],
        expect: { extracted: { product: "1756-L71/B LOGIX5571" } },
      },
      clean: { replies: [] },
    },
  },
  {
    kind: "service.ics.bacnet",
    category: "unauthenticated-service",
    protocol: "udp",
    title: "BACnet building controller reachable from the internet",
    severity: "high",
    description:
      "A BACnet/IP device (building automation: heating, ventilation, access, lighting) answered a ReadProperty " +
      "from the internet. BACnet has no authentication in practice: anyone reads and writes its points and " +
      "schedules, and can command the equipment.",
    remediation: `${ICS_CURE} (BACnet/SC where the devices support it).`,
    references: ["https://www.ashrae.org/technical-resources/bookstore/bacnet", ...ICS_REFS],
    cwe: [306],
    cvss: ICS_CVSS,
    service: { name: "bacnet", ports: [47808] },
    product: "BACnet device",
    conversation: [
      { send: BACNET_READ, show: "BACnet ReadProperty (device, object-identifier)" },
      // A BVLC unicast NPDU carrying a Complex-ACK (0x30) or an Error (0x50) PDU: a BACnet stack answered.
      { read: "chunk", match: /^\x81\x0a[\s\S]{2}\x01[\x00-\x0f][\x30\x50]/ },
    ],
    fixtures: { vulnerable: { replies: [{ on: /^\x81\x0a\x00\x11/, send: BACNET_ACK }] }, clean: { replies: [] } },
  },
]);
