// Deployment and server configuration, logs and editor artefacts served from the web root.
import { checks, NOT_HTML, OK, OK_OR_PARTIAL, text } from "../../declare.ts";

const CONFIG_REFS = [
  "https://cwe.mitre.org/data/definitions/538.html",
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/04-Review_Old_Backup_and_Unreferenced_Files_for_Sensitive_Information",
];
const LOG_REFS = ["https://cwe.mitre.org/data/definitions/532.html", "https://cwe.mitre.org/data/definitions/538.html"];

export default checks([
  {
    kind: "http.exposed.docker-compose",
    category: "exposed-file",
    protocol: "http",
    title: "Docker Compose file exposed",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "The site serves its docker-compose file: the services, images, ports, volumes and often the environment " +
      "(database passwords, API keys) of the whole deployment.",
    remediation: "Keep deployment files out of the web root (build the image from a context without them).",
    references: ["https://docs.docker.com/compose/compose-file/", ...CONFIG_REFS],
    cwe: [538],
    http: [
      {
        paths: ["/docker-compose.yml", "/docker-compose.yaml", "/compose.yaml"],
        match: [OK, NOT_HTML, { regex: [/^services:\s*$/m, /^\s+image:\s*\S+/m] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/docker-compose.yml": text(
            'services:\n  app:\n    image: acme/shop:2.3.1\n    ports:\n      - "8080:8080"\n    environment:\n' +
              "      DATABASE_URL: postgres://shop:hunter2@db/shop\n  db:\n    image: postgres:15\n",
            { "content-type": "application/x-yaml" },
          ),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.iis-web-config",
    category: "exposed-file",
    protocol: "http",
    title: "IIS configuration file exposed (web.config)",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    description:
      "The site serves its web.config: the ASP.NET application's settings, often with connection strings, " +
      "machine keys (which forge view state and cookies) and credentials.",
    remediation:
      "Serve only what the application publishes (IIS refuses web.config by default: check request filtering and " +
      "any copy under another name), and rotate the secrets it holds.",
    references: [
      "https://learn.microsoft.com/en-us/iis/configuration/system.webserver/security/requestfiltering/",
      ...CONFIG_REFS,
    ],
    cwe: [538, 260],
    http: [
      {
        paths: ["/web.config", "/web.config.bak", "/Web.config.old"],
        match: [
          OK,
          { regex: [/<configuration[\s>]/, /<(system\.webServer|system\.web|connectionStrings|appSettings)[\s>]/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/web.config.bak": {
            headers: { "content-type": "application/octet-stream" },
            body:
              '<?xml version="1.0" encoding="utf-8"?>\r\n<configuration>\r\n  <connectionStrings>\r\n    <add ' +
              'name="Default" connectionString="Server=sql01;Database=Shop;User Id=shop;Password=hunter2;" />\r\n  ' +
              '</connectionStrings>\r\n  <system.web>\r\n    <machineKey validationKey="A1B2" />\r\n ' +
              " </system.web>\r\n" +
              "</configuration>\r\n",
          },
        },
      },
      clean: { server: "iis", routes: { "/web.config": { status: 404 } } },
    },
  },
  {
    kind: "http.exposed.laravel-log",
    category: "exposed-file",
    protocol: "http",
    title: "Laravel application log exposed",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "The site serves Laravel's log (storage/logs/laravel.log): stack traces with paths, queries, and often request " +
      "data, tokens and credentials of the application's users.",
    remediation: "Serve only the public/ folder as the web root, and keep storage/ outside it.",
    references: ["https://laravel.com/docs/deployment#nginx", ...LOG_REFS],
    cwe: [532, 538],
    http: [
      {
        paths: ["/storage/logs/laravel.log"],
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          { regex: [/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] \w+\.(ERROR|WARNING|INFO|DEBUG|CRITICAL):/m] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/storage/logs/laravel.log": text(
            "[2026-11-30 08:12:44] production.ERROR: SQLSTATE[HY000] [2002] Connection refused (SQL: select * from " +
              '`users` where `email` = jane@example.com) {"exception":"[object]' +
              ' (Illuminate\\\\Database\\\\QueryException"\n',
          ),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.wordpress-debug-log",
    category: "exposed-file",
    protocol: "http",
    title: "WordPress debug log exposed (wp-content/debug.log)",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "The site serves WordPress's debug log: PHP errors with server paths, plugin internals and sometimes queries " +
      "and user data.",
    remediation: "Set WP_DEBUG_LOG to a path outside the web root (or off in production) and delete the file.",
    references: ["https://developer.wordpress.org/advanced-administration/debug/debug-wordpress/", ...LOG_REFS],
    cwe: [532, 538],
    http: [
      {
        paths: ["/wp-content/debug.log"],
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          {
            regex: [
              /^\[\d\d-\w{3}-\d{4} \d\d:\d\d:\d\d UTC\] PHP (Notice|Warning|Fatal error|Deprecated|Parse error):/m,
            ],
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/wp-content/debug.log": text(
            '[30-Nov-2026 08:12:44 UTC] PHP Warning:  Undefined array key "id" in ' +
              "/var/www/html/wp-content/plugins/shop-sync/sync.php on line 88\n",
          ),
        },
      },
      clean: { server: "apache", routes: { "/wp-content/debug.log": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.vim-swap",
    category: "exposed-file",
    protocol: "http",
    title: "Editor swap file exposed (Vim .swp)",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "The site serves a Vim swap file left by an edit on the server: it holds the edited file's content, source " +
      "code and configuration included.",
    remediation: "Delete swap files from the web root, deny *.swp, and do not edit files in place on servers.",
    references: ["https://vimhelp.org/recover.txt.html#swap-file", ...CONFIG_REFS],
    cwe: [530, 538],
    http: [
      {
        paths: ["/.index.php.swp", "/.wp-config.php.swp", "/.config.php.swp", "/.env.swp"],
        match: [OK_OR_PARTIAL, { magic: "623056494d20" }],
        matched: "Vim swap file (b0VIM)",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/.wp-config.php.swp": {
            headers: { "content-type": "application/octet-stream" },
            body: Buffer.concat([Buffer.from("b0VIM 9.0\0\0\0\0\x10\0\0", "latin1"), Buffer.alloc(32)]),
          },
        },
      },
      clean: { server: "apache", routes: {} },
    },
  },
]);
