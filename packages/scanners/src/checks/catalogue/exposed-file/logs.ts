// Logs left where the web server serves them: web servers' access and error logs, PHP's error_log, package managers'
// debug logs, application logs (Rails, Symfony, Magento, Tomcat) and WS_FTP's transfer log. Each is proven by its own
// line format (a timestamp and level in the product's shape), never by the status or the file name.
import { checks, CVSS_READ_LOW, cwe, NOT_HTML, OK_OR_PARTIAL, OWASP_FILES, text } from "../../declare.ts";

const REFS = [cwe(532), OWASP_FILES];
const LOG_CWE = [532, 538];
const MOVE = "Write logs outside the web root (or deny the path on the web server), and delete the copies served;";

export default checks([
  {
    kind: "http.exposed.access-log",
    category: "exposed-file",
    protocol: "http",
    title: "Web server access log exposed (access.log)",
    severity: "medium",
    description:
      "The site serves its access log: every client address, every URL asked (with tokens and session ids passed in " +
      "query strings), referrers and user agents.",
    remediation: `${MOVE} with Apache, CustomLog and with nginx, access_log must point outside the document root.`,
    references: ["https://httpd.apache.org/docs/2.4/logs.html#accesslog", ...REFS],
    cwe: LOG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/access.log", "/access_log", "/logs/access.log", "/log/access.log"],
        // Common/combined log format: host ident user [10/Oct/2026:13:55:36 +0000] "GET /path HTTP/1.1" status size.
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          {
            regex: [
              /^[\d.:a-fA-F]+ \S+ \S+ \[\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}\] "[A-Z]+ \S+ HTTP\/[\d.]+" \d{3} /m,
            ],
          },
        ],
        matched: '… - - [dd/Mon/yyyy:hh:mm:ss +zzzz] "GET … HTTP/1.1" 200 …',
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/logs/access.log": text(
            '198.51.100.23 - - [12/Mar/2026:08:14:02 +0000] "GET /account?token=9f2c1e HTTP/1.1" 200 5123 "-" ' +
              '"Mozilla/5.0"\n203.0.113.4 - admin [12/Mar/2026:08:14:09 +0000] "POST /admin/login HTTP/1.1" 302 0\n',
          ),
        },
      },
      clean: { server: "apache", routes: { "/logs/access.log": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.server-error-log",
    category: "exposed-file",
    protocol: "http",
    title: "Web server error log exposed (error.log)",
    severity: "medium",
    description:
      "The site serves the web server's error log (Apache or nginx): file system paths, client addresses, upstream " +
      "addresses and the errors of the application behind it.",
    remediation: `${MOVE} Apache's ErrorLog and nginx's error_log directives name the file.`,
    references: ["https://nginx.org/en/docs/ngx_core_module.html#error_log", ...REFS],
    cwe: LOG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/error.log", "/logs/error.log", "/log/error.log"],
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          {
            regex: [
              // Apache: [Thu Mar 12 08:14:02.123456 2026] [core:error] [pid 1234] …
              /^\[\w{3} \w{3} \d{2} \d{2}:\d{2}:\d{2}(\.\d+)? \d{4}\] \[(\w+:)?(emerg|alert|crit|error|warn|notice|info|debug)\] /m,
              // nginx: 2026/03/12 08:14:02 [error] 1234#1234: *1 …
              /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} \[(emerg|alert|crit|error|warn|notice|info|debug)\] \d+#\d+: /m,
            ],
            condition: "or",
          },
        ],
        judge: (r) => ({
          matched: /^\d{4}\/\d{2}\/\d{2}/m.test(r.body)
            ? "yyyy/mm/dd hh:mm:ss [error] pid#tid: … (nginx)"
            : "[Day Mon dd hh:mm:ss yyyy] [module:level] [pid …] … (Apache)",
        }),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/error.log": text(
              "[Thu Mar 12 08:14:02.412233 2026] [php:error] [pid 2211] [client 198.51.100.23:51234] PHP Fatal error:" +
                "  Uncaught PDOException in /var/www/html/db.php:12\n",
            ),
          },
        },
        {
          server: "nginx",
          routes: {
            "/logs/error.log": text(
              "2026/03/12 08:14:02 [error] 31#31: *7 connect() failed (111: Connection refused) while connecting to " +
                'upstream, client: 198.51.100.23, server: shop.example.com, upstream: "http://10.0.2.15:8080/"\n',
            ),
          },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.php-error-log",
    category: "exposed-file",
    protocol: "http",
    title: "PHP error log exposed (error_log)",
    severity: "medium",
    description:
      "The site serves PHP's error log (the error_log file PHP writes beside the scripts on shared hosts): the " +
      "application's paths, failing queries and stack traces, sometimes with the arguments passed.",
    remediation: `${MOVE} set error_log in php.ini to a path outside the web root and log_errors_max_len as needed.`,
    references: ["https://www.php.net/manual/en/errorfunc.configuration.php#ini.error-log", ...REFS],
    cwe: LOG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/error_log", "/php_errors.log", "/php-errors.log", "/php_error.log", "/logs/php_errors.log"],
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          {
            regex: [
              /^\[\d{2}-\w{3}-\d{4} \d{2}:\d{2}:\d{2}( [\w/+-]+)?\] PHP (Fatal error|Warning|Notice|Parse error|Deprecated|Stack trace)/m,
            ],
          },
        ],
        matched: "[dd-Mon-yyyy hh:mm:ss UTC] PHP Warning: …",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/error_log": text(
            "[12-Mar-2026 08:14:02 UTC] PHP Warning:  mysqli_connect(): (HY000/1045): Access denied for user " +
              "'shop'@'localhost' (using password: YES) in /home/shop/public_html/inc/db.php on line 4\n",
          ),
        },
      },
      clean: { server: "apache", routes: { "/error_log": { status: 403 } } },
    },
  },
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
              "0 info it worked if it ends with ok\n1 verbose cli [ '/usr/bin/node', '/usr/bin/npm', 'run', 'build' ]\n" +
                "2 info using npm@6.14.18\n3 info using node@v14.21.3\n",
            ),
          },
          expect: { extracted: { version: "6.14.18" } },
        },
        {
          server: "express",
          routes: {
            "/yarn-error.log": text(
              "Arguments: \n  /usr/local/bin/node /usr/local/bin/yarn install\n\nPATH: \n  /usr/local/bin:/usr/bin\n\n" +
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
            regex: [
              /^\[\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2})?\] (request|security|doctrine|app|php|event|console)\.(DEBUG|INFO|NOTICE|WARNING|ERROR|CRITICAL):/m,
            ],
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
            regex: [/^\[\d{4}-\d{2}-\d{2}[T ][\d:.+-]+\] (main|report)\.(DEBUG|INFO|NOTICE|WARNING|ERROR|CRITICAL):/m],
          },
        ],
        matched: "[yyyy-mm-dd hh:mm:ss] main.CRITICAL: …",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/var/log/exception.log": text(
            "[2026-03-12T08:14:02.412233+00:00] main.CRITICAL: SQLSTATE[HY000] [2002] Connection refused " +
              '{"exception":"[object] (Zend_Db_Adapter_Exception(code: 2002) at /var/www/magento/vendor/x.php:12)"} []\n',
          ),
        },
      },
      clean: { server: "nginx", routes: { "/var/log/exception.log": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.tomcat-log",
    category: "exposed-file",
    protocol: "http",
    title: "Tomcat log exposed (catalina.out)",
    severity: "medium",
    description:
      "The site serves Tomcat's console log: the server's version and paths, deployed applications and their " +
      "exceptions, and whatever the applications print.",
    remediation: `${MOVE} keep $CATALINA_BASE/logs outside every webapp's docBase and never map it as a context.`,
    references: ["https://tomcat.apache.org/tomcat-10.1-doc/logging.html", ...REFS],
    cwe: LOG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/logs/catalina.out", "/catalina.out", "/logs/catalina.log"],
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          { regex: [/ (INFO|WARNING|SEVERE) \[[\w .-]+\] org\.apache\.(catalina|coyote)\.[\w.]+ /] },
        ],
        extract: [{ name: "version", regex: /Server version( name)?:\s+Apache Tomcat\/([\d.]+)/, group: 2 }],
        matched: "dd-Mon-yyyy hh:mm:ss INFO [main] org.apache.catalina.… ",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/logs/catalina.out": text(
            "12-Mar-2026 08:14:02.412 INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Server version " +
              "name:   Apache Tomcat/9.0.85\n12-Mar-2026 08:14:05.002 INFO [main] " +
              "org.apache.catalina.startup.Catalina.start Server startup in [2815] milliseconds\n",
          ),
        },
        expect: { extracted: { version: "9.0.85" } },
      },
      clean: { server: "tomcat", routes: {} },
    },
  },
  {
    kind: "http.exposed.ws-ftp-log",
    category: "exposed-file",
    protocol: "http",
    title: "WS_FTP transfer log exposed (WS_FTP.LOG)",
    severity: "low",
    description:
      "The site serves the log WS_FTP writes into every folder it uploads to: the uploading workstation's paths, " +
      "the FTP server's name and the files transferred (including ones not linked from the site).",
    remediation: `${MOVE} turn off WS_FTP's per-folder logging and delete the WS_FTP.LOG files on the server.`,
    references: REFS,
    cwe: LOG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/WS_FTP.LOG", "/ws_ftp.log"],
        // 2026.03.12 08:14 B C:\site\index.html --> ftp.example.com /public_html index.html
        match: [OK_OR_PARTIAL, NOT_HTML, { regex: [/^\d{2,4}\.\d{2}\.\d{2} \d{2}:\d{2} [AB] \S.* (-->|<--) \S+ /m] }],
        matched: "yyyy.mm.dd hh:mm B C:\\… --> ftp.… /…",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/WS_FTP.LOG": text(
            "2026.03.12 08:14 B C:\\Sites\\shop\\index.html --> ftp.example.com /public_html index.html\r\n" +
              "2026.03.12 08:14 B C:\\Sites\\shop\\old-admin.php --> ftp.example.com /public_html old-admin.php\r\n",
          ),
        },
      },
      clean: { server: "iis", routes: {} },
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
              /^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}([.,]\d+)?\]?\s+(-\s+[\w.]+\s+-\s+)?\[?(TRACE|DEBUG|INFO|WARN|WARNING|ERROR|CRITICAL|FATAL)\]?\s/m,
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
]);
