// What usually listens on a port, what a banner says it is, and how bad it
// is to find it open on the internet.
import type { Severity } from "./types.ts";

/** Well-known TCP ports (names as nmap-services and IANA spell them). */
export const WELL_KNOWN_PORTS: Readonly<Record<number, string>> = Object.freeze({
  7: "echo",
  13: "daytime",
  19: "chargen",
  20: "ftp-data",
  21: "ftp",
  22: "ssh",
  23: "telnet",
  25: "smtp",
  37: "time",
  43: "whois",
  53: "domain",
  69: "tftp",
  79: "finger",
  80: "http",
  81: "http",
  88: "kerberos",
  110: "pop3",
  111: "rpcbind",
  113: "ident",
  119: "nntp",
  123: "ntp",
  135: "msrpc",
  137: "netbios-ns",
  139: "netbios-ssn",
  143: "imap",
  161: "snmp",
  179: "bgp",
  389: "ldap",
  443: "https",
  445: "microsoft-ds",
  465: "smtps",
  500: "isakmp",
  512: "exec",
  513: "login",
  514: "shell",
  515: "printer",
  548: "afp",
  554: "rtsp",
  587: "submission",
  631: "ipp",
  636: "ldaps",
  873: "rsync",
  989: "ftps-data",
  990: "ftps",
  992: "telnets",
  993: "imaps",
  995: "pop3s",
  1080: "socks",
  1194: "openvpn",
  1433: "ms-sql-s",
  1434: "ms-sql-m",
  1521: "oracle",
  1723: "pptp",
  1883: "mqtt",
  2049: "nfs",
  2181: "zookeeper",
  2375: "docker",
  2376: "docker-tls",
  2379: "etcd",
  2380: "etcd-peer",
  3000: "http",
  3128: "squid-http",
  3268: "globalcatLDAP",
  3269: "globalcatLDAPssl",
  3306: "mysql",
  3389: "ms-wbt-server",
  4369: "epmd",
  4443: "https",
  5000: "http",
  5060: "sip",
  5061: "sips",
  5432: "postgresql",
  5601: "kibana",
  5672: "amqp",
  5800: "vnc-http",
  5900: "vnc",
  5901: "vnc",
  5902: "vnc",
  5903: "vnc",
  5984: "couchdb",
  5985: "wsman",
  5986: "wsmans",
  6000: "X11",
  6379: "redis",
  6443: "kubernetes-api",
  6667: "irc",
  7001: "http",
  7474: "neo4j",
  8000: "http",
  8008: "http",
  8080: "http-proxy",
  8081: "http",
  8086: "influxdb",
  8443: "https-alt",
  8883: "secure-mqtt",
  8888: "http",
  9000: "http",
  9042: "cassandra",
  9090: "http",
  9092: "kafka",
  9100: "jetdirect",
  9200: "elasticsearch",
  9300: "elasticsearch",
  9443: "https",
  10000: "snet-sensor-mgmt",
  10250: "kubelet",
  11211: "memcached",
  15672: "rabbitmq-management",
  27017: "mongodb",
  27018: "mongodb",
  50000: "ibm-db2",
});

/** Ports that normally speak TLS from the first byte. */
export const TLS_PORTS: ReadonlySet<number> = new Set([
  443, 465, 636, 853, 989, 990, 992, 993, 995, 2376, 3269, 4443, 5061, 5986, 6443, 8443, 8883, 9443, 10250,
]);
/** TLS ports that carry HTTP. */
export const HTTPS_PORTS: ReadonlySet<number> = new Set([443, 2376, 4443, 5986, 6443, 8443, 9443, 10250]);
/** Plain-text ports that normally carry HTTP. */
export const HTTP_PORTS: ReadonlySet<number> = new Set([
  80, 81, 591, 2375, 3000, 5000, 5601, 5800, 5984, 7001, 8000, 8008, 8080, 8081, 8086, 8088, 8888, 9000, 9090, 9200,
  15672,
]);

