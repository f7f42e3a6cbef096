// Applications' logs left where they are served: package managers' debug logs (npm, Yarn), Rails, Symfony and Magento
// logs, and debug logs in the usual logging layouts. Each is proven by its own line format, never by the status.
import { checks, CVSS_READ_LOW, cwe, NOT_HTML, OK_OR_PARTIAL, OWASP_FILES, text } from "../../declare.ts";

const REFS = [cwe(532), OWASP_FILES];
const LOG_CWE = [532, 538];
const MOVE = "Write logs outside the web root (or deny the path on the web server), and delete the copies served;";

/** Monolog's line in Symfony's channels: [2026-03-12T08:14:02.412233+00:00] request.INFO: … */
const MONOLOG_SYMFONY =
  /^\[\d{4}-\d{2}-\d{2}[T ][\d:.]{8,}([+-][\d:]{5})?\] (request|security|doctrine|app|php|event|console)\.[A-Z]+:/m;

/** Python logging's and log4j's layouts: 2026-03-12 08:14:02,412 - app - DEBUG - … / … INFO  [main] … */
const LOGGING_LINE =
  /^\[?\d{4}-\d{2}-\d{2}[T ][\d:.,]{8,}\]?\s+(- [\w.]+ - )?\[?(TRACE|DEBUG|INFO|WARN(ING)?|ERROR|CRITICAL|FATAL)\]?\s/m;

