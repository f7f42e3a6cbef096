// Operating-system files and shell artefacts copied into (or aliased to) the web root: passwd and shadow copies,
// shell and database-client histories, VPN client profiles. Proven by their line formats, never by the status.
import {
  checks,
  CVSS_CRACK,
  CVSS_CREDENTIALS,
  CVSS_READ_HIGH,
  CVSS_READ_LOW,
  cwe,
  NOT_HTML,
  OK,
  OWASP_FILES,
  text,
} from "../../declare.ts";

const REFS = [cwe(538), OWASP_FILES];
const HOME = "Keep home directories and system files out of the web root (deny dotfiles on the web server),";
/** A line that reads like a secret typed on a command line (mysql -p…, export TOKEN=…, curl -u user:…). */
const TYPED_SECRET = new RegExp(
  String.raw`(\s-p\S{3,}|--password[= ]\S+|\b(export\s+)?\w*(PASSWORD|SECRET|TOKEN|API_KEY)\w*=\S{4,}|` +
    String.raw`\s-u \S+:\S{3,}|IDENTIFIED BY ')`,
  "i",
);
/** A line starting with a command administrators type (three in a row make a shell history). */
const COMMAND =
  String.raw`(sudo|cd|ls|cat|vi|vim|nano|mysql|psql|ssh|scp|git|docker|systemctl|service|apt(-get)?|yum|` +
  String.raw`chmod|chown|wget|curl|php|composer|npm|exit)( .*)?$`;

/** A line of a database client's history: an SQL statement or a client command (\dt, \c). */
const SQL_LINE = /^(select|insert|update|delete|create|drop|alter|grant|show|use|\\[cdlq]|\\dt)(\s|\\040|;|$)/im;