/** A service guess from what the port said (first bytes, or the answer to our HEAD), else null. */
export function serviceFromBanner(raw: Buffer, port: number, overTls: boolean): string | null {
  if (!raw.length) return null;
  const text = raw.toString("latin1");
  if (text.startsWith("HTTP/")) return overTls ? "https" : "http";
  if (/^SSH-\d/.test(text)) return "ssh";
  if (raw[0] === 0xff && raw.length >= 3 && raw[1]! >= 0xfb && raw[1]! <= 0xfe) return "telnet";
  if (/^RFB \d{3}\.\d{3}/.test(text)) return "vnc";
  if (/^\+OK/.test(text)) return overTls ? "pop3s" : "pop3";
  if (/^\* (OK|PREAUTH)/.test(text)) return overTls ? "imaps" : "imap";
  if (/^220[ -]/.test(text)) {
    if (/ftp/i.test(text)) return overTls ? "ftps" : "ftp";
    if (/smtp|mail|postfix|exim|sendmail|mta/i.test(text) || [25, 465, 587, 2525].includes(port))
      return overTls ? "smtps" : "smtp";
    return overTls ? "ftps" : "ftp";
  }
  if (/^AMQP/.test(text)) return "amqp";
  if (/^-(ERR|NOAUTH|DENIED)/.test(text) || /^\$\d+\r\n/.test(text)) return "redis";
  if (/^ERROR\r\n/.test(text) && port === 11211) return "memcached";
  // MySQL/MariaDB greeting: 3-byte length, sequence 0, protocol 10, "5.7.44\0"…
  if (raw.length > 5 && raw[3] === 0 && raw[4] === 0x0a && /^\d+\.\d+/.test(raw.subarray(5).toString("latin1")))
    return "mysql";
  if (raw.length > 5 && raw[3] === 0 && raw[4] === 0xff) return "mysql";
  // A TLS alert in answer to our plain-text probe.
  if (raw[0] === 0x15 && raw[1] === 0x03) return "ssl";
  return null;
}

/** The banner as text people can read: printable ASCII, other bytes as \xNN, at most 512 characters. */
export function printableBanner(raw: Buffer): string | null {
  let out = "";
  for (const b of raw.subarray(0, 512)) {
    if (b === 0x0d) continue;
    if (b === 0x0a) out += "\n";
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else if (b === 0x09) out += "\t";
    else out += `\\x${b.toString(16).padStart(2, "0")}`;
    if (out.length >= 512) break;
  }
  out = out.trim();
  return out ? out.slice(0, 512) : null;
}

/** What a port is for, from the table below: the categories GET /app/ports names and ranks by. */
export const PORT_CATEGORIES = [
  "database",
  "cleartext-login",
  "remote-desktop",
  "file-sharing",
  "admin-api",
  "remote-login",
  "infrastructure",
  "web",
  "other",
] as const;
export type PortCategory = (typeof PORT_CATEGORIES)[number];
/** The categories that should never face the internet (their open ports are high-severity issues). */
export const DANGEROUS_PORT_CATEGORIES = [
  "database",
  "cleartext-login",
  "remote-desktop",
  "file-sharing",
  "admin-api",
] as const satisfies PortCategory[];

export interface PortRisk {
  category: PortCategory;
  severity: Severity;
  what: string;
  why: string;
  fix: string;
}

