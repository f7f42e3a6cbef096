// Network and infrastructure monitoring consoles (Zabbix, Nagios, Icinga, Checkmk, Cacti, PRTG), Splunk Web and
// Ambari. They hold the inventory of the estate and, often, credentials for every device they poll; several run
// commands on the hosts they watch.
import { checks, html, OK } from "../../declare.ts";
import { panel } from "../../kit.ts";

const PAGE = html("<!doctype html><title>Acme</title>");

export default checks([
  panel({
    slug: "zabbix",
    product: "Zabbix",
    severity: "medium",
    description:
      "Zabbix's web frontend answers from the internet: the inventory of every monitored host, and scripts that run " +
      "on them, are one password away (Admin/zabbix by default).",
    fix:
      "Allow the frontend only from the administrators' networks and enable MFA (Users > Authentication > MFA " +
      "settings, Zabbix 7).",
    docs: "https://www.zabbix.com/documentation/current/en/manual/installation/requirements/best_practices",
    http: [
      {
        paths: ["/zabbix/", "/zabbix/index.php", "/index.php"],
        match: [OK, { regex: [/Zabbix SIA/] }, { regex: [/name="enter"|<title>[^<]*Zabbix<\/title>/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/zabbix/": html(
            '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8" /><title>Zabbix</title><link rel="' +
              'stylesheet" type="text/css" href="assets/styles/blue-theme.css?1702370633" ' +
              "/></head>\n<body><main><div " +
              'class="signin-container"><form method="post" action="index.php"><ul><li><label for="name">Username' +
              '</label><input type="text" id="name" name="name"></li><li><button type="submit" id="enter" ' +
              'name="enter" ' +
              'value="Sign in">Sign in</button></li></ul></form></div><div class="signin-links">&copy; ' +
              "2001&ndash;2024, " +
              '<a class="grey link-alt" target="_blank" rel="noopener noreferrer" href="https://www.zabbix.com/">' +
              "Zabbix SIA</a></div></main></body></html>",
          ),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  }),
  panel({
    slug: "nagios",
    product: "Nagios Core",
    description:
      "Nagios's web interface asks for a password from the internet (realm Nagios Access): the monitored estate " +
      "and its commands (disable checks, schedule downtime) are one password away (nagiosadmin is the usual user).",
    fix:
      "Allow /nagios only from the administrators' networks (Require ip in the Apache configuration of " +
      "nagios.conf).",
    docs: "https://assets.nagios.com/downloads/nagioscore/docs/nagioscore/4/en/cgisecurity.html",
    http: [
      {
        paths: ["/nagios/", "/nagios4/", "/nagios3/"],
        match: [{ status: [401] }, { part: "header:www-authenticate", regex: [/realm="Nagios( Core)? Access"/i] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/nagios/": {
            status: 401,
            headers: { "www-authenticate": 'Basic realm="Nagios Access"', "content-type": "text/html" },
          },
        },
      },
      clean: { server: "apache", routes: { "/nagios/": { status: 403 } } },
    },
  }),
  panel({
    slug: "icinga-web",
    product: "Icinga Web 2",
    description:
      "Icinga Web 2's login answers from the internet: the monitored estate and the commands Icinga sends to it are " +
      "one password away.",
    fix:
      "Allow /icingaweb2 only from the administrators' networks, or authenticate in front of it (the web server's " +
      "external authentication with SSO).",
    docs: "https://icinga.com/docs/icinga-web/latest/doc/05-Authentication/",
    http: [
      {
        paths: ["/icingaweb2/authentication/login", "/authentication/login"],
        match: [OK, { regex: [/<title>Icinga Web 2 Login<\/title>|id="icinga-logo"/] }, { regex: [/icinga/i] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/icingaweb2/authentication/login": html(
            '<!DOCTYPE html>\n<html class="no-js" lang="en">\n<head>\n<title>Icinga Web 2 Login</title>\n<link ' +
              'type="text/css" rel="stylesheet" href="/icingaweb2/css/icinga.min.css">\n</head>\n<body ' +
              'id="body"><div ' +
              'id="login"><div id="icinga-logo" aria-hidden="true"></div><form id="form_login" name="form_login" ' +
              'method="post" action="/icingaweb2/authentication/login"></form></div></body></html>',
          ),
        },
      },
      clean: { server: "apache", routes: {} },
    },
  }),
  panel({
    slug: "checkmk",
    product: "Checkmk",
    description:
      "Checkmk's login answers from the internet with its version: the monitored estate, the passwords it polls " +
      "with and its agent bakery are one password away.",
    fix:
      "Allow the site's URL only from the administrators' networks and enable two-factor authentication for its " +
      "users.",
    docs: "https://docs.checkmk.com/latest/en/security.html",
    http: [
      {
        paths: ["/check_mk/login.py", "/monitoring/check_mk/login.py", "/cmk/check_mk/login.py"],
        match: [OK, { regex: [/name="_login"/] }, { regex: [/<title>Checkmk<\/title>|checkmk\.com/] }],
        extract: [{ name: "version", regex: /Version: ([\d.]+(?:[pib]\d+)?)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/monitoring/check_mk/login.py": html(
            '<!DOCTYPE HTML>\n<html><head><meta content="text/html; charset=utf-8" http-equiv="Content-Type">' +
              '<title>Checkmk</title></head><body class="main login"><div id="login"><form id="form_login" name="' +
              'login" action="login.py" method="POST"><input type="hidden" name="_login" value="1"></form><div id="' +
              'foot">Version: 2.2.0p12 - &copy; <a href="https://checkmk.com" target="_blank">Checkmk GmbH</a></div>' +
              "</div></body></html>",
          ),
        },
        expect: { extracted: { version: "2.2.0p12" } },
      },
      clean: { server: "apache", routes: {} },
    },
  }),
  panel({
    slug: "cacti",
    product: "Cacti",
    severity: "medium",
    description:
      "Cacti's login answers from the internet with its version: Cacti has had pre-authentication remote code " +
      "execution flaws (CVE-2022-46169), and its devices' SNMP communities are one password away.",
    fix: "Allow Cacti only from the administrators' networks and keep it on a fixed release.",
    docs: "https://github.com/Cacti/cacti/security/advisories",
    http: [
      {
        paths: ["/cacti/", "/cacti/index.php", "/index.php"],
        match: [OK, { regex: [/<title>Login to Cacti<\/title>/] }],
        extract: [{ name: "version", regex: /cactiVersion\s*=\s*'([\d.]+)'/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/cacti/": html(
            "<!DOCTYPE html>\n<html>\n<head>\n\t<title>Login to Cacti</title>\n\t<script type='text/javascript'>var " +
              "cactiVersion='1.2.25';\nvar cactiServerOS='unix';\nvar urlPath='/cacti/';</script>\n</head>\n<body>" +
              "<form name='login' method='post' action='/cacti/index.php'><input type='hidden' name='action' value=" +
              "'login'></form></body></html>",
          ),
        },
        expect: { extracted: { version: "1.2.25" } },
      },
      clean: { server: "apache", routes: {} },
    },
  }),
  panel({
    slug: "prtg",
    product: "PRTG Network Monitor",
    severity: "medium",
    description:
      "PRTG's web interface answers from the internet with its version: the monitored estate and the credentials " +
      "PRTG stores for its sensors (Windows, SNMP, SSH, databases) are one password away (prtgadmin by default).",
    fix:
      "Bind the PRTG web server to the internal network (Setup > System Administration > User Interface) and " +
      "enable two-factor authentication.",
    docs: "https://www.paessler.com/manuals/prtg/user_interface_settings",
    http: [
      {
        paths: ["/index.htm", "/public/login.htm"],
        match: [OK, { part: "header:server", regex: [/^PRTG\/[\d.]+/] }, { regex: [/PRTG Network Monitor/] }],
        extract: [{ name: "version", part: "header:server", regex: /^PRTG\/([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/index.htm": html(
            '<!doctype html><html class="loginscreen"><head><title>Welcome | PRTG Network Monitor (MONITOR01)</title>' +
              '</head><body id="mainbody" class="systemmenu loginscreen"><form id="loginform" ' +
              'action="/public/checklogin' +
              '.htm" method="post"><input id="loginusername" name="username"></form></body></html>',
            200,
            { server: "PRTG/23.4.90.1299" },
          ),
        },
        expect: { extracted: { version: "23.4.90.1299" } },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "splunk-web",
    product: "Splunk",
    severity: "medium",
    description:
      "Splunk Web's login answers from the internet with its version: the logs of the whole estate (and apps that " +
      "run scripts on the search head) are one password away.",
    fix:
      "Bind Splunk Web to the internal network (server.socket_host in web.conf) or disable it on forwarders " +
      "(startwebserver = 0), and use SSO with MFA.",
    docs: "https://docs.splunk.com/Documentation/Splunk/latest/Security/Hardeningstandards",
    http: [
      {
        paths: ["/en-US/account/login"],
        match: [OK, { regex: [/"VERSION_LABEL"\s*:/] }, { regex: [/<title>[^<]*Splunk[^<]*<\/title>/] }],
        extract: [{ name: "version", regex: /"VERSION_LABEL"\s*:\s*"([\d.]+)"/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/en-US/account/login": html(
            '<!doctype html><html class="no-js" lang="en-US"><head><meta charset="utf-8" /><title>Login | Splunk' +
              '</title><script>var $C = {"SPLUNKD_FREE_LICENSE":false,"BUILD_NUMBER":"e9494146ae5c","VERSION_LABEL":' +
              '"9.1.2","LOCALE":"en-US","FORM_KEY":"1234567890"};</script></head><body><div class="layout-login">' +
              "</div></body></html>",
            200,
            { server: "Splunkd" },
          ),
        },
        expect: { extracted: { version: "9.1.2" } },
      },
      clean: { server: "go", routes: {} },
    },
  }),
  panel({
    slug: "ambari",
    product: "Apache Ambari",
    severity: "medium",
    description:
      "Apache Ambari's console answers from the internet: the Hadoop clusters it provisions (and commands on " +
      "every node) are one password away (admin/admin by default).",
    fix: "Allow Ambari's port (8080) only from the administrators' networks and change the default admin password.",
    docs: "https://ambari.apache.org/",
    http: [{ root: true, match: [OK, { regex: [/<title>Ambari<\/title>/] }, { regex: [/javascripts\/app\.js/] }] }],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/": html(
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Ambari</title>\n<link ' +
              'rel="stylesheet" href="stylesheets/vendor.css">\n</head>\n<body>\n<div id="wrapper"></div>\n<script ' +
              'src="javascripts/vendor.js"></script>\n<script src="javascripts/app.js"></script>\n</body>\n</html>\n',
          ),
        },
      },
      clean: { server: "jetty", routes: { "/": PAGE } },
    },
  }),
]);
