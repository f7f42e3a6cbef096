// Firewalls, VPN gateways and routers, named by their own login pages. A VPN portal is meant for the internet (info),
// but it is where the edge's pre-authentication flaws are exploited, so knowing it is there and which one it is
// matters; an appliance's administration interface on the internet is a finding of its own (low to medium).
import { checks, html, json, JSON_TYPE, OK } from "../../declare.ts";
import { panel } from "../../kit.ts";

const REDIRECT_TO_VPN =
  '<html><script type="text/javascript">\nif (window!=top) top.location=window.location;top.location="/remote/login";' +
  "\n</script></html>\n";

export default checks([
  panel({
    slug: "fortigate-sslvpn",
    product: "FortiGate SSL VPN",
    title: "FortiGate SSL VPN portal exposed",
    severity: "info",
    description:
      "A FortiGate's SSL VPN portal answers: the gateway is named, and FortiOS's SSL VPN has had several " +
      "pre-authentication remote code execution flaws exploited in the wild, so it must be patched the day fixes ship.",
    fix:
      "Keep FortiOS on a fixed release; if the SSL VPN is unused, disable it (config vpn ssl settings: set status " +
      "disable).",
    docs: "https://docs.fortinet.com/document/fortigate/7.4.0/administration-guide/104338/ssl-vpn",
    http: [
      { root: true, match: [OK, { regex: [/top\.location="\/remote\/login"/] }] },
      {
        paths: ["/remote/login?lang=en"],
        match: [OK, { regex: [/action="\/remote\/logincheck"/] }, { regex: [/fortinet|fortigate|ftnt/i] }],
      },
    ],
    fixtures: {
      vulnerable: { server: "go", scheme: "https", routes: { "/": html(REDIRECT_TO_VPN) } },
      clean: { server: "go", scheme: "https", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  panel({
    slug: "globalprotect",
    product: "Palo Alto GlobalProtect",
    title: "GlobalProtect portal exposed",
    severity: "info",
    description:
      "A Palo Alto Networks GlobalProtect portal or gateway answers: PAN-OS is named, and GlobalProtect has had " +
      "pre-authentication command injection flaws exploited in the wild.",
    fix: "Keep PAN-OS on a fixed release and enable Threat Prevention signatures for GlobalProtect.",
    docs: "https://docs.paloaltonetworks.com/globalprotect/10-1/globalprotect-admin/globalprotect-portals",
    http: [
      {
        paths: ["/global-protect/prelogin.esp", "/ssl-vpn/prelogin.esp"],
        match: [OK, { regex: [/<prelogin-response>/, /<status>Success<\/status>/] }],
      },
      { paths: ["/global-protect/login.esp"], match: [OK, { regex: [/<title>GlobalProtect Portal<\/title>/] }] },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/global-protect/prelogin.esp": {
            status: 200,
            headers: { "content-type": "application/xml; charset=UTF-8" },
            body:
              "<?xml version='1.0' encoding='UTF-8' ?>\n<prelogin-response>\n<status>Success</status>\n<ccusername/>" +
              "\n<autosubmit>false</autosubmit>\n<msg/>\n<newmsg/>\n<authentication-message>Enter login credentials" +
              "</authentication-message>\n<username-label>Username</username-label>\n<password-label>Password" +
              "</password-label>\n<panos-version>1</panos-version>\n<region>NL</region>\n</prelogin-response>\n",
          },
        },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "ivanti-connect-secure",
    product: "Ivanti Connect Secure",
    title: "Ivanti (Pulse) Connect Secure portal exposed",
    severity: "info",
    description:
      "An Ivanti Connect Secure (formerly Pulse Connect Secure) portal answers: the VPN is named, and it has had " +
      "pre-authentication flaws (file read, authentication bypass, command injection) exploited in the wild.",
    fix: "Keep Connect Secure on a fixed release and run Ivanti's Integrity Checker Tool after every advisory.",
    docs: "https://help.ivanti.com/ps/help/en_US/ICS/22.x/ag/landing.htm",
    http: [
      {
        paths: ["/dana-na/auth/url_default/welcome.cgi"],
        match: [OK, { regex: [/<title>(Ivanti|Pulse) Connect Secure<\/title>/] }, { regex: [/\/dana-na\//] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/dana-na/auth/url_default/welcome.cgi": html(
            '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">\n<html><head><title>Ivanti Connect ' +
              'Secure</title><link rel="stylesheet" href="/dana-na/css/ds.css" type="text/css"></head><body><form ' +
              'name="frmLogin" action="login.cgi" method="POST"><input type="text" name="username"><input ' +
              'type="hidden" name="realm" value="Users"></form></body></html>',
          ),
        },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "citrix-gateway",
    product: "Citrix NetScaler Gateway",
    title: "Citrix (NetScaler) Gateway portal exposed",
    severity: "info",
    description:
      "A Citrix ADC / NetScaler Gateway logon page answers: the appliance is named, and it has had " +
      "pre-authentication flaws (path traversal, memory disclosure 'Citrix Bleed') exploited in the wild.",
    fix: "Keep NetScaler on a fixed build and kill active sessions after patching a session-disclosure flaw.",
    docs: "https://docs.netscaler.com/en-us/citrix-gateway/current-release.html",
    http: [
      {
        paths: ["/logon/LogonPoint/index.html", "/logon/LogonPoint/tmindex.html", "/vpn/index.html"],
        match: [OK, { regex: [/_ctxstxt_(CitrixCopyright|NetscalerGateway|NetScalerAAA)/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/logon/LogonPoint/index.html": html(
            '<!DOCTYPE html><html><head><meta charset="UTF-8"><title></title><script type="text/javascript" ' +
              'src="init.js"></script></head><body class="ctxsgw"><div id="authentication"><span ' +
              'id="copyright">_ctxstxt_CitrixCopyright</span></div></body></html>',
          ),
        },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "f5-bigip-tmui",
    product: "F5 BIG-IP",
    title: "F5 BIG-IP Configuration Utility exposed",
    severity: "medium",
    description:
      "The BIG-IP Configuration Utility (TMUI), the appliance's administration interface, answers from the " +
      "internet; it has had pre-authentication remote code execution flaws (CVE-2020-5902, CVE-2023-46747).",
    fix:
      "Bind the Configuration Utility to the management port only, or restrict it with tmsh modify sys httpd allow " +
      "{ <management networks> } and port lockdown on self IPs.",
    docs: "https://my.f5.com/manage/s/article/K13309",
    http: [
      {
        paths: ["/tmui/login.jsp"],
        match: [OK, { regex: [/<title>BIG-IP[^<]*<\/title>/] }, { regex: [/F5 Networks|Configuration Utility/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        scheme: "https",
        routes: {
          "/tmui/login.jsp": html(
            "<!DOCTYPE html><html><head><title>BIG-IP&reg;- bigip1.example.test (10.0.0.5)</title><link " +
              'rel="stylesheet" href="/tmui/tmui/login/css/login.css"></head><body><div id="banner">Configuration ' +
              'Utility</div><form name="loginform" action="/tmui/logmein.html" method="post"></form><div ' +
              'id="copyright">F5 Networks, Inc.</div></body></html>',
            200,
            { server: "Apache" },
          ),
        },
      },
      clean: { server: "apache", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "cisco-asa-webvpn",
    product: "Cisco ASA",
    title: "Cisco ASA / AnyConnect WebVPN portal exposed",
    severity: "info",
    description:
      "A Cisco ASA or Firepower Threat Defense WebVPN (AnyConnect) logon page answers: the firewall is named, and " +
      "its web services have had pre-authentication flaws exploited in the wild.",
    fix:
      "Keep ASA/FTD on a fixed release; if clientless WebVPN is unused, disable it (no webvpn enable on the " +
      "interface).",
    docs: "https://www.cisco.com/c/en/us/support/security/adaptive-security-appliance-asa-software/series.html",
    http: [
      {
        paths: ["/+CSCOE+/logon.html"],
        match: [OK, { regex: [/\/\+CSCOU\+\//] }, { regex: [/<title>SSL VPN Service<\/title>|webvpnlogin/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/+CSCOE+/logon.html": html(
            '<html><head><title>SSL VPN Service</title><link href="/+CSCOU+/portal.css" rel="stylesheet" ' +
              'type="text/css"><script src="/+CSCOE+/win.js"></script></head><body><form id="unicorn_form" ' +
              'method="post" action="/+webvpn+/index.html"><input id="username" name="username"></form></body></html>',
            200,
            { "set-cookie": "webvpnlogin=1; path=/; secure" },
          ),
        },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "sonicwall",
    product: "SonicWall",
    description:
      "A SonicWall firewall's or SMA's login page answers from the internet: the appliance is named, and SonicOS " +
      "and SMA have had pre-authentication flaws exploited in the wild.",
    fix: "Disable HTTPS management on WAN interfaces (Network > Interfaces: uncheck HTTPS management for WAN).",
    docs: "https://www.sonicwall.com/support/knowledge-base/how-can-i-manage-the-firewall-from-the-wan/",
    http: [
      {
        paths: ["/auth.html", "/cgi-bin/welcome", "/sonicui/7/login/"],
        match: [OK, { regex: [/<title>SonicWall[^<]*<\/title>|<title>SonicWALL - (Authentication|Virtual Office)/i] }],
        extract: [{ name: "version", regex: /SonicOS (?:Enhanced )?([\d.]+-\d+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/auth.html": html(
            '<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><title>SonicWALL - ' +
              'Authentication</title></head><body><form name="standardPass" method="post" action="auth.cgi"><span ' +
              'class="footer">SonicOS Enhanced 6.5.4.4-44n</span></form></body></html>',
            200,
            { server: "SonicWALL" },
          ),
        },
        expect: { extracted: { version: "6.5.4.4-44" } },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "pfsense",
    product: "pfSense",
    severity: "medium",
    description:
      "A pfSense firewall's web configurator answers from the internet: the firewall's whole configuration is one " +
      "password away (admin/pfsense by default).",
    fix:
      "Allow the webConfigurator only from the LAN or a management VPN (remove any WAN rule to its port, keep the " +
      "anti-lockout rule on LAN).",
    docs: "https://docs.netgate.com/pfsense/en/latest/recipes/remote-firewall-administration.html",
    http: [
      {
        root: true,
        match: [OK, { regex: [/name="usernamefld"/] }, { regex: [/Login to pfSense|pfSense-logo|pfSense - Login/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        scheme: "https",
        routes: {
          "/": html(
            '<!DOCTYPE html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-' +
              'scale=1"><title>pfSense.home.arpa - Login</title></head><body id="login"><div id="logo"><img ' +
              'class="pfSense-logo" src="/logo-black.svg"></div><h4>Login to pfSense</h4><form method="post" ' +
              'action="/index.php"><input type="hidden" name="__csrf_magic" value="sid:abc,1700000000"><input ' +
              'type="text" id="usernamefld" name="usernamefld"></form></body></html>',
          ),
        },
      },
      clean: { server: "nginx", scheme: "https", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  panel({
    slug: "opnsense",
    product: "OPNsense",
    severity: "medium",
    description:
      "An OPNsense firewall's web GUI answers from the internet: the firewall's whole configuration is one password " +
      "away.",
    fix:
      "Set System > Settings > Administration > Listen Interfaces to LAN only and remove WAN rules to the GUI's " +
      "port.",
    docs: "https://docs.opnsense.org/manual/settingsmenu.html#administration",
    http: [{ root: true, match: [OK, { regex: [/<title>Login \| OPNsense<\/title>/] }, { regex: [/usernamefld/] }] }],
    fixtures: {
      vulnerable: {
        server: "lighttpd",
        scheme: "https",
        routes: {
          "/": html(
            '<!doctype html><html lang="en-US" class="no-js"><head><meta charset="UTF-8" /><title>Login | OPNsense' +
              '</title><link href="/ui/themes/opnsense/build/css/main.css" rel="stylesheet"></head><body class="page-' +
              'login"><form class="clearfix" id="iform" name="iform" method="post"><input id="usernamefld" ' +
              'type="text" ' +
              'name="usernamefld" class="form-control user"></form></body></html>',
          ),
        },
      },
      clean: { server: "lighttpd", scheme: "https", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  panel({
    slug: "mikrotik-routeros",
    product: "MikroTik RouterOS",
    severity: "medium",
    description:
      "A MikroTik router's WebFig answers from the internet with its RouterOS version: the router is one password " +
      "away (admin with an empty password on older firmware), and old RouterOS has pre-authentication flaws.",
    fix:
      "Restrict the www service to management addresses (/ip service set www address=<management network>) or " +
      "disable it (/ip service disable www).",
    docs: "https://help.mikrotik.com/docs/display/ROS/Services",
    http: [
      {
        root: true,
        match: [OK, { regex: [/<title>RouterOS router configuration page<\/title>/] }],
        extract: [{ name: "version", regex: /<h1>RouterOS v([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": html(
            '<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>' +
              'RouterOS router configuration page</title></head><body><div class="top"><a href="/webfig/">Webfig' +
              "</a></div><h1>RouterOS v7.12.1</h1><p>You have connected to a router. Administrative access only.</p>" +
              "</body></html>",
            200,
            { server: "" },
          ),
        },
        expect: { extracted: { version: "7.12.1" } },
      },
      clean: { server: "go", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  panel({
    slug: "unifi-network",
    product: "UniFi Network",
    description:
      "A Ubiquiti UniFi Network application answers from the internet with its version: the controller of every " +
      "access point and switch it adopted is one password away (and old versions were hit by Log4Shell).",
    fix:
      "Reach the controller through UniFi's cloud access or a VPN, and close its ports (8443, 8080) to the " +
      "internet.",
    docs: "https://help.ui.com/hc/en-us/articles/218506997-Required-Ports-Reference",
    http: [
      {
        paths: ["/status"],
        match: [
          OK,
          JSON_TYPE,
          { json: { "meta.rc": /^ok$/, "meta.server_version": /^\d+\.\d+/, "meta.up": "boolean" } },
        ],
        extract: [{ name: "version", json: "meta.server_version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        scheme: "https",
        routes: {
          "/status": json({
            meta: { rc: "ok", up: true, server_version: "8.0.26", uuid: "0b7d2a9f-8f5c-4f37-9a9e-3a4bb1f0c2de" },
            data: [],
          }),
        },
        expect: { extracted: { version: "8.0.26" } },
      },
      clean: { server: "tomcat", scheme: "https", routes: {} },
    },
  }),
]);
