// Saved sessions of file-transfer and database clients left in the web root: FileZilla's site manager, WinSCP's
// sessions, editors' FTP deployment settings (Atom remote-ftp and remote-sync, Sublime FTPSync) and DBeaver's
// connections. They name servers and accounts, and their passwords are stored reversibly (base64, a fixed key).
import { checks, CVSS_CREDENTIALS, CVSS_READ_LOW, cwe, json, NOT_HTML, OK, OWASP_FILES, text } from "../../declare.ts";

const REFS = [cwe(256), cwe(538), OWASP_FILES];
const DEPLOY = "Remove the file from the web root (deploy the site, not the workstation's folders),";

export default checks([
  {
    kind: "http.exposed.filezilla-sites",
    category: "exposed-file",
    protocol: "http",
    title: "FileZilla saved sites exposed (sitemanager.xml, recentservers.xml)",
    severity: "high",
    description:
      "The site serves FileZilla's saved or recent servers: FTP and SFTP hosts, ports and users, and the passwords " +
      "FileZilla stores base64-encoded (readable by anyone) unless a master password is set.",
    remediation: `${DEPLOY} change the passwords of the accounts it lists, and set a FileZilla master password.`,
    references: ["https://wiki.filezilla-project.org/Site_Manager", ...REFS],
    cwe: [256, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/sitemanager.xml", "/recentservers.xml", "/filezilla.xml"],
        match: [OK, NOT_HTML, { regex: [/<FileZilla3[\s>]/, /<(Servers|RecentServers|Server)>/] }],
        extract: [{ name: "host", regex: /<Host>([^<]+)<\/Host>/ }],
        judge: (r) =>
          /<Pass( encoding="base64")?>[^<]+<\/Pass>/.test(r.body)
            ? { matched: "<Server><Host>…</Host><User>…</User><Pass>…</Pass>", severity: "critical" }
            : { matched: "<Server><Host>…</Host><User>…</User>" },
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "iis",
          routes: {
            "/sitemanager.xml": text(
              '<?xml version="1.0" encoding="UTF-8"?>\n<FileZilla3 version="3.66.4" ' +
                'platform="windows">\n\t<Servers>\n' +
                "\t\t<Server>\n\t\t\t<Host>ftp.example.com</Host>\n\t\t\t<Port>21</Port>\n\t\t\t" +
                "<Protocol>0</Protocol>\n" +
                "\t\t\t<User>www</User>\n\t\t\t<Pass " +
                'encoding="base64">RnQ1IWt3OFF6</Pass>\n\t\t</Server>\n\t</Servers>\n' +
                "</FileZilla3>\n",
              { "content-type": "text/xml" },
            ),
          },
          expect: { severity: "critical", extracted: { host: "ftp.example.com" } },
        },
        {
          server: "apache",
          routes: {
            "/recentservers.xml": text(
              '<?xml version="1.0" encoding="UTF-8"?>\n<FileZilla3>\n\t<RecentServers>\n\t\t<Server>\n' +
                "\t\t\t<Host>203.0.113.9</Host>\n\t\t\t<Port>22</Port>\n\t\t\t<User>deploy</User>\n\t\t</Server>\n" +
                "\t</RecentServers>\n</FileZilla3>\n",
            ),
          },
        },
      ],
      clean: { server: "iis", routes: {} },
    },
  },
  {
    kind: "http.exposed.winscp-sessions",
    category: "exposed-file",
    protocol: "http",
    title: "WinSCP saved sessions exposed (WinSCP.ini)",
    severity: "high",
    description:
      "The site serves WinSCP.ini: saved SFTP, FTP and SCP sessions with host names and users, and passwords that " +
      "WinSCP only obfuscates (tools reverse them at once) when no master password is set.",
    remediation: `${DEPLOY} change the passwords of the sessions it lists, and set a WinSCP master password.`,
    references: ["https://winscp.net/eng/docs/security_credentials", ...REFS],
    cwe: [256, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/WinSCP.ini", "/winscp.ini"],
        match: [OK, NOT_HTML, { regex: [/^\[Sessions\\[^\]\n]+\]\s*$/m, /^HostName=\S+/m] }],
        judge: (r) =>
          /^Password=[0-9A-F]{8,}\s*$/m.test(r.body)
            ? { matched: "[Sessions\\…] HostName=… UserName=… Password=…", severity: "critical" }
            : { matched: "[Sessions\\…] HostName=… UserName=…" },
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/WinSCP.ini": text(
            "[Configuration\\Interface]\r\nRandomSeedFile=%APPDATA%\\winscp.rnd\r\n\r\n" +
              "[Sessions\\www@shop.example.com]\r\n" +
              "HostName=shop.example.com\r\nUserName=www\r\nPassword=A35C435B9556B1237C2F3A392E2C3B3F3D2C29\r\n",
          ),
        },
        expect: { severity: "critical" },
      },
      clean: { server: "iis", routes: {} },
    },
  },
  {
    kind: "http.exposed.editor-ftp-config",
    category: "exposed-file",
    protocol: "http",
    title: "Editor FTP deployment settings exposed (.ftpconfig, .remote-sync.json, ftpsync.settings)",
    severity: "critical",
    description:
      "The site serves an editor's FTP deployment settings (Atom's remote-ftp and remote-sync, Sublime's FTPSync): " +
      "the server the site is uploaded to, with the account's user name and password in clear.",
    remediation: `${DEPLOY} change the FTP or SFTP account's password, and keep editor settings out of deployments.`,
    references: ["https://github.com/icetee/remote-ftp#configuration", ...REFS],
    cwe: [256, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.ftpconfig"],
        match: [OK, { json: { host: "string", user: "string", pass: /^\S+$/ } }],
        matched: '"host": "…", "user": "…", "pass": "…"',
      },
      {
        paths: ["/.remote-sync.json"],
        match: [OK, { json: { hostname: "string", username: "string", password: /^\S+$/ } }],
        matched: '"hostname": "…", "username": "…", "password": "…"',
      },
      {
        paths: ["/ftpsync.settings"],
        match: [OK, NOT_HTML, { regex: [/"host"\s*:\s*"[^"]+"/, /"password"\s*:\s*"[^"]+"/] }],
        matched: '"host": "…", "password": "…"',
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/.ftpconfig": json({
              protocol: "ftp",
              host: "ftp.example.com",
              port: 21,
              user: "shopftp",
              pass: "Fz4!kq8Lw",
              remote: "/public_html",
            }),
          },
        },
        {
          server: "nginx",
          routes: {
            "/ftpsync.settings": text(
              '{\n\t"primary": {\n\t\t"host": "ftp.example.com",\n\t\t"username": "www",\n\t\t"password": ' +
                '"Sb7!qw2Zk",\n' +
                '\t\t"path": "/var/www/"\n\t}\n}\n',
            ),
          },
        },
      ],
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.dbeaver-config",
    category: "exposed-file",
    protocol: "http",
    title: "DBeaver connections exposed (.dbeaver/data-sources.json)",
    severity: "medium",
    description:
      "The site serves DBeaver's workspace settings: data-sources.json names every database the user connects to " +
      "(hosts, ports, databases, users), and credentials-config.json beside it is encrypted with a key that ships " +
      "with DBeaver, so the passwords can be read too.",
    remediation: `${DEPLOY} change the passwords of the databases it lists.`,
    references: ["https://dbeaver.com/docs/dbeaver/Admin-Manage-Connections/", ...REFS],
    cwe: [256, 538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.dbeaver/data-sources.json"],
        match: [
          OK,
          { json: { connections: "object" } },
          { regex: [/"(provider|driver)"\s*:\s*"\w+/, /"configuration"\s*:\s*\{/] },
        ],
        extract: [{ name: "host", regex: /"host"\s*:\s*"([^"]+)"/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.dbeaver/data-sources.json": json({
            folders: {},
            connections: {
              "postgres-jdbc-18c2": {
                provider: "postgresql",
                driver: "postgres-jdbc",
                name: "shop prod",
                configuration: { host: "10.0.2.5", port: "5432", database: "shop", type: "prod" },
              },
            },
          }),
        },
        expect: { extracted: { host: "10.0.2.5" } },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
]);
