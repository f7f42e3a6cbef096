// Administration consoles of Java application servers: each deploys code, so a login page on the internet is one
// guessed or default password from running anything on the server.
import { checks, html, OK } from "../../declare.ts";
import { panel } from "../../kit.ts";

export default checks([
  panel({
    slug: "tomcat-host-manager",
    product: "Apache Tomcat",
    title: "Tomcat Host Manager exposed",
    severity: "medium",
    description:
      "Tomcat's Host Manager asks for a password from the internet. Whoever logs in creates virtual hosts with an " +
      "application base of their choosing; it is a target for default and guessed passwords like the Manager.",
    fix: "Remove the host-manager application, or allow it only from localhost (RemoteAddrValve in its context.xml).",
    docs: "https://tomcat.apache.org/tomcat-9.0-doc/html-host-manager-howto.html",
    http: [
      {
        paths: ["/host-manager/html"],
        match: [
          { status: [401] },
          { part: "header:www-authenticate", regex: [/realm="Tomcat Host Manager Application"/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/host-manager/html": html("<!doctype html><html><head><title>401 Unauthorized</title></head></html>", 401, {
            "www-authenticate": 'Basic realm="Tomcat Host Manager Application"',
          }),
        },
      },
      clean: { server: "tomcat", routes: { "/host-manager/html": { status: 403 } } },
    },
  }),
  panel({
    slug: "weblogic-console",
    product: "Oracle WebLogic Server",
    title: "Oracle WebLogic administration console exposed",
    severity: "medium",
    description:
      "WebLogic's administration console answers from the internet: it deploys applications and changes the " +
      "domain, and it has had pre-authentication flaws that run code (CVE-2020-14882/14883).",
    fix:
      "Serve the console only on an administration port reachable from the management network (a dedicated " +
      "administration port or network channel), or disable it (console-enabled=false).",
    docs: "https://docs.oracle.com/en/middleware/standalone/weblogic-server/14.1.1.0/secmg/lockdown.html",
    http: [
      {
        paths: ["/console/login/LoginForm.jsp"],
        match: [OK, { regex: [/Oracle WebLogic Server Administration Console/i] }],
        extract: [{ name: "version", regex: /WebLogic Server Version: ([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/console/login/LoginForm.jsp": html(
            "<!DOCTYPE html><html><head><title>Oracle WebLogic Server Administration Console 12c</title></head>" +
              '<body><div id="login-container"><form id="loginData" method="post" action="/console/j_security_check">' +
              '<input type="text" id="j_username" name="j_username"><input type="password" id="j_password" ' +
              'name="j_password"></form></div><p id="footerVersion">WebLogic Server Version: 12.2.1.4.0</p></body>' +
              "</html>",
          ),
        },
        expect: { extracted: { version: "12.2.1.4.0" } },
      },
      clean: { server: "tomcat", routes: {} },
    },
  }),
  panel({
    slug: "wildfly-management",
    product: "WildFly / JBoss EAP",
    title: "WildFly / JBoss EAP management interface exposed",
    severity: "medium",
    description:
      "The HTTP management interface of WildFly or JBoss EAP (the HAL console and the /management API, port 9990) " +
      "answers from the internet: with a management user's password it deploys code and reconfigures the server.",
    fix:
      "Bind the management interface to localhost or the management network (-bmanagement=127.0.0.1, or the " +
      "management interface's socket binding in standalone.xml).",
    docs: "https://docs.wildfly.org/31/Admin_Guide.html#Management_Clients",
    http: [
      {
        paths: ["/management"],
        match: [{ status: [401] }, { part: "header:www-authenticate", regex: [/realm="ManagementRealm"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/management": html("<html><head><title>Error</title></head><body>401 - Unauthorized</body></html>", 401, {
            "www-authenticate":
              'Digest realm="ManagementRealm", domain="/management", nonce="AAAAAQAAAAAAAfYmBhZGNvZGU=", ' +
              'opaque="00000000000000000000000000000000", algorithm=MD5, qop="auth"',
          }),
        },
      },
      clean: { server: "go", routes: {} },
    },
  }),
  panel({
    slug: "glassfish-admin",
    product: "GlassFish",
    title: "GlassFish / Payara administration console exposed",
    severity: "medium",
    description:
      "The administration console of GlassFish or Payara (port 4848) answers from the internet: it deploys " +
      "applications, and older GlassFish releases allowed the admin user with an empty password.",
    fix:
      "Turn off remote administration (asadmin disable-secure-admin, and bind the admin listener to localhost) " +
      "and set an admin password (asadmin change-admin-password).",
    docs: "https://docs.payara.fish/community/docs/Technical%20Documentation/Payara%20Server%20Documentation/Server%20Configuration%20And%20Management/Admin%20Console%20Configuration/Overview.html",
    http: [
      {
        paths: ["/common/index.jsf", "/login.jsf"],
        match: [
          OK,
          { part: "headers", regex: [/(GlassFish|Payara) Server/] },
          { regex: [/Administration Console/i, /j_security_check|j_username/] },
        ],
        extract: [
          {
            name: "version",
            part: "headers",
            regex: /(?:GlassFish|Payara) Server(?: Open Source Edition)?\s+([\d.]+)/,
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/common/index.jsf": html(
            '<!DOCTYPE html><html><head><title>Login</title></head><body><div id="loginForm"><form method="POST" ' +
              'action="j_security_check"><h1>GlassFish Server Open Source Edition Administration Console</h1>' +
              '<input type="text" name="j_username"><input type="password" name="j_password"></form></div></body>' +
              "</html>",
            200,
            {
              server: "GlassFish Server Open Source Edition  4.1.2",
              "x-powered-by":
                "Servlet/3.1 JSP/2.3 (GlassFish Server Open Source Edition  4.1.2  Java/Oracle Corporation/1.8)",
            },
          ),
        },
        expect: { extracted: { version: "4.1.2" } },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "axis2-admin",
    product: "Apache Axis2",
    title: "Apache Axis2 administration page exposed",
    description:
      "Axis2's administration application answers from the internet. It uploads and activates services, so whoever " +
      "logs in (the shipped default is admin / axis2) runs code on the server.",
    fix:
      "Remove axis2-admin from production, or change userName and password in axis2.xml and allow it only " +
      "from the management network.",
    docs: "https://axis.apache.org/axis2/java/core/docs/webadminguide.html",
    http: [
      {
        paths: ["/axis2/axis2-admin/", "/axis2-admin/"],
        match: [OK, { regex: [/Login to Axis2 :: Administration page|Axis2 :: Administration Page/i] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/axis2/axis2-admin/": html(
            '<html><head><title>Login to Axis2 :: Administration page</title></head><body><form method="post" ' +
              'action="login"><input type="text" name="userName"><input type="password" name="password"></form>' +
              "</body></html>",
          ),
        },
      },
      clean: { server: "tomcat", routes: { "/axis2/axis2-admin/": { status: 404 } } },
    },
  }),
  panel({
    slug: "activemq-console",
    product: "Apache ActiveMQ",
    title: "Apache ActiveMQ web console exposed",
    description:
      "ActiveMQ's web console (port 8161) answers from the internet: queues, messages and broker settings are one " +
      "password away, and the shipped default is admin / admin.",
    fix:
      "Bind the console to localhost (the jetty.xml connector's host) and change the users in " +
      "jetty-realm.properties, or remove the console.",
    docs: "https://activemq.apache.org/components/classic/documentation/web-console",
    http: [
      {
        paths: ["/admin/"],
        match: [{ status: [401] }, { part: "header:www-authenticate", regex: [/realm="ActiveMQRealm"/] }],
      },
      {
        paths: ["/api/jolokia/version"],
        match: [{ status: [401] }, { part: "header:www-authenticate", regex: [/realm="ActiveMQRealm"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/admin/": html("<html><body><h2>HTTP ERROR 401 Unauthorized</h2></body></html>", 401, {
            "www-authenticate": 'basic realm="ActiveMQRealm"',
          }),
        },
      },
      clean: { server: "jetty", routes: {} },
    },
  }),
  panel({
    slug: "solr-admin",
    product: "Apache Solr",
    title: "Apache Solr admin UI exposed",
    description:
      "Solr's admin UI answers from the internet. With authentication on, its indexes are one password away; " +
      "Solr has had remote code execution flaws reachable through its APIs (Velocity templates, DataImportHandler).",
    fix:
      "Bind Solr to localhost or the application network (SOLR_JETTY_HOST=127.0.0.1 in solr.in.sh) and keep " +
      "the BasicAuth plugin on.",
    docs: "https://solr.apache.org/guide/solr/latest/deployment-guide/securing-solr.html",
    http: [
      {
        paths: ["/solr/"],
        match: [OK, { regex: [/<title>Solr Admin<\/title>/i, /ng-app="solrAdminApp"/] }],
        extract: [{ name: "version", regex: /[?&]_=([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/solr/": html(
            '<!DOCTYPE html><html ng-app="solrAdminApp" ng-csp><head><title>Solr Admin</title><link rel="stylesheet"' +
              ' type="text/css" href="css/angular/common.css?_=9.4.0"></head><body ng-controller="MainController">' +
              '<div id="wrapper"></div><script src="js/angular/app.js?_=9.4.0"></script></body></html>',
          ),
        },
        expect: { extracted: { version: "9.4.0" } },
      },
      clean: { server: "jetty", routes: {} },
    },
  }),
]);