export default checks([
  {
    kind: "http.exposed.passwd-file",
    category: "exposed-file",
    protocol: "http",
    title: "System account list exposed (passwd)",
    severity: "medium",
    description:
      "The site serves a copy of /etc/passwd (a backup, or an alias to /etc): the system's accounts, their home " +
      "directories and shells, the user names to try against SSH, FTP and mail.",
    remediation:
      "Delete the copy from the web root, remove any alias or symbolic link to /etc, and make sure the web server " +
      "cannot follow links out of the document root (Apache: Options -FollowSymLinks).",
    references: ["https://man7.org/linux/man-pages/man5/passwd.5.html", ...REFS],
    cwe: [538, 200],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/passwd", "/etc/passwd", "/passwd.bak", "/passwd.txt"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^root:[^:\n]*:0:0:[^:\n]*:\/[^:\n]*:\/[\w/]+$/m, /^\w[\w.-]*:[x*!]?:\d+:\d+:/m] },
        ],
        extract: [
          { name: "shells", regex: /^(\w[\w.-]*):[^:\n]*:\d+:\d+:[^:\n]*:[^:\n]*:\/bin\/(ba|z)?sh$/gm, all: true },
        ],
        matched: "root:x:0:0:root:/root:/bin/…",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/passwd.bak": text(
            "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n" +
              "www-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\n" +
              "deploy:x:1000:1000:Deploy,,,:/home/deploy:/bin/bash\n",
          ),
        },
        expect: { extracted: { shells: ["root", "deploy"] } },
      },
      clean: { server: "apache", routes: { "/etc/passwd": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.shadow-file",
    category: "exposed-file",
    protocol: "http",
    title: "System password hashes exposed (shadow)",
    severity: "critical",
    description:
      "The site serves a copy of /etc/shadow: the system accounts' password hashes, cracked offline for the weak " +
      "ones and then used to log in over SSH.",
    remediation:
      "Delete the copy, remove any alias to /etc, and change the password of every account with a hash in it (and " +
      "disable password logins over SSH: PasswordAuthentication no).",
    references: ["https://man7.org/linux/man-pages/man5/shadow.5.html", ...REFS],
    cwe: [538, 522],
    cvss: CVSS_CRACK,
    http: [
      {
        paths: ["/shadow", "/etc/shadow", "/shadow.bak", "/shadow-"],
        match: [OK, NOT_HTML, { regex: [/^[\w.-]+:\$(1|2[aby]|5|6|y|gy|7)\$[^:\n]{8,}:\d*:\d*:\d*:/m] }],
        judge: (r) => ({ matched: /^([\w.-]+):\$[\w]+\$/m.exec(r.body)![0] + "…" }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/etc/shadow": text(
            "root:$6$Zq2x9Lm1$Xb7c5v0n2m4k6j8h1g3f5d7s9a0q2w4e6r8t0y1u3i5o7p9l2k4j6h8g0f1d3s5a7:19793:0:99999:7:::\n" +
              "daemon:*:19793:0:99999:7:::\n",
          ),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.shell-history",
    category: "exposed-file",
    protocol: "http",
    title: "Shell history exposed (.bash_history, .zsh_history)",
    severity: "medium",
    description:
      "The site serves a shell history: the commands an administrator typed on the server, with paths, hosts and " +
      "often passwords given on the command line (raised to high when one is seen).",
    remediation:
      `${HOME} delete the file, and rotate every password or token typed in it (HISTCONTROL=ignorespace keeps ` +
      "commands started with a space out of the history).",
    references: ["https://www.gnu.org/software/bash/manual/html_node/Bash-History-Facilities.html", ...REFS],
    cwe: [538, 532],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.bash_history", "/.zsh_history", "/.sh_history", "/.history"],
        match: [
          OK,
          NOT_HTML,
          // Zsh's extended history (": 1710231242:0;cmd"), or lines starting with common commands.
          {
            regex: [/^: \d{9,10}:\d+;\S/m, new RegExp(String.raw`^${COMMAND}(\r?\n${COMMAND}){2}`, "m")],
            condition: "or",
          },
        ],
        judge: (r) =>
          TYPED_SECRET.test(r.body)
            ? { matched: "… a command with a password or token typed in it", severity: "high" }
            : { matched: "cd … sudo … (commands typed on the server)" },
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/.bash_history": text(
              "cd /var/www/html\nls -la\nmysql -u shop -pHx93!kq shop < dump.sql\nsudo systemctl restart nginx\nexit\n",
            ),
          },
          expect: { severity: "high" },
        },
        {
          server: "apache",
          routes: { "/.zsh_history": text(": 1710231242:0;cd /srv/shop\n: 1710231250:0;git pull\n") },
          expect: { severity: "medium" },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.sql-client-history",
    category: "exposed-file",
    protocol: "http",
    title: "Database client history exposed (.mysql_history, .psql_history)",
    severity: "medium",
    description:
      "The site serves a database client's history: the queries an administrator ran, naming databases, tables and " +
      "users, and sometimes the passwords they set (CREATE USER … IDENTIFIED BY, ALTER ROLE … PASSWORD).",
    remediation: `${HOME} delete the file, and change any database password that appears in it.`,
    references: ["https://dev.mysql.com/doc/refman/8.0/en/mysql-logging.html", ...REFS],
    cwe: [538, 532],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.mysql_history", "/.psql_history", "/.sqlite_history", "/.mariadb_history"],
        match: [
          OK,
          NOT_HTML,
          // SQL statements and client commands, one a line (MySQL writes spaces as \040, after libedit's header).
          { regex: [SQL_LINE] },
        ],
        judge: (r) => {
          const lines = r.body.split(/\r?\n/).filter((l) => l.trim() && l !== "_HiStOrY_V2_");
          const sql = lines.filter((l) => SQL_LINE.test(l));
          if (sql.length < 2 || sql.length * 2 < lines.length) return null;
          return /(identified(\s|\\040)by|password(\s|\\040)+')/i.test(r.body)
            ? { matched: "… IDENTIFIED BY '…' (a password set from the client)", severity: "high" }
            : { matched: sql[0]!.replace(/\\040/g, " ").slice(0, 60) };
        },
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/.mysql_history": text(
              "_HiStOrY_V2_\nshow\\040databases;\nuse\\040shop;\n" +
                "CREATE\\040USER\\040'report'@'%'\\040IDENTIFIED\\040BY" +
                "\\040'Rp2026!';\n",
            ),
          },
          expect: { severity: "high" },
        },
        {
          server: "apache",
          routes: { "/.psql_history": text("\\dt\nselect count(*) from orders;\n\\q\n") },
          expect: { severity: "medium" },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.openvpn-profile",
    category: "exposed-file",
    protocol: "http",
    title: "OpenVPN client profile exposed (.ovpn)",
    severity: "high",
    description:
      "The site serves an OpenVPN client profile: the VPN server's address and certificates, and when the profile " +
      "embeds its <key> (as most exported profiles do), everything needed to join the internal network.",
    remediation:
      "Remove the file, revoke the client certificate on the VPN server (easyrsa revoke, then publish the CRL), and " +
      "hand profiles out over an authenticated channel.",
    references: ["https://openvpn.net/community-resources/reference-manual-for-openvpn-2-6/", ...REFS],
    cwe: [538, 522],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/client.ovpn", "/vpn.ovpn", "/{{dn}}.ovpn", "/config.ovpn"],
        match: [OK, NOT_HTML, { regex: [/^(client|tls-client)\s*$/m, /^remote\s+[\w.-]+(\s+\d+)?/m] }],
        extract: [{ name: "server", regex: /^remote\s+([\w.-]+)/m }],
        judge: (r) =>
          /<key>\s*-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(r.body)
            ? { matched: "client remote … <key>-----BEGIN PRIVATE KEY-----", severity: "critical" }
            : { matched: "client remote … <ca>…" },
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/client.ovpn": text(
              "client\ndev tun\nproto udp\nremote vpn.example.com 1194\nnobind\n<ca>\n-----BEGIN CERTIFICATE-----\n" +
                "MIIB8jCCAVugAwIBAgIJ\n-----END CERTIFICATE-----\n</ca>\n<key>\n-----BEGIN PRIVATE KEY-----\n" +
                "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n</key>\n",
              { "content-type": "application/x-openvpn-profile" },
            ),
          },
          expect: { severity: "critical", extracted: { server: "vpn.example.com" } },
        },
        {
          server: "apache",
          routes: { "/fixture.ovpn": text("client\ndev tun\nremote 203.0.113.10 443\nauth-user-pass\n<ca>\n</ca>\n") },
          expect: { severity: "high" },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.wireguard-config",
    category: "exposed-file",
    protocol: "http",
    title: "WireGuard configuration with a private key exposed",
    severity: "critical",
    description:
      "The site serves a WireGuard configuration: the interface's private key and its peers' endpoints, which let " +
      "anyone join the tunnel as this machine.",
    remediation:
      "Remove the file, generate a new key pair (wg genkey), replace the public key on every peer, and keep the " +
      "configuration in /etc/wireguard (mode 600).",
    references: ["https://www.wireguard.com/quickstart/", ...REFS],
    cwe: [538, 321],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/wg0.conf", "/wireguard.conf", "/wg.conf", "/{{dn}}.conf"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^\[Interface\]\s*$/m, /^PrivateKey\s*=\s*[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=\s*$/m] },
        ],
        extract: [{ name: "endpoint", regex: /^Endpoint\s*=\s*(\S+)/m }],
        matched: "[Interface] PrivateKey = …",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/wg0.conf": text(
            "[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = " +
              "yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=\n\n[Peer]\n" +
              "PublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=\nEndpoint = vpn.example.com:51820\n" +
              "AllowedIPs = 10.8.0.0/24\n",
          ),
        },
        expect: { extracted: { endpoint: "vpn.example.com:51820" } },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
]);
