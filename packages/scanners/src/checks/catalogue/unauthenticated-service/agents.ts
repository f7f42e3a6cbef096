// Back-end agents and work queues that take requests from anyone: Tomcat's AJP connector, Zabbix and Munin agents,
// beanstalkd and Gearman job queues, and raw network printing (JetDirect/PJL). Each asked one read-only question.
/* eslint-disable no-control-regex -- AJP and Zabbix frames are matched byte by byte */
import { checks } from "../../declare.ts";

const REFS = ["https://cwe.mitre.org/data/definitions/306.html"];
/** Zabbix protocol header ("ZBXD", flags 1) and an 8-byte little-endian length, then the key. */
const zabbix = (payload: string) => {
  const head = Buffer.alloc(13);
  head.write("ZBXD\x01", 0, "latin1");
  head.writeUInt32LE(payload.length, 5);
  return Buffer.concat([head, Buffer.from(payload, "latin1")]);
};

export default checks([
  {
    kind: "service.ajp.exposed",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Tomcat AJP connector reachable (Ghostcat)",
    severity: "high",
    description:
      "Tomcat's AJP connector answers from the internet. AJP trusts its client as a front-end proxy: through it " +
      "anyone reads any file of the web applications (Ghostcat, CVE-2020-1938) and, where uploads exist, runs " +
      "code; it also bypasses the front end's access rules.",
    remediation:
      "Disable the AJP connector in server.xml if no proxy uses it; otherwise bind it to localhost (address=" +
      '"127.0.0.1"), set a secret (secretRequired="true"), upgrade Tomcat (9.0.31+), and firewall port 8009.',
    references: [
      "https://nvd.nist.gov/vuln/detail/CVE-2020-1938",
      "https://tomcat.apache.org/tomcat-9.0-doc/config/ajp.html",
      ...REFS,
    ],
    cwe: [306, 284],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    service: { name: "ajp13", ports: [8009] },
    product: "Apache Tomcat (AJP)",
    conversation: [
      // CPing (type 10), answered by CPong (AB, length 1, type 9).
      { send: Buffer.from("123400010a", "hex"), show: "AJP13 CPing" },
      { read: "chunk", identify: /^AB\x00\x01\x09/, match: /^AB\x00\x01\x09/ },
    ],
    fixtures: {
      vulnerable: { replies: [{ on: /^\x12\x34\x00\x01\x0a/, send: Buffer.from("4142000109", "hex") }] },
      // The port behind a firewall rule answers nothing; an HTTP server there answers a 400.
      clean: {
        replies: [
          {
            on: /[\s\S]/,
            send: "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            close: true,
          },
        ],
      },
    },
  },
  {
    kind: "service.unauthenticated.zabbix-agent",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Zabbix agent answers anyone",
    severity: "high",
    description:
      "The Zabbix agent answers item requests from any address instead of only its Zabbix server: anyone reads the " +
      "host's metrics, processes, files and configuration through agent keys, and runs commands where " +
      "system.run is allowed.",
    remediation:
      "Set Server= (and ServerActive=) in zabbix_agentd.conf to the Zabbix server's address only, keep " +
      "AllowKey=system.run[*] off, use PSK or certificate encryption (TLSAccept), and firewall port 10050.",
    references: ["https://www.zabbix.com/documentation/current/en/manual/appendix/config/zabbix_agentd", ...REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    service: { name: "zabbix-agent", ports: [10050] },
    product: "Zabbix agent",
    conversation: [
      { send: zabbix("agent.version"), show: "ZBXD agent.version" },
      // A refused client is disconnected without a word; an allowed one gets the version.
      {
        read: "chunk",
        identify: /^ZBXD\x01/,
        match: /^ZBXD\x01[\s\S]{8}\d+\.\d+/,
        extract: { version: /^ZBXD\x01[\s\S]{8}(\d+\.\d+\.\d+)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /agent\.version$/, send: zabbix("6.0.25") }],
        expect: { extracted: { version: "6.0.25" } },
      },
      clean: { replies: [{ on: /agent\.version$/, send: "", close: true }] },
    },
  },
  {
    kind: "service.unauthenticated.munin",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Munin node answers anyone",
    severity: "medium",
    description:
      "The Munin node lists its plugins and serves their values to any address: the host name, running services, " +
      "disk, network and process details that help attackers map the host.",
    remediation: "Restrict munin-node.conf with allow/cidr_allow to the Munin master's address and firewall port 4949.",
    references: ["https://guide.munin-monitoring.org/en/latest/reference/munin-node.conf.html", ...REFS],
    cwe: [306, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    service: { name: "munin", ports: [4949] },
    product: "Munin node",
    conversation: [
      {
        read: "line",
        identify: /^# munin node at /,
        match: /^# munin node at /,
        extract: { host: /^# munin node at (\S+)/ },
      },
      { send: "list\n" },
      { read: "line", match: /^[a-z_][\w]*( [a-z_][\w]*)+\s*$/, extract: { plugins: /^(.+?)\s*$/ } },
      { send: "quit\n" },
    ],
    fixtures: {
      vulnerable: {
        greeting: "# munin node at db01.corp.fixture.test\n",
        replies: [
          {
            on: /^list\n/m,
            send:
              "cpu df df_inode entropy forks fw_packets if_eth0 load memory mysql_queries postfix_mailqueue " +
              "processes swap uptime users\n",
          },
        ],
        expect: { extracted: { host: "db01.corp.fixture.test" } },
      },
      // A node that does not allow us sends no greeting (munin-node closes the connection).
      clean: { replies: [] },
    },
  },
  {
    kind: "service.unauthenticated.beanstalkd",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "beanstalkd job queue open to anyone",
    severity: "high",
    description:
      "beanstalkd has no authentication: anyone who reaches it reads the jobs (often containing e-mails, tokens or " +
      "personal data), deletes them, or injects jobs that the workers will execute.",
    remediation: "Bind beanstalkd to localhost or a private address (-l 127.0.0.1) and firewall port 11300.",
    references: ["https://github.com/beanstalkd/beanstalkd/blob/master/doc/protocol.txt", ...REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    service: { name: "beanstalkd", ports: [11300] },
    product: "beanstalkd",
    conversation: [
      { send: "stats\r\n" },
      {
        read: { until: /\n(?!.)|version: [^\n]*\n[\s\S]*\n$/ },
        identify: /^OK \d+\r\n---/,
        match: [/^OK \d+\r\n---\n/, /^current-jobs-ready: \d+$/m],
        extract: { version: /^version: "?([\d.]+)/m, jobs: /^total-jobs: (\d+)/m },
      },
      { send: "quit\r\n" },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          {
            on: /^stats\r\n/,
            send:
              "OK 131\r\n---\ncurrent-jobs-urgent: 0\ncurrent-jobs-ready: 42\ncurrent-jobs-reserved: " +
              '1\ntotal-jobs: 98231\nversion: "1.12"\npid: 812\nuptime: 86400\n\r\n',
          },
        ],
        expect: { extracted: { version: "1.12", jobs: "98231" } },
      },
      clean: { replies: [{ on: /\r\n/, send: "-ERR unknown command 'stats'\r\n" }] },
    },
  },
  {
    kind: "service.unauthenticated.gearman",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Gearman job server open to anyone",
    severity: "high",
    description:
      "The Gearman job server answers administrative commands without authentication: anyone lists the " +
      "registered functions and workers, and can submit jobs that the workers run.",
    remediation: "Bind gearmand to a private address (--listen=127.0.0.1) and firewall port 4730.",
    references: ["http://gearman.org/protocol/", ...REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:H/A:L",
    service: { name: "gearman", ports: [4730] },
    product: "Gearman",
    conversation: [
      { send: "version\n" },
      { read: "line", identify: /^OK \d+\.\d+/, match: /^OK \d+\.\d+/, extract: { version: /^OK ([\d.]+)/ } },
      { send: "status\n" },
      // One line per function (name, queued, running, workers), then a lone dot.
      {
        read: { until: /^\.\r?\n/m },
        match: /^(\S+\t\d+\t\d+\t\d+\n)*\.\r?\n/,
        extract: { functions: /^(\S+)\t\d+\t\d+\t\d+$/m },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [
          { on: /^version\n$/, send: "OK 1.1.19.1\n" },
          { on: /^status\n$/, send: "resize_image\t3\t1\t4\nsend_invoice_mail\t0\t0\t2\n.\n" },
        ],
        expect: { extracted: { version: "1.1.19.1", functions: "resize_image" } },
      },
      clean: { replies: [{ on: /\n/, send: "ERR UNKNOWN_COMMAND Unknown+server+command\n" }] },
    },
  },
  {
    kind: "service.unauthenticated.jetdirect",
    category: "unauthenticated-service",
    protocol: "tcp",
    title: "Network printer accepts raw print jobs (JetDirect / PJL)",
    severity: "medium",
    description:
      "The printer's raw printing port (9100) answers PJL commands from the internet: anyone prints on it, reads " +
      "its settings and stored jobs, and on many models changes its configuration or reaches its file system.",
    remediation:
      "Firewall port 9100 (and printers altogether) from the internet, disable raw printing where unused, and set " +
      "a PJL password or disable PJL file access in the printer's settings.",
    references: ["http://hacking-printers.net/wiki/index.php/Port_9100_printing", ...REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:L",
    service: { name: "jetdirect", ports: [9100] },
    product: "Network printer (PJL)",
    conversation: [
      // Universal Exit Language, then ask the printer's model.
      { send: "\x1b%-12345X@PJL INFO ID\r\n\x1b%-12345X\r\n", show: "UEL @PJL INFO ID" },
      // The model on the next line; our own request echoed back has the UEL escape there.
      {
        read: { until: /\f/ },
        match: /@PJL INFO ID\r?\n"?[^\x1b\r\n"][^\r\n]*/,
        extract: { model: /@PJL INFO ID\r?\n"?([^"\r\n]+)/ },
      },
    ],
    fixtures: {
      vulnerable: {
        replies: [{ on: /@PJL INFO ID\r\n/, send: '@PJL INFO ID\r\n"HP LaserJet 4250"\r\n\f' }],
        expect: { extracted: { model: "HP LaserJet 4250" } },
      },
      clean: { replies: [] },
    },
  },
]);