const DATABASE: PortRisk = {
  category: "database",
  severity: "high",
  what: "a database or data store",
  why:
    "Data stores are meant for the application servers next to them. Reachable from the internet they are " +
    "brute-forced, hit by exploits for their known vulnerabilities, and some (Redis, Memcached, Elasticsearch, " +
    "MongoDB in older setups) answer without any password.",
  fix:
    "Bind it to a private interface or put it behind a firewall that only admits the application servers; require " +
    "authentication and TLS.",
};
const CLEARTEXT: PortRisk = {
  category: "cleartext-login",
  severity: "high",
  what: "a clear-text login service",
  why: "Credentials and data travel unencrypted and the service is a classic brute-force target.",
  fix: "Turn it off and use SSH/SFTP (or FTPS) instead; if it must stay, restrict it by firewall to known addresses.",
};
const REMOTE_DESKTOP: PortRisk = {
  category: "remote-desktop",
  severity: "high",
  what: "a remote desktop service",
  why:
    "Remote desktop services exposed to the internet are among the first things ransomware crews brute-force and " +
    "exploit.",
  fix: "Reach it through a VPN or a gateway with multi-factor authentication, and close the port to the internet.",
};
const FILE_SHARING: PortRisk = {
  category: "file-sharing",
  severity: "high",
  what: "a file-sharing or RPC service",
  why:
    "These protocols were built for local networks; exposed, they leak shares and user information and have a " +
    "long history of wormable vulnerabilities.",
  fix: "Block the port at the firewall; share files over a VPN or an authenticated HTTPS service.",
};
const ADMIN_API: PortRisk = {
  category: "admin-api",
  severity: "high",
  what: "an administration API",
  why:
    "Whoever reaches an unauthenticated container or cluster API controls the host: it is a direct path to remote " +
    "code execution.",
  fix:
    "Never expose it to the internet; keep it on a local socket or a private network, with mutual TLS " +
    "authentication.",
};
const REMOTE_LOGIN: PortRisk = {
  category: "remote-login",
  severity: "medium",
  what: "a remote login or mail service",
  why: "It is a standing brute-force target and every vulnerability in it is reachable by anyone.",
  fix:
    "Keep it patched; restrict it to the addresses that need it; for SSH, allow keys only (no passwords) and " +
    "disable root login.",
};
const INFRA: PortRisk = {
  category: "infrastructure",
  severity: "medium",
  what: "an infrastructure service",
  why: "It widens the attack surface and often reveals versions and internal details.",
  fix: "Close the port unless the internet must reach it, and keep the service patched.",
};
const WEB: PortRisk = {
  category: "web",
  severity: "info",
  what: "a web server",
  why: "Serving a website is what this port is for; the HTTP and TLS checks look at what it serves.",
  fix: "Nothing to do if this site should be public.",
};
const OTHER: PortRisk = {
  category: "other",
  severity: "low",
  what: "a network service",
  why: "Every open port is attack surface; a service nobody remembers is one nobody patches.",
  fix: "Check what listens there (the banner may tell) and close the port if the internet does not need it.",
};

const BY_PORT: Record<number, PortRisk> = {};
const set = (risk: PortRisk, ports: number[]) => ports.forEach((p) => (BY_PORT[p] = risk));
set(
  DATABASE,
  [
    1433, 1434, 1521, 2181, 2379, 2380, 3306, 5432, 5984, 6379, 7474, 8086, 9042, 9200, 9300, 11211, 27017, 27018,
    28017, 50000,
  ],
);
set(CLEARTEXT, [21, 23, 512, 513, 514, 69]);
set(REMOTE_DESKTOP, [3389, 5800, 5900, 5901, 5902, 5903, 6000]);
set(FILE_SHARING, [111, 135, 137, 139, 445, 548, 873, 2049]);
set(ADMIN_API, [2375, 2376, 4243, 6443, 10250, 10255, 5985, 5986]);
set(REMOTE_LOGIN, [22, 25, 110, 143, 465, 587, 993, 995, 1194, 1723]);
set(INFRA, [53, 161, 389, 636, 1080, 1883, 3128, 4369, 5060, 5061, 5672, 8883, 9092, 15672, 5601]);
set(WEB, [80, 443, 8080, 8443, 8000, 8008, 8888, 81, 4443, 9443]);

const BY_SERVICE: Record<string, PortRisk> = {
  ssh: REMOTE_LOGIN,
  smtp: REMOTE_LOGIN,
  smtps: REMOTE_LOGIN,
  pop3: REMOTE_LOGIN,
  pop3s: REMOTE_LOGIN,
  imap: REMOTE_LOGIN,
  imaps: REMOTE_LOGIN,
  telnet: CLEARTEXT,
  ftp: CLEARTEXT,
  vnc: REMOTE_DESKTOP,
  mysql: DATABASE,
  redis: DATABASE,
  memcached: DATABASE,
  amqp: INFRA,
  http: WEB,
  https: WEB,
};

const rank = (s: Severity) => ["info", "low", "medium", "high", "critical"].indexOf(s);

/**
 * The riskier of what the port number and what the banner suggest (Elasticsearch on 9200 speaks HTTP and stays high).
 */
export function portRisk(port: number, service: string | null): PortRisk {
  const byPort = BY_PORT[port];
  const byService = service ? BY_SERVICE[service] : undefined;
  if (byPort && byService) return rank(byService.severity) > rank(byPort.severity) ? byService : byPort;
  return byService ?? byPort ?? OTHER;
}
