// Debug, diagnostics and statistics endpoints of PHP frameworks and applications: Laravel's Telescope, Horizon and
// Debugbar, PHP cache status pages, phpMyAdmin's setup script, WordPress XML-RPC, AWStats and phpSysInfo.
import { checks, html, json, JSON_TYPE, NOT_HTML, OK, text } from "../../declare.ts";

const DEBUG_REFS = [
  "https://cwe.mitre.org/data/definitions/215.html",
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/02-Test_Application_Platform_Configuration",
];
/** A Laravel package's page: its layout hands its settings to the script as window.<Name> = {"path":…}. */
const laravelPage = (name: string, path: string) =>
  html(
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="csrf-token" content="Yx9kQ2">\n' +
      `<meta name="robots" content="noindex, nofollow">\n<title>${name} - Shop</title>\n<link href="/vendor/` +
      `${path}/app.css?id=7e1c" rel="stylesheet" type="text/css">\n</head>\n<body>\n<div id="${path}" v-cloak>` +
      `</div>\n<script>\n    window.${name} = {"path":"${path}","timezone":"UTC","recording":true};\n</script>\n` +
      `<script src="/vendor/${path}/app.js?id=9a2f"></script>\n</body>\n</html>\n`,
  );

export default checks([
  {
    kind: "http.exposed.laravel-telescope",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Laravel Telescope open to anyone",
    severity: "high",
    description:
      "Laravel Telescope answers without a login: every recorded request with its headers, cookies and payload, " +
      "database queries, exceptions, mails, jobs and cache entries of the application's users.",
    remediation:
      "Install Telescope only for local development (composer require --dev, TELESCOPE_ENABLED=false in " +
      "production), or restrict the viewTelescope gate in TelescopeServiceProvider to named administrators.",
    references: ["https://laravel.com/docs/telescope#dashboard-authorization", ...DEBUG_REFS],
    cwe: [215, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    product: "Laravel Telescope",
    http: [
      {
        paths: ["/telescope/requests", "/telescope"],
        match: [OK, { regex: [/window\.Telescope\s*=\s*\{"path":/, /\/vendor\/telescope\/app\.js/] }],
      },
    ],
    fixtures: {
      vulnerable: { server: "nginx", routes: { "/telescope/requests": laravelPage("Telescope", "telescope") } },
      clean: {
        server: "nginx",
        routes: {
          "/telescope/requests": html("<!DOCTYPE html><html><head><title>Forbidden</title></head></html>", 403),
        },
      },
    },
  },
  {
    kind: "http.exposed.laravel-horizon",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Laravel Horizon dashboard open to anyone",
    severity: "medium",
    description:
      "Laravel Horizon's dashboard answers without a login: the application's queues and jobs with their payloads " +
      "(often user data), failed jobs with their exceptions, and buttons that retry them.",
    remediation:
      "Restrict the viewHorizon gate in HorizonServiceProvider to named administrators (it only allows everyone " +
      "in the local environment: check APP_ENV=production).",
    references: ["https://laravel.com/docs/horizon#dashboard-authorization", ...DEBUG_REFS],
    cwe: [306, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N",
    product: "Laravel Horizon",
    http: [
      {
        paths: ["/horizon/dashboard", "/horizon"],
        match: [OK, { regex: [/window\.Horizon\s*=\s*\{"path":/, /\/vendor\/horizon\/app\.js/] }],
      },
    ],
    fixtures: {
      vulnerable: { server: "nginx", routes: { "/horizon/dashboard": laravelPage("Horizon", "horizon") } },
      clean: { server: "nginx", routes: { "/horizon/dashboard": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.laravel-debugbar",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Laravel Debugbar stored requests readable",
    severity: "high",
    description:
      "Laravel Debugbar is on in production and its open handler lists the stored requests: each holds the " +
      "request's session, cookies, database queries with their values and the views' data.",
    remediation:
      "Set APP_DEBUG=false and DEBUGBAR_ENABLED=false in production, or install it only as a dev dependency.",
    references: ["https://github.com/barryvdh/laravel-debugbar#usage", ...DEBUG_REFS],
    cwe: [215, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    http: [
      {
        paths: ["/_debugbar/open?max=20&offset=0"],
        match: [OK, JSON_TYPE, { json: { "[].id": /^X?[0-9a-f]{16,}$/, "[].utime": "string", "[].uri": "string" } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/_debugbar/open?max=20&offset=0": json([
            {
              id: "X4c1f0e9b8a7d6c5b4a39281706f5e4d3",
              datetime: "2026-03-02 10:00:00",
              utime: "1772445600.1234",
              method: "POST",
              uri: "/login",
              ip: "203.0.113.7",
            },
          ]),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.php-cache-status",
    category: "exposed-endpoint",
    protocol: "http",
    title: "PHP cache status page exposed (APC, APCu, OPcache)",
    severity: "medium",
    description:
      "A PHP cache administration page (apc.php, an OPcache status script) is public: the cached scripts with " +
      "their paths, the user cache's keys and values, PHP's settings, and buttons that clear the cache.",
    remediation:
      "Delete the status script from the document root, or protect it (apc.php: set ADMIN_PASSWORD and keep " +
      "USE_AUTHENTICATION on; allow it only from the management network).",
    references: [
      "https://www.php.net/manual/en/book.apcu.php",
      "https://www.php.net/manual/en/book.opcache.php",
      ...DEBUG_REFS,
    ],
    cwe: [200, 215],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N",
    http: [
      {
        paths: ["/apc.php", "/apcu.php", "/opcache.php", "/opcache-status.php", "/ocp.php", "/opcache/"],
        match: [
          OK,
          {
            any: [
              { regex: [/<title>APCu? INFO\b/, /APCu? Version/] },
              {
                regex: [
                  /<title>[^<]*OPcache (statistics|Status|Control Panel|Dashboard)/i,
                  /opcache_(get_status|enabled)|Cached scripts|used_memory/i,
                ],
              },
            ],
          },
        ],
        extract: [{ name: "version", regex: /APCu? Version<\/td><td>([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/apc.php": html(
              '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN"><html><head><title>APCu INFO web01' +
                '</title></head><body><div class="head"><h1 class="apc"><div class="logo"><span class="logo"><a ' +
                'href="http://pecl.php.net/package/APCu">APCu</a></span></div></h1></div><div class="info div1"><h2>' +
                "General Cache Information</h2><table><tr class=tr-0><td class=td-0>APCu Version</td><td>5.1.23</td>" +
                "</tr><tr class=tr-1><td class=td-0>PHP Version</td><td>8.2.7</td></tr></table></div></body></html>",
            ),
          },
          expect: { extracted: { version: "5.1.23" } },
        },
        {
          server: "nginx",
          routes: {
            "/opcache.php": html(
              '<!DOCTYPE html><html><head><title>OPcache statistics on shop.example</title></head><body><div id="' +
                'interface"><h1>OPcache statistics</h1><table><tr><th>used_memory</th><td>41.3MB</td></tr><tr><th>' +
                "Cached scripts</th><td>1204</td></tr></table></div></body></html>",
            ),
          },
        },
      ],
      clean: { server: "apache", routes: { "/apc.php": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.phpmyadmin-setup",
    category: "exposed-endpoint",
    protocol: "http",
    title: "phpMyAdmin setup script reachable",
    severity: "medium",
    description:
      "phpMyAdmin's setup script answers without a login: it shows the configured database servers and writes a " +
      "configuration, and old releases had code injection flaws through it (CVE-2009-1151, CVE-2011-2505).",
    remediation:
      "Delete the setup/ directory after configuring phpMyAdmin (Debian: keep /etc/phpmyadmin/htpasswd.setup " +
      "empty so it stays locked).",
    references: ["https://docs.phpmyadmin.net/en/latest/setup.html#using-the-setup-script", ...DEBUG_REFS],
    cwe: [1188, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N",
    product: "phpMyAdmin",
    http: [
      {
        paths: ["/phpmyadmin/setup/", "/phpMyAdmin/setup/", "/pma/setup/", "/setup/index.php"],
        match: [OK, { regex: [/<title>phpMyAdmin setup<\/title>/i] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/phpmyadmin/setup/": html(
            '<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>phpMyAdmin setup</title>' +
              '</head><body><h1><span class="blue">php</span><span class="orange">MyAdmin</span> setup</h1><div ' +
              'id="page"><h2>Overview</h2><fieldset class="simple"><legend>Servers</legend></fieldset></div></body>' +
              "</html>",
          ),
        },
      },
      clean: {
        server: "apache",
        routes: {
          "/phpmyadmin/setup/": { status: 401, headers: { "www-authenticate": 'Basic realm="phpMyAdmin Setup"' } },
        },
      },
    },
  },
  {
    kind: "http.exposed.wordpress-xmlrpc",
    category: "exposed-endpoint",
    protocol: "http",
    title: "WordPress XML-RPC interface enabled",
    severity: "low",
    description:
      "WordPress's xmlrpc.php answers: system.multicall tries hundreds of passwords in one request (past login " +
      "rate limits), and pingback.ping makes the site request any URL (port scans, DDoS reflection).",
    remediation:
      "Disable XML-RPC when no client needs it (add_filter('xmlrpc_enabled', '__return_false'), or deny " +
      "/xmlrpc.php at the web server), or at least remove system.multicall and pingback.ping.",
    references: [
      "https://developer.wordpress.org/reference/hooks/xmlrpc_enabled/",
      "https://cwe.mitre.org/data/definitions/307.html",
    ],
    cwe: [307, 918],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    product: "WordPress",
    http: [
      {
        paths: ["/xmlrpc.php"],
        method: "POST",
        headers: { "content-type": "text/xml" },
        body:
          "<?xml " +
          'version="1.0"?><methodCall><methodName>system.listMethods</methodName><params></params></methodCall>',
        match: [OK, NOT_HTML, { regex: [/<methodResponse>/, /<string>system\.multicall<\/string>/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "POST /xmlrpc.php": {
            headers: { "content-type": "text/xml; charset=UTF-8" },
            body:
              '<?xml version="1.0" encoding="UTF-8"?>\n<methodResponse>\n  <params>\n    <param>\n      <value>\n' +
              "      <array><data>\n  <value><string>system.multicall</string></value>\n  <value><string>system." +
              "listMethods</string></value>\n  <value><string>pingback.ping</string></value>\n  <value><string>wp." +
              "getUsersBlogs</string></value>\n</data></array>\n      </value>\n    </param>\n  </params>\n" +
              "</methodResponse>\n",
          },
        },
      },
      clean: { server: "apache", routes: { "POST /xmlrpc.php": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.awstats",
    category: "exposed-endpoint",
    protocol: "http",
    title: "AWStats web statistics public",
    severity: "medium",
    description:
      "AWStats reports are public: the site's visitors' addresses and host names, every URL requested (private " +
      "and unlinked ones too), referrers, search terms and the authenticated users' names.",
    remediation:
      "Require authentication on awstats.pl (AllowAccessFromWebToAuthenticatedUsersOnly=1 with the web server's " +
      "basic auth) or AllowAccessFromWebToFollowingIPAddresses; Debian serves it only when configured to.",
    references: ["https://www.awstats.org/docs/awstats_security.html", ...DEBUG_REFS],
    cwe: [200, 359],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    product: "AWStats",
    http: [
      {
        paths: ["/awstats/awstats.pl", "/cgi-bin/awstats.pl", "/awstats.pl"],
        match: [OK, { regex: [/<meta name="generator" content="AWStats [\d.]+/i] }],
        extract: [{ name: "version", regex: /content="AWStats ([\d.]+)/i }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/cgi-bin/awstats.pl": html(
            '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN">\n<html><head>\n<meta name="generator" ' +
              'content="AWStats 7.8 (build 20200416) from config file awstats.shop.example.conf (http://www.awstats.' +
              'org)">\n<title>Statistics for shop.example (2026-03)</title>\n</head><body><table><tr><td>203.0.113.7' +
              "</td><td>/internal/export.csv</td></tr></table></body></html>",
          ),
        },
        expect: { extracted: { version: "7.8" } },
      },
      clean: { server: "apache", routes: { "/cgi-bin/awstats.pl": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.phpsysinfo",
    category: "exposed-endpoint",
    protocol: "http",
    title: "phpSysInfo system information public",
    severity: "low",
    description:
      "phpSysInfo is public: the host's name, addresses, kernel and distribution versions, hardware, mounted file " +
      "systems, network interfaces and, with plugins, processes and services.",
    remediation: "Remove phpSysInfo from the public site or require authentication on its directory.",
    references: ["https://phpsysinfo.github.io/phpsysinfo/", ...DEBUG_REFS],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    product: "phpSysInfo",
    http: [
      {
        paths: ["/phpsysinfo/xml.php", "/xml.php"],
        match: [OK, NOT_HTML, { regex: [/<tns:phpsysinfo\b/, /<Generation version="[\d.]+"/] }],
        extract: [{ name: "version", regex: /<Generation version="([\d.]+)"/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/phpsysinfo/xml.php": text(
            '<?xml version="1.0" encoding="UTF-8"?>\n<tns:phpsysinfo xmlns:tns="http://phpsysinfo.sourceforge.net/"' +
              ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><Generation version="3.4.3" timestamp=' +
              '"1772445600"/><Vitals Hostname="web01" IPAddr="10.0.0.5" Kernel="6.1.0-17-amd64 (SMP) x86_64" ' +
              'Distro="Debian GNU/Linux 12 (bookworm)"/></tns:phpsysinfo>\n',
            { "content-type": "text/xml" },
          ),
        },
        expect: { extracted: { version: "3.4.3" } },
      },
      clean: { server: "apache", routes: { "/phpsysinfo/xml.php": { status: 403 } } },
    },
  },
]);