export default checks([
  {
    kind: "http.exposed.npm-debug-log",
    category: "exposed-file",
    protocol: "http",
    title: "npm or Yarn debug log exposed (npm-debug.log, yarn-error.log)",
    severity: "low",
    description:
      "The site serves a package manager's failure log: the build machine's paths, Node and npm versions, the " +
      "packages installed and sometimes the environment and registry addresses.",
    remediation: `${MOVE} build outside the deployed folder and add npm-debug.log* and yarn-error.log to .gitignore.`,
    references: ["https://docs.npmjs.com/cli/using-npm/logging", ...REFS],
    cwe: LOG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/npm-debug.log"],
        match: [OK_OR_PARTIAL, NOT_HTML, { regex: [/^\d+ (verbose|info|silly|error) (cli|it worked if|using npm)/m] }],
        extract: [{ name: "version", regex: /^\d+ info using npm@([\d.]+)/m }],
        matched: "0 verbose cli […]",
      },
      {
        paths: ["/yarn-error.log"],
        match: [OK_OR_PARTIAL, NOT_HTML, { regex: [/^Arguments: ?\r?\n/m, /^(Yarn version|Node version): ?\r?\n/m] }],
        matched: "Arguments: … Yarn version: … Node version: …",
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/npm-debug.log": text(
              "0 info it worked if it ends with ok\n1 verbose cli [ '/usr/bin/node', '/usr/bin/npm', 'run', 'build' " +
                "]\n" +
                "2 info using npm@6.14.18\n3 info using node@v14.21.3\n",
            ),
          },
          expect: { extracted: { version: "6.14.18" } },
        },
        {
          server: "express",
          routes: {
            "/yarn-error.log": text(
              "Arguments: \n  /usr/local/bin/node /usr/local/bin/yarn install\n\nPATH: \n  " +
                "/usr/local/bin:/usr/bin\n\n" +
                "Yarn version: \n  1.22.19\n\nNode version: \n  18.19.0\n",
            ),
          },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.rails-log",
    category: "exposed-file",
    protocol: "http",
    title: "Rails application log exposed (log/production.log)",
    severity: "medium",
    description:
      "The site serves a Rails log: every request with its parameters (those not filtered), client addresses, " +
      "controllers, SQL queries in development, and exceptions with their backtraces.",
    remediation: `${MOVE} serve only public/ (the document root must be the app's public folder, never its root).`,
    references: ["https://guides.rubyonrails.org/debugging_rails_applications.html#the-logger", ...REFS],
    cwe: LOG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/log/production.log", "/log/development.log", "/log/staging.log"],
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          {
            regex: [
              /Started (GET|POST|PUT|PATCH|DELETE|HEAD) "\/[^"]*" for \S+ at \d{4}-\d{2}-\d{2}/,
              /Processing by \w/,
            ],
          },
        ],
        matched: 'Started GET "/…" for … at … Processing by …Controller#…',
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/log/production.log": text(
            'I, [2026-03-12T08:14:02.123456 #12]  INFO -- : [a1b2] Started POST "/users/sign_in" for 198.51.100.23 ' +
              "at 2026-03-12 08:14:02 +0000\nI, [2026-03-12T08:14:02.130000 #12]  INFO -- : [a1b2] Processing by " +
              'Devise::SessionsController#create as HTML\n  Parameters: {"user"=>{"email"=>"ann@example.com"}}\n',
          ),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.symfony-log",
    category: "exposed-file",
    protocol: "http",
    title: "Symfony log exposed (var/log/prod.log, dev.log)",
    severity: "medium",
    description:
      "The site serves a Symfony (Monolog) log: matched routes with their parameters, authenticated users, Doctrine " +
      "queries and exceptions with the application's paths.",
    remediation: `${MOVE} the document root must be public/ (web/ before Symfony 4), never the project's root.`,
    references: ["https://symfony.com/doc/current/logging.html", ...REFS],
    cwe: LOG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/var/log/prod.log", "/var/log/dev.log", "/app/logs/prod.log", "/app/logs/dev.log"],
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          {
            regex: [MONOLOG_SYMFONY],
          },
        ],
        matched: "[yyyy-mm-ddThh:mm:ss] request.INFO: …",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/var/log/prod.log": text(
            '[2026-03-12T08:14:02.412233+00:00] request.INFO: Matched route "app_login". {"route":"app_login"} []\n' +
              '[2026-03-12T08:14:03.001122+00:00] security.INFO: Authenticator successful! {"user":"ann"} []\n',
          ),
        },
      },
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.magento-log",
    category: "exposed-file",
    protocol: "http",
    title: "Magento log exposed (var/log/system.log, exception.log)",
    severity: "medium",
    description:
      "The site serves Magento's logs: exceptions with the store's paths and queries, payment and integration " +
      "errors, and the addresses of the services the store calls.",
    remediation: `${MOVE} point the web server at pub/ and deny /var/ (Magento's nginx.conf.sample does).`,
    references: [
      "https://experienceleague.adobe.com/docs/commerce-operations/configuration-guide/cli/enable-logging.html",
      ...REFS,
    ],
    cwe: LOG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/var/log/system.log", "/var/log/exception.log", "/var/log/debug.log"],
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          {
            regex: [
              /^\[\d{4}-\d{2}-\d{2}[T ][\d:.+-]+\] (main|report)\.(DEBUG|INFO|NOTICE|WARNING|ERROR|CRITICAL):/m,
              // Magento 1 (Zend_Log): "2026-03-12T08:14:02+00:00 ERR (3): …".
              /^\d{4}-\d{2}-\d{2}T[\d:]{8}[+-]\d{2}:\d{2} (EMERG|ALERT|CRIT|ERR|WARN|NOTICE|INFO|DEBUG) \(\d\): /m,
            ],
            condition: "or",
          },
        ],
        matched: "[yyyy-mm-dd hh:mm:ss] main.CRITICAL: …",
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/var/log/exception.log": text(
              "[2026-03-12T08:14:02.412233+00:00] main.CRITICAL: SQLSTATE[HY000] [2002] Connection refused " +
                '{"exception":"[object] (Zend_Db_Adapter_Exception(code: 2002) at ' +
                '/var/www/magento/vendor/x.php:12)"} []\n',
            ),
          },
        },
        {
          server: "apache",
          routes: {
            "/var/log/system.log": text(
              "2026-03-12T08:14:02+00:00 ERR (3): Warning: include(/var/www/app/design/frontend/x.phtml): failed\n",
            ),
          },
        },
      ],
      clean: { server: "nginx", routes: { "/var/log/exception.log": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.debug-log",
    category: "exposed-file",
    protocol: "http",
    title: "Application debug log with secrets exposed (debug.log)",
    severity: "medium",
    description:
      "The site serves a debug log in a standard logging layout (Python logging, log4j, Monolog): internal " +
      "addresses, paths and the application's errors; raised to high when it holds credentials.",
    remediation: `${MOVE} lower the production log level, and rotate any credential the log printed.`,
    references: REFS,
    cwe: LOG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/debug.log", "/logs/debug.log", "/log/debug.log", "/app.log", "/logs/app.log"],
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          {
            regex: [
              // 2026-03-12 08:14:02,412 DEBUG [main] … / 2026-03-12 08:14:02,412 - app - ERROR - …
              LOGGING_LINE,
            ],
          },
          // Three timestamped lines at least: a page does not read that way.
          { regex: [/(^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}.*\r?\n){3}/m] },
        ],
        judge: (r) =>
          /(password|passwd|secret|token|api[_-]?key)\s*[=:]\s*\S{4,}/i.test(r.body)
            ? { matched: "yyyy-mm-dd hh:mm:ss DEBUG … password=…", severity: "high" }
            : { matched: "yyyy-mm-dd hh:mm:ss DEBUG …" },
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "gunicorn",
          routes: {
            "/debug.log": text(
              "2026-03-12 08:14:02,412 - app.db - DEBUG - connecting to 10.0.2.5:5432\n" +
                "2026-03-12 08:14:02,413 - app.mail - DEBUG - smtp login user=alerts password=Xk29!fq\n" +
                "2026-03-12 08:14:03,001 - app.views - ERROR - order 1182 failed\n",
            ),
          },
          expect: { severity: "high" },
        },
        {
          server: "jetty",
          routes: {
            "/logs/app.log": text(
              "2026-03-12 08:14:02.412 INFO  [main] c.e.shop.Application - Started in 4.1 s\n" +
                "2026-03-12 08:14:05.002 WARN  [pool-1] c.e.shop.Payments - retry 1 to 10.0.2.9\n" +
                "2026-03-12 08:14:06.002 ERROR [pool-1] c.e.shop.Payments - gave up\n",
            ),
          },
          expect: { severity: "medium" },
        },
      ],
      clean: { server: "gunicorn", routes: {} },
    },
  },
  {
    kind: "http.exposed.firebase-debug-log",
    category: "exposed-file",
    protocol: "http",
    title: "Firebase CLI debug log exposed (firebase-debug.log)",
    severity: "low",
    description:
      "The site serves the log the Firebase CLI writes into the project's folder: the commands run, the project's " +
      "id, the developer's paths and the API requests made for the deployment.",
    remediation: `${MOVE} add firebase-debug.log to the hosting's "ignore" list in firebase.json and to .gitignore.`,
    references: ["https://firebase.google.com/docs/hosting/full-config#ignore", ...REFS],
    cwe: LOG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/firebase-debug.log", "/functions/firebase-debug.log"],
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          { regex: [/^\[debug\] \[\d{4}-\d{2}-\d{2}T[\d:.]+Z\] (Command|CLI Version):/m] },
        ],
        extract: [{ name: "version", regex: /CLI Version:\s+([\d.]+)/ }],
        matched: "[debug] [yyyy-mm-ddThh:mm:ss.sssZ] Command: … firebase deploy",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/firebase-debug.log": text(
            "[debug] [2026-03-12T08:14:02.412Z] ------------------------------------------------------------\n" +
              "[debug] [2026-03-12T08:14:02.415Z] Command:       /usr/local/bin/node /usr/local/bin/firebase deploy\n" +
              "[debug] [2026-03-12T08:14:02.415Z] CLI Version:   13.4.0\n",
          ),
        },
        expect: { extracted: { version: "13.4.0" } },
      },
      clean: { server: "go", routes: {} },
    },
  },
]);
