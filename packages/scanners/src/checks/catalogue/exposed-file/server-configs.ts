// Web servers' and proxies' configuration files copied into the web root: nginx, Apache (.htaccess, httpd.conf) and
// HAProxy. Proven by their directives; raised when they hold a secret (shown masked).
import { checks, CVSS_READ_LOW, cwe, NOT_HTML, OK, OWASP_FILES, secretsRaise, text } from "../../declare.ts";

const REFS = [cwe(538), OWASP_FILES];
const CONFIG_CWE = [538, 200];
const OUT = "Keep server configuration outside the document root (deny the path on the web server),";

/** A directive .htaccess files hold (a page does not start a line with these). */
const HTACCESS_DIRECTIVE = new RegExp(
  String.raw`^\s*(RewriteEngine\s+On|RewriteRule\s+\S+|RewriteCond\s+%\{|AuthUserFile\s+\S+|AuthType\s+\w+|` +
    String.raw`<IfModule\s+[\w.]+>|DirectoryIndex\s+\S+|Options\s+[+-]?\w+|ErrorDocument\s+\d{3}|` +
    String.raw`Require\s+(all|valid-user|ip)|SetEnv\s+\w+|php_(value|flag)\s+\w+)`,
  "im",
);

export default checks([
  {
    kind: "http.exposed.nginx-config",
    category: "exposed-file",
    protocol: "http",
    title: "nginx configuration exposed (nginx.conf)",
    severity: "medium",
    description:
      "The site serves an nginx configuration: its virtual hosts, internal upstream addresses, file system paths " +
      "and the rules that protect (or fail to protect) its private locations.",
    remediation: `${OUT} and review what it reveals: internal addresses and the paths of password files.`,
    references: ["https://nginx.org/en/docs/beginners_guide.html#conf_structure", ...REFS],
    cwe: CONFIG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/nginx.conf", "/conf/nginx.conf", "/nginx/nginx.conf", "/default.conf"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [
              /^\s*(http|server|events|upstream \S+)\s*\{/m,
              /^\s*(listen|server_name|root|proxy_pass|worker_processes)\s+\S[^;\n]*;/m,
            ],
          },
        ],
        extract: [{ name: "upstreams", regex: /proxy_pass\s+https?:\/\/([^/;\s]+)/g, all: true }],
        judge: secretsRaise("high", "server { listen …; server_name …; }"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/nginx.conf": text(
            "user www-data;\nworker_processes auto;\nevents { worker_connections 768; }\nhttp {\n  server {\n" +
              "    listen 80;\n    server_name shop.example.com;\n    root /var/www/shop/public;\n" +
              "    location /api/ { proxy_pass http://10.0.2.15:8080; }\n  }\n}\n",
          ),
        },
        expect: { extracted: { upstreams: ["10.0.2.15:8080"] } },
      },
      clean: { server: "nginx", routes: { "/nginx.conf": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.htaccess",
    category: "exposed-file",
    protocol: "http",
    title: "Apache .htaccess exposed",
    severity: "low",
    description:
      "The site serves its .htaccess: rewrite rules, access restrictions and the path of the password file they " +
      "use (AuthUserFile), a map of what the site protects and how; raised when it sets a secret (SetEnv).",
    remediation:
      'Apache denies .ht* files by default (<Files ".ht*"> Require all denied): restore that rule; on nginx add ' +
      "location ~ /\\.ht { deny all; }.",
    references: ["https://httpd.apache.org/docs/2.4/howto/htaccess.html", ...REFS],
    cwe: CONFIG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.htaccess", "/.htaccess.bak", "/htaccess.txt"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [HTACCESS_DIRECTIVE],
          },
        ],
        extract: [{ name: "passwordFile", regex: /^\s*AuthUserFile\s+"?([^"\s]+)/m }],
        judge: secretsRaise("medium", "RewriteEngine On … (Apache directives)"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.htaccess": text(
            "<IfModule mod_rewrite.c>\nRewriteEngine On\nRewriteBase /\nRewriteRule ^index\\.php$ - " +
              "[L]\n</IfModule>\n" +
              'AuthType Basic\nAuthName "Staff"\nAuthUserFile /home/shop/.htpasswds/admin\n',
          ),
        },
        expect: { extracted: { passwordFile: "/home/shop/.htpasswds/admin" } },
      },
      clean: { server: "apache", routes: { "/.htaccess": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.apache-config",
    category: "exposed-file",
    protocol: "http",
    title: "Apache server configuration exposed (httpd.conf)",
    severity: "medium",
    description:
      "The site serves an Apache server configuration: its virtual hosts and document roots, loaded modules, proxy " +
      "targets and access rules.",
    remediation: `${OUT} and review the internal addresses and paths it reveals.`,
    references: ["https://httpd.apache.org/docs/2.4/configuring.html", ...REFS],
    cwe: CONFIG_CWE,
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/httpd.conf", "/apache2.conf", "/conf/httpd.conf", "/apache/conf/httpd.conf"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^\s*(ServerRoot|LoadModule|Listen|DocumentRoot|<VirtualHost)\s/m] },
          { regex: [/^\s*(ServerName|ServerAdmin|ErrorLog|<Directory|Include(Optional)?|IncludeOptional)\s/m] },
        ],
        extract: [{ name: "documentRoot", regex: /^\s*DocumentRoot\s+"?([^"\s]+)/m }],
        judge: secretsRaise("high", "ServerRoot … LoadModule … DocumentRoot …"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/httpd.conf": text(
            'ServerRoot "/etc/httpd"\nListen 80\nLoadModule rewrite_module modules/mod_rewrite.so\n' +
              'ServerAdmin ops@example.com\nDocumentRoot "/var/www/html"\n<Directory "/var/www/html">\n' +
              "    AllowOverride All\n</Directory>\n",
          ),
        },
        expect: { extracted: { documentRoot: "/var/www/html" } },
      },
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.haproxy-config",
    category: "exposed-file",
    protocol: "http",
    title: "HAProxy configuration exposed (haproxy.cfg)",
    severity: "medium",
    description:
      "The site serves an HAProxy configuration: the back-end servers' internal addresses, the routing rules, and " +
      "often the statistics page's user and password (stats auth), raised to high then.",
    remediation: `${OUT} and change the stats auth password if the file sets one.`,
    references: ["https://docs.haproxy.org/2.8/configuration.html", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/haproxy.cfg", "/haproxy/haproxy.cfg"],
        match: [OK, NOT_HTML, { regex: [/^(global|defaults)\s*$/m, /^(frontend|backend|listen)\s+\S+/m] }],
        extract: [{ name: "servers", regex: /^\s*server\s+\S+\s+([\w.-]+:\d+)/gm, all: true }],
        judge: (r) =>
          /^\s*stats\s+auth\s+[^:\s]+:\S+/m.test(r.body)
            ? { matched: "listen stats … stats auth …:…", severity: "high" }
            : { matched: "global … frontend … backend …" },
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/haproxy.cfg": text(
            "global\n    log /dev/log local0\n    maxconn 4096\n\ndefaults\n    mode http\n\nfrontend web\n" +
              "    bind *:80\n    default_backend app\n\nbackend app\n    server app1 10.0.2.21:8080 check\n" +
              "    server app2 10.0.2.22:8080 check\n\nlisten stats\n    bind *:8404\n    stats enable\n" +
              "    stats auth admin:Hp4!xq92\n",
          ),
        },
        expect: { severity: "high", extracted: { servers: ["10.0.2.21:8080", "10.0.2.22:8080"] } },
      },
      clean: { server: "go", routes: {} },
    },
  },
]);
