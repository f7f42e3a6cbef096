// Web servers' logs left where they are served: access and error logs (Apache, nginx), PHP's error_log, Tomcat's
// catalina.out and WS_FTP's transfer log. Each is proven by its own line format (a timestamp and level in the
// product's shape), never by the status or the file name.
import { checks, CVSS_READ_LOW, cwe, NOT_HTML, OK_OR_PARTIAL, OWASP_FILES, text } from "../../declare.ts";

const REFS = [cwe(532), OWASP_FILES];
const LOG_CWE = [532, 538];
const MOVE = "Write logs outside the web root (or deny the path on the web server), and delete the copies served;";

/** A common/combined log line (vhost_combined starts with "host:port "): … [dd/Mon/yyyy:hh:mm:ss +zzzz] "GET …" 200 */
const ACCESS_LINE =
  /^([\w.-]+:\d+ )?[\d.:a-fA-F]+ \S+ \S+ \[\d\d\/\w{3}\/\d{4}(:\d\d){3} [+-]\d{4}\] "[A-Z]+ \S+ HTTP\/[\d.]+" \d{3} /m;

/** Tomcat 7 and older, two lines: "Mar 12, 2026 8:14:02 AM org.apache.catalina.… start" then "INFO: …". */
const TOMCAT7_LINE =
  /^\w{3} \d{1,2}, \d{4} [\d:]{7,8} [AP]M org\.apache\.(catalina|coyote)\.[\w.]+ \w+\r?\n(INFO|WARNING|SEVERE): /m;

/** PHP's error_log line: [12-Mar-2026 08:14:02 UTC] PHP Warning: … */
const PHP_ERROR_LINE =
  /^\[\d{2}-\w{3}-\d{4} [\d:]{8}( [\w/+-]+)?\] PHP (Fatal error|Warning|Notice|Parse error|Deprecated|Stack trace)/m;

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
            regex: [ACCESS_LINE],
          },
        ],
        matched: '… - - [dd/Mon/yyyy:hh:mm:ss +zzzz] "GET … HTTP/1.1" 200 …',
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/logs/access.log": text(
              '198.51.100.23 - - [12/Mar/2026:08:14:02 +0000] "GET /account?token=9f2c1e HTTP/1.1" 200 5123 "-" ' +
                '"Mozilla/5.0"\n203.0.113.4 - admin [12/Mar/2026:08:14:09 +0000] "POST /admin/login HTTP/1.1" 302 0\n',
            ),
          },
        },
        {
          server: "apache",
          routes: {
            "/access_log": text(
              'shop.example.com:443 198.51.100.23 - - [12/Mar/2026:08:14:02 +0000] "GET / HTTP/2.0" 200 5123 ' +
                '"-" "curl/8"\n',
            ),
          },
        },
      ],
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
              /^\[\w{3} \w{3} \d{2} [\d:.]{8,} \d{4}\] \[(\w+:)?(emerg|alert|crit|error|warn|notice|info|debug)\] /m,
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
        paths: [
          "/error_log",
          "/wp-admin/error_log",
          "/php_errors.log",
          "/php-errors.log",
          "/php_error.log",
          "/logs/php_errors.log",
        ],
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          {
            regex: [PHP_ERROR_LINE],
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
          {
            regex: [/ (INFO|WARNING|SEVERE) \[[\w .-]+\] org\.apache\.(catalina|coyote)\.[\w.]+ /, TOMCAT7_LINE],
            condition: "or",
          },
        ],
        extract: [{ name: "version", regex: /Server version( name)?:\s+Apache Tomcat\/([\d.]+)/, group: 2 }],
        matched: "dd-Mon-yyyy hh:mm:ss INFO [main] org.apache.catalina.… ",
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "tomcat",
          routes: {
            "/logs/catalina.out": text(
              "12-Mar-2026 08:14:02.412 INFO [main] org.apache.catalina.startup.VersionLoggerListener.log Server " +
                "version " +
                "name:   Apache Tomcat/9.0.85\n12-Mar-2026 08:14:05.002 INFO [main] " +
                "org.apache.catalina.startup.Catalina.start Server startup in [2815] milliseconds\n",
            ),
          },
          expect: { extracted: { version: "9.0.85" } },
        },
        {
          server: "tomcat",
          routes: {
            "/catalina.out": text(
              "Mar 12, 2026 8:14:02 AM org.apache.catalina.startup.Catalina start\nINFO: Server startup in 2815 ms\n",
            ),
          },
        },
      ],
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
]);
