// Content systems' administration logins (WordPress, Drupal, Joomla, Magento), self-hosted applications (Nextcloud,
// ownCloud, Matomo, Home Assistant, n8n, Node-RED). Keycloak and Rancher: access-orchestration.ts.
import { checks, html, json, JSON_TYPE, OK } from "../../declare.ts";
import { openConsole, panel } from "../../kit.ts";

const status = (productname: string, version: string, versionstring: string) =>
  json({
    installed: true,
    maintenance: false,
    needsDbUpgrade: false,
    version,
    versionstring,
    edition: "",
    productname,
    extendedSupport: false,
  });

export default checks([
  panel({
    slug: "wordpress-login",
    product: "WordPress",
    description:
      "WordPress's login page answers with its release in the style sheets' version: the target of constant " +
      "password guessing against the administrators' accounts.",
    fix:
      "Restrict /wp-login.php and /wp-admin/ to known addresses (or put them behind an SSO plugin or a WAF rule), " +
      "limit login attempts and enable two-factor authentication.",
    docs: "https://developer.wordpress.org/advanced-administration/security/brute-force/",
    http: [
      {
        paths: ["/wp-login.php"],
        match: [OK, { regex: [/<form name="loginform" id="loginform"/, /wp-core-ui|wp-admin\//] }],
        extract: [{ name: "version", regex: /wp-(?:includes|admin)\/[^'"]*[?&;]ver=([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/wp-login.php": html(
            '<!DOCTYPE html>\n<html lang="en-US">\n<head>\n<title>Log In &lsaquo; Acme &#8212; WordPress</title>\n' +
              "<link rel='stylesheet' id='dashicons-css' href='https://acme.test/wp-includes/css/dashicons.min.css?" +
              "ver=6.4.3' media='all' />\n</head>\n<body class=\"login no-js login-action-login wp-core-ui  locale-" +
              'en-us">\n<form name="loginform" id="loginform" action="https://acme.test/wp-login.php" method="post">' +
              '<input type="text" name="log" id="user_login"></form></body></html>',
          ),
        },
        expect: { extracted: { version: "6.4.3" } },
      },
      clean: { server: "apache", routes: { "/wp-login.php": { status: 403 } } },
    },
  }),
  panel({
    slug: "drupal-login",
    product: "Drupal",
    description:
      "Drupal's user login answers and its X-Generator header names the major release: the administrators' " +
      "accounts are one password away.",
    fix:
      "Restrict /user/login for administrators (a separate admin host or an IP allow-list in the web server), and " +
      "use the tfa module.",
    docs: "https://www.drupal.org/docs/administering-a-drupal-site/security-in-drupal",
    http: [
      {
        paths: ["/user/login", "/?q=user/login"],
        match: [OK, { part: "header:x-generator", regex: [/^Drupal \d+/] }, { regex: [/id="user-login(-form)?"/] }],
        extract: [{ name: "version", part: "header:x-generator", regex: /^Drupal (\d+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/user/login": html(
            '<!DOCTYPE html>\n<html lang="en" dir="ltr">\n<head>\n<meta name="Generator" content="Drupal 10 (https:' +
              '//www.drupal.org)" />\n<title>Log in | Acme</title>\n</head>\n<body><form ' +
              'class="user-login-form" data-' +
              'drupal-selector="user-login-form" action="/user/login" method="post" id="user-login-form" accept-' +
              'charset="UTF-8"><input type="text" id="edit-name" name="name"></form></body></html>',
            200,
            { "x-generator": "Drupal 10 (https://www.drupal.org)" },
          ),
        },
        expect: { extracted: { version: "10" } },
      },
      clean: { server: "nginx", routes: {} },
    },
  }),
  panel({
    slug: "joomla-admin",
    product: "Joomla!",
    description:
      "Joomla's administrator login answers: the site's back end (extensions install PHP code) is one password away.",
    fix:
      "Protect /administrator with an IP allow-list or a second password in the web server, and enable Joomla's " +
      "multi-factor authentication.",
    docs: "https://docs.joomla.org/Security_Checklist/Joomla!_Setup",
    http: [
      {
        paths: ["/administrator/"],
        match: [
          OK,
          { regex: [/<meta name="generator" content="Joomla! - Open Source Content Management/] },
          { regex: [/id="mod-login-username"|id="form-login"/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/administrator/": html(
            '<!DOCTYPE html>\n<html lang="en-gb" dir="ltr">\n<head>\n<meta name="generator" content="Joomla! - Open ' +
              'Source Content Management">\n<title>Acme - Administration</title>\n</head>\n<body class="admin ' +
              "com_login" +
              '"><form action="/administrator/index.php" method="post" id="form-login"><input name="username" ' +
              'id="mod-' +
              'login-username" type="text"></form></body></html>',
          ),
        },
      },
      clean: { server: "apache", routes: { "/administrator/": { status: 403 } } },
    },
  }),
  panel({
    slug: "magento-admin",
    product: "Magento",
    severity: "medium",
    description:
      "Magento's admin login answers at a guessable path: the shop's orders, customers and payment settings are one " +
      "password away, a favourite target of card-skimming gangs.",
    fix:
      "Move the admin to a custom path (bin/magento setup:config:set --backend-frontname), restrict it by IP, and " +
      "enable Magento's two-factor authentication.",
    docs: "https://experienceleague.adobe.com/en/docs/commerce-admin/systems/security/security-admin",
    http: [
      {
        paths: ["/admin/", "/index.php/admin/", "/backend/"],
        match: [
          OK,
          { regex: [/<title>Magento Admin<\/title>/] },
          { regex: [/adminhtml\/Magento\/backend|id="login-form"/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        scheme: "https",
        routes: {
          "/admin/": html(
            '<!doctype html>\n<html lang="en">\n<head>\n<title>Magento Admin</title>\n<link rel="stylesheet" type="' +
              'text/css" media="all" ' +
              'href="https://shop.test/static/version1700000000/adminhtml/Magento/backend/en_US/' +
              'css/styles.css" />\n</head>\n<body id="html-body" class="adminhtml-auth-login ' +
              'page-layout-admin-login">' +
              '<form method="post" action="" id="login-form" autocomplete="off"></form></body></html>',
          ),
        },
      },
      clean: { server: "nginx", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "nextcloud",
    product: "Nextcloud",
    severity: "info",
    description:
      "A Nextcloud server answers with its exact version (status.php): its users' files are behind their logins, " +
      "and the version tells which published flaws apply.",
    fix:
      "Keep Nextcloud on a maintained release (its security scan at scan.nextcloud.com shows what is missing), and " +
      "enable brute-force protection and two-factor authentication.",
    docs: "https://docs.nextcloud.com/server/latest/admin_manual/installation/harden_server.html",
    http: [
      {
        paths: ["/status.php", "/nextcloud/status.php"],
        match: [OK, { json: { installed: "boolean", version: /^\d+\./, productname: /Nextcloud/ } }],
        extract: [{ name: "version", json: "versionstring" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        scheme: "https",
        routes: { "/status.php": status("Nextcloud", "28.0.2.5", "28.0.2") },
        expect: { extracted: { version: "28.0.2" } },
      },
      clean: { server: "apache", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "owncloud",
    product: "ownCloud",
    severity: "info",
    description:
      "An ownCloud server answers with its exact version (status.php): its users' files are behind their logins, " +
      "and ownCloud has had flaws that leak its configuration (CVE-2023-49103).",
    fix: "Keep ownCloud on a maintained release, and enable brute-force protection and two-factor authentication.",
    docs: "https://doc.owncloud.com/server/next/admin_manual/configuration/server/harden_server.html",
    http: [
      {
        paths: ["/status.php", "/owncloud/status.php"],
        match: [OK, { json: { installed: "boolean", version: /^\d+\./, productname: /^ownCloud$/ } }],
        extract: [{ name: "version", json: "versionstring" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: { "/owncloud/status.php": status("ownCloud", "10.13.4.1", "10.13.4") },
        expect: { extracted: { version: "10.13.4" } },
      },
      clean: { server: "apache", routes: {} },
    },
  }),
  panel({
    slug: "matomo",
    product: "Matomo",
    description:
      "Matomo's login answers from the internet: the site's visitor analytics (addresses, paths, sometimes " +
      "personal data in URLs) are one password away.",
    fix:
      "Restrict the Matomo UI to known addresses (its tracker endpoints matomo.php and piwik.php stay public), and " +
      "enable two-factor authentication.",
    docs: "https://matomo.org/faq/how-to-install/faq_17/",
    http: [
      {
        paths: ["/", "/matomo/", "/piwik/"],
        match: [OK, { regex: [/id="login_form_login"/] }, { regex: [/piwik\.(token_auth|piwik_url)|Matomo/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/matomo/": html(
            '<!DOCTYPE html>\n<html id="ng-app" ng-app="piwikApp">\n<head>\n<title>Sign in - Matomo</title>\n<script ' +
              'type="text/javascript">var piwik = {}; piwik.token_auth = "anonymous"; piwik.piwik_url = "https://' +
              'stats.test/";</script>\n</head>\n<body><form id="login_form" action="" method="post"><input ' +
              'type="text" ' +
              'name="form_login" id="login_form_login"></form></body></html>',
          ),
        },
      },
      clean: { server: "apache", routes: {} },
    },
  }),
  panel({
    slug: "home-assistant",
    product: "Home Assistant",
    description:
      "A Home Assistant instance answers from the internet: the house's locks, cameras and alarms are one password " +
      "away.",
    fix:
      "Reach Home Assistant through Nabu Casa's remote access or a VPN, enable multi-factor authentication and " +
      "ip_ban_enabled in the http integration.",
    docs: "https://www.home-assistant.io/integrations/http/",
    http: [
      {
        paths: ["/manifest.json"],
        match: [OK, JSON_TYPE, { json: { name: /^Home Assistant$/, start_url: "string" } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/manifest.json": json({
            background_color: "#FFFFFF",
            description: "Home automation platform that puts local control and privacy first.",
            dir: "ltr",
            display: "standalone",
            lang: "en-US",
            name: "Home Assistant",
            short_name: "Home Assistant",
            start_url: "/?homescreen=1",
            theme_color: "#03A9F4",
          }),
        },
      },
      clean: { server: "go", routes: { "/manifest.json": json({ name: "Acme", start_url: "/" }) } },
    },
  }),
  panel({
    slug: "n8n",
    product: "n8n",
    severity: "medium",
    description:
      "An n8n workflow automation server answers with its version: its workflows hold the credentials of every " +
      "service they connect, and an owner account runs code on the server.",
    fix:
      "Reach the editor only from the internal network or behind SSO (keep only the /webhook/ paths public), and " +
      "keep n8n current.",
    docs: "https://docs.n8n.io/hosting/securing/overview/",
    http: [
      {
        paths: ["/rest/settings"],
        match: [OK, JSON_TYPE, { json: { "data.versionCli": /^\d+\.\d+/, "data.endpointWebhook": "string" } }],
        extract: [{ name: "version", json: "data.versionCli" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "express",
        routes: {
          "/rest/settings": json({
            data: {
              endpointWebhook: "webhook",
              endpointWebhookTest: "webhook-test",
              saveDataErrorExecution: "all",
              timezone: "Europe/Amsterdam",
              urlBaseWebhook: "https://n8n.acme.test/",
              versionCli: "1.22.6",
              userManagement: { showSetupOnFirstLoad: false, authenticationMethod: "email" },
            },
          }),
        },
        expect: { extracted: { version: "1.22.6" } },
      },
      clean: { server: "express", routes: {} },
    },
  }),
  openConsole({
    slug: "node-red",
    product: "Node-RED",
    title: "Node-RED editor open without a login",
    description:
      "Node-RED answers its editor's settings without a login (no adminAuth): anyone can deploy a flow, and an " +
      "exec or function node runs commands on the host.",
    fix:
      "Set adminAuth in settings.js (node-red admin hash-pw for the password), or bind Node-RED to localhost " +
      "(uiHost: '127.0.0.1').",
    docs: "https://nodered.org/docs/user-guide/runtime/securing-node-red",
    http: [
      {
        paths: ["/settings", "/red/settings"],
        match: [OK, JSON_TYPE, { json: { httpNodeRoot: "string", version: /^\d+\.\d+/ } }],
        extract: [{ name: "version", json: "version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "express",
        routes: {
          "/settings": json({
            httpNodeRoot: "/",
            version: "3.1.3",
            context: { default: "memory", stores: ["memory"] },
            codeEditor: { lib: "monaco" },
            libraries: [{ id: "local", label: "editor:library.types.local", user: false }],
            flowFilePretty: true,
            externalModules: {},
            flowEncryptionType: "system",
            functionExternalModules: true,
            editorTheme: { palette: {}, projects: { enabled: false } },
          }),
        },
        expect: { extracted: { version: "3.1.3" } },
      },
      // adminAuth on: the settings need a token.
      clean: { server: "express", routes: { "/settings": { status: 401, body: "Unauthorized" } } },
    },
  }),
]);
