// Administration consoles of application frameworks and servers (Django admin, Adobe Experience Manager, the OSGi
// web console, Openfire, phpLDAPadmin, Ansible AWX, Strapi, Ghost), named by their own pages, with the version where
// they show it; Strapi without its first administrator is its own kind.
import { checks, html, json, JSON_TYPE, OK } from "../../declare.ts";
import { openConsole, panel } from "../../kit.ts";

const strapiInit = (hasAdmin: boolean) =>
  json({ data: { uuid: "b8aa7baf-d6dc-4c50-93d4-7739bc88c3fd", hasAdmin, menuLogo: null, authLogo: null } });

export default checks([
  panel({
    slug: "django-admin",
    product: "Django admin",
    description:
      "Django's administration site answers at its default path: every model it registers (users, orders) is one " +
      "staff password away.",
    fix:
      "Move the admin to an unguessable path in urls.py and restrict it by address in the web server (or remove " +
      "django.contrib.admin in production); require 2FA (django-otp).",
    docs: "https://docs.djangoproject.com/en/stable/ref/contrib/admin/",
    http: [
      {
        paths: ["/admin/login/"],
        match: [
          OK,
          { regex: [/<title>[^<]*(Django site admin|Django administration)[^<]*<\/title>/] },
          { regex: [/id="login-form"/, /name="csrfmiddlewaretoken"/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/admin/login/": html(
            '<!DOCTYPE html>\n<html lang="en-us" dir="ltr">\n<head>\n<title>Log in | Django site ' +
              "admin</title>\n<link " +
              'rel="stylesheet" href="/static/admin/css/base.css">\n</head>\n<body class=" login" ' +
              "data-admin-utc-offset" +
              '="0"><div id="content-main"><form action="/admin/login/?next=/admin/" method="post" id="login-form">' +
              '<input type="hidden" name="csrfmiddlewaretoken" value="q1w2e3r4t5y6u7i8o9p0"></form></div></body>' +
              "</html>",
          ),
        },
      },
      clean: { server: "gunicorn", routes: {} },
    },
  }),
  panel({
    slug: "adobe-aem",
    product: "Adobe Experience Manager",
    severity: "medium",
    description:
      "Adobe Experience Manager's author login answers from the internet: the site's content repository, and on " +
      "an author instance the OSGi console and Groovy scripts, are one password away (admin/admin is common).",
    fix:
      "Publish only dispatcher-filtered paths; keep author instances and /libs/granite/core/content/login.html off " +
      "the internet (dispatcher filter deny /libs/*).",
    docs: "https://experienceleague.adobe.com/en/docs/experience-manager-dispatcher/using/getting-started/security-checklist",
    http: [
      {
        paths: ["/libs/granite/core/content/login.html"],
        match: [OK, { regex: [/<title>AEM Sign In<\/title>/] }, { regex: [/\/libs\/granite\//] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/libs/granite/core/content/login.html": html(
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>AEM Sign In</title><link rel="' +
              'stylesheet" href="/libs/granite/core/content/login/clientlib.min.css"></head><body ' +
              'class="coral--light"' +
              '><form class="coral-Form" name="login" method="POST" id="login" action="/libs/granite/core/content/' +
              'login.html/j_security_check"></form></body></html>',
          ),
        },
      },
      clean: { server: "jetty", routes: {} },
    },
  }),
  panel({
    slug: "osgi-web-console",
    product: "Apache Felix Web Console",
    title: "OSGi web console login exposed",
    severity: "medium",
    description:
      "The Apache Felix (OSGi) web console asks for a password from the internet: it installs bundles (code) into " +
      "the running server, and admin/admin is its default.",
    fix:
      "Disable the web console in production or bind it to localhost (the OSGi configuration " +
      "org.apache.felix.webconsole.internal.servlet.OsgiManager), and change its password.",
    docs: "https://felix.apache.org/documentation/subprojects/apache-felix-web-console.html",
    http: [
      {
        paths: ["/system/console", "/system/console/bundles"],
        match: [{ status: [401] }, { part: "header:www-authenticate", regex: [/realm="OSGi Management Console"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/system/console": {
            status: 401,
            headers: { "www-authenticate": 'Basic realm="OSGi Management Console"', "content-type": "text/html" },
          },
        },
      },
      clean: { server: "jetty", routes: {} },
    },
  }),
  panel({
    slug: "openfire",
    product: "Openfire",
    severity: "medium",
    description:
      "Openfire's admin console answers from the internet with its version: it has had an authentication bypass " +
      "exploited to install plugins (CVE-2023-32315), and the XMPP server's users are one password away.",
    fix:
      "Bind the admin console (ports 9090/9091) to localhost (adminConsole.interface in openfire.xml) and keep " +
      "Openfire on a fixed release.",
    docs: "https://www.igniterealtime.org/builds/openfire/docs/latest/documentation/install-guide.html",
    http: [
      {
        paths: ["/login.jsp"],
        match: [OK, { regex: [/<title>Openfire Admin Console/] }],
        extract: [{ name: "version", regex: /Openfire,\s*(?:Version:\s*)?([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/login.jsp": html(
            "<!DOCTYPE html>\n<html>\n<head>\n<title>Openfire Admin Console</title>\n</head>\n<body><form action=" +
              '"login.jsp" name="loginForm" method="post"><input type="text" name="username"></form><div align="' +
              'center" class="jive-footer">Openfire, Version: 4.7.5</div></body></html>',
          ),
        },
        expect: { extracted: { version: "4.7.5" } },
      },
      clean: { server: "jetty", routes: {} },
    },
  }),
  panel({
    slug: "phpldapadmin",
    product: "phpLDAPadmin",
    severity: "medium",
    description:
      "phpLDAPadmin answers from the internet with its version: the directory (every account and its attributes) is " +
      "one bind away, anonymous binds often list it, and the tool has known flaws.",
    fix: "Remove phpLDAPadmin from public servers or allow it only from the administrators' networks.",
    docs: "https://github.com/leenooks/phpLDAPadmin/wiki",
    http: [
      {
        paths: ["/phpldapadmin/", "/phpLDAPadmin/", "/ldapadmin/"],
        match: [OK, { regex: [/<title>phpLDAPadmin \([\d.]+\)/] }],
        extract: [{ name: "version", regex: /<title>phpLDAPadmin \(([\d.]+)\)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/phpldapadmin/": html(
            '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">\n<html xmlns="http://www.w3.org/1999/' +
              'xhtml" lang="en" dir="ltr">\n<head>\n<title>phpLDAPadmin (1.2.6.7) - </title>\n<link type="text/css" ' +
              'rel="stylesheet" href="css/tango/style.css" />\n</head>\n<body></body></html>',
          ),
        },
        expect: { extracted: { version: "1.2.6.7" } },
      },
      clean: { server: "apache", routes: {} },
    },
  }),
  panel({
    slug: "ansible-awx",
    product: "Ansible AWX",
    severity: "medium",
    description:
      "Ansible AWX (or Automation Controller) answers from the internet with its version: the credentials and " +
      "playbooks that reach every managed host are one password away.",
    fix:
      "Keep the controller on the internal network or behind SSO with MFA; it needs no inbound access from the " +
      "internet.",
    docs: "https://docs.ansible.com/automation-controller/latest/html/administration/security_best_practices.html",
    http: [
      {
        paths: ["/api/v2/ping/"],
        match: [OK, JSON_TYPE, { json: { version: /^\d+\.\d+/, active_node: "string", "instances[].node": "string" } }],
        extract: [{ name: "version", json: "version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        scheme: "https",
        routes: {
          "/api/v2/ping/": json({
            ha: false,
            version: "23.5.1",
            active_node: "awx-web-7c9d5",
            install_uuid: "4a0f6a9c-3b1e-4d1f-9b8e-2f6c1d7e8a90",
            instances: [{ node: "awx-web-7c9d5", node_type: "hybrid", uuid: "00000000-0000-0000-0000-000000000000" }],
            instance_groups: [{ name: "controlplane", capacity: 57, instances: ["awx-web-7c9d5"] }],
          }),
        },
        expect: { extracted: { version: "23.5.1" } },
      },
      clean: { server: "nginx", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "strapi",
    product: "Strapi",
    description:
      "Strapi's admin panel answers from the internet: the content and the API tokens it manages are one password " +
      "away.",
    fix:
      "Serve the admin panel from an internal host (admin.url in config/admin) or restrict /admin by address in " +
      "the proxy.",
    docs: "https://docs.strapi.io/dev-docs/configurations/admin-panel",
    http: [
      {
        paths: ["/admin/init"],
        match: [OK, JSON_TYPE, { json: { "data.hasAdmin": true, "data.uuid": "present" } }],
      },
    ],
    fixtures: {
      vulnerable: { server: "express", routes: { "/admin/init": strapiInit(true) } },
      clean: { server: "express", routes: {} },
    },
  }),
  openConsole({
    slug: "strapi",
    product: "Strapi",
    title: "Strapi has no administrator yet (anyone can register one)",
    description:
      "Strapi's admin panel was deployed before its first administrator registered: the first visitor to /admin " +
      "creates the super-admin account and owns the content and the API.",
    fix:
      "Register the administrator now (or create it with the strapi admin:create-user command) before the site is " +
      "reachable.",
    docs: "https://docs.strapi.io/dev-docs/cli#strapi-admincreate-user",
    http: [
      { paths: ["/admin/init"], match: [OK, JSON_TYPE, { json: { "data.hasAdmin": false, "data.uuid": "present" } }] },
    ],
    fixtures: {
      vulnerable: { server: "express", routes: { "/admin/init": strapiInit(false) } },
      clean: { server: "express", routes: { "/admin/init": strapiInit(true) } },
    },
  }),
  panel({
    slug: "ghost-admin",
    product: "Ghost",
    severity: "info",
    description:
      "Ghost's admin API answers with the site's exact version: its staff logins are at /ghost/, and the version " +
      "tells which published flaws apply.",
    fix: "Keep Ghost current, and restrict /ghost/ to the editors' addresses or put it behind SSO in the proxy.",
    docs: "https://ghost.org/docs/security/",
    http: [
      {
        paths: ["/ghost/api/admin/site/"],
        match: [OK, JSON_TYPE, { json: { "site.version": /^\d+\.\d+/, "site.url": "string", "site.title": "string" } }],
        extract: [{ name: "version", json: "site.version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "express",
        scheme: "https",
        routes: {
          "/ghost/api/admin/site/": json({
            site: {
              title: "Acme Blog",
              description: "Thoughts, stories and ideas.",
              logo: null,
              icon: null,
              accent_color: "#FF1A75",
              locale: "en",
              url: "https://blog.acme.test/",
              version: "5.75",
            },
          }),
        },
        expect: { extracted: { version: "5.75" } },
      },
      clean: { server: "express", scheme: "https", routes: {} },
    },
  }),
]);
