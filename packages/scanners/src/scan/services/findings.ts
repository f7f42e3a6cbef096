// The finding for a service that served us without credentials: one kind per
// service (`service.unauthenticated.<service>`), with what it is, why it
// matters and how to fix it, and the conversation as evidence.
import { hostForUrl } from "../../http.ts";
import type { HttpResult } from "../../http.ts";
import { httpEvidence } from "../evidence.ts";
import type { ScanFinding, Severity } from "../types.ts";
import type { ServiceAnswer } from "./probes.ts";

interface Advice {
  name: string;
  severity: Severity;
  what: string;
  why: string;
  fix: string;
}

const DATASTORE_WHY =
  "Anyone on the internet can read, change or delete the data; unauthenticated data stores are found by automated " +
  "scans within hours and are routinely wiped and held to ransom.";

const ADVICE: Record<string, Advice> = {
  redis: {
    name: "Redis",
    severity: "critical",
    what: "answered PING and INFO without a password",
    why:
      `${DATASTORE_WHY} An open Redis is also a path to code execution on the host (CONFIG SET dir/dbfilename, ` +
      "MODULE LOAD, replication to a rogue master).",
    fix:
      'Bind it to a private interface ("bind 127.0.0.1 ::1"), keep "protected-mode yes", require authentication ' +
      '(ACL users or "requirepass"), and firewall port 6379.',
  },
  memcached: {
    name: "Memcached",
    severity: "critical",
    what: "answered stats without authentication",
    why:
      `${DATASTORE_WHY} Cached sessions and tokens can be read or forged, and an exposed memcached amplifies ` +
      "denial-of-service attacks (UDP).",
    fix: 'Listen on a private interface only ("-l 127.0.0.1", "-U 0"), firewall port 11211, enable SASL or -Y auth.',
  },
  ftp: {
    name: "FTP",
    severity: "high",
    what: "accepted an anonymous login",
    why:
      "Anyone can list and download the files it serves (often backups and internal documents), and if anonymous " +
      "upload is allowed, use the server to host malware.",
    fix:
      'Turn anonymous access off (vsftpd "anonymous_enable=NO", ProFTPD: remove the <Anonymous> block) and prefer ' +
      "SFTP; if public downloads are intended, serve them over HTTPS instead.",
  },
  mongodb: {
    name: "MongoDB",
    severity: "critical",
    what: "listed its databases without authentication",
    why: DATASTORE_WHY,
    fix:
      'Enable access control ("security.authorization: enabled"), bind to a private interface ("net.bindIp"), ' +
      "and firewall port 27017.",
  },
  elasticsearch: {
    name: "Elasticsearch",
    severity: "critical",
    what: "listed its indices without authentication",
    why: `${DATASTORE_WHY} Search clusters often hold logs and customer records in bulk.`,
    fix:
      'Enable security ("xpack.security.enabled: true" with passwords or API keys; OpenSearch: the security ' +
      'plugin), bind HTTP to a private interface ("network.host"), and firewall port 9200.',
  },
};

export function unauthenticatedFinding(
  a: ServiceAnswer,
  where: { host: string; address: string; port: number },
  http?: HttpResult,
): ScanFinding {
  const advice = ADVICE[a.service]!;
  const at = `${hostForUrl(where.host)}:${where.port}`;
  const common = { product: a.product, version: a.version, transcript: a.transcript, ...a.details };
  return {
    scanner: "port-scan",
    kind: `service.unauthenticated.${a.service}`,
    severity: advice.severity,
    title: `${advice.name} ${advice.what} (${a.product})`,
    description: `${a.product} on ${at} ${advice.what}. ${advice.why} ${advice.fix}`,
    port: where.port,
    evidence: http
      ? httpEvidence(http, a.matched, common)
      : { url: `tcp://${at}`, address: where.address, matched: a.matched, ...common },
  };
}
