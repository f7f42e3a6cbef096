// Consoles that open without a login by design and are meant to stay on localhost or behind the application's own
// authentication: job queues' dashboards (Sidekiq, Hangfire), process control (Supervisor), the H2 database console
// and Alibaba Druid's monitor; and the login consoles of ColdFusion and WebSphere.
import { checks, html, json, OK } from "../../declare.ts";
import { openConsole, panel } from "../../kit.ts";

export default checks([
  openConsole({
    slug: "sidekiq",
    product: "Sidekiq",
    title: "Sidekiq web dashboard open without a login",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:L",
    description:
      "Sidekiq's web dashboard answers without a login: every queued, retried and dead job is listed with its " +
      "arguments (often e-mail addresses, tokens, personal data), and anyone can delete, retry or kill jobs.",
    fix:
      "Mount Sidekiq::Web inside an authenticated route (authenticate :user, ->(u) { u.admin? } in routes.rb) or " +
      "behind HTTP Basic.",
    docs: "https://github.com/sidekiq/sidekiq/wiki/Monitoring#authentication",
    http: [
      {
        paths: ["/sidekiq", "/sidekiq/", "/admin/sidekiq"],
        match: [
          OK,
          { regex: [/<title>[^<]*Sidekiq[^<]*<\/title>/] },
          { regex: [/href="[^"]*\/(busy|retries|morgue)"/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/sidekiq": html(
            '<!doctype html>\n<html dir="ltr">\n<head>\n<title>Sidekiq</title>\n<meta charset="utf-8" />\n<link href=' +
              '"/sidekiq/stylesheets/application.css" media="screen" rel="stylesheet" type="text/css" />\n</head>\n' +
              '<body class="admin" data-locale="en"><nav><ul class="nav navbar-nav"><li><a href="/sidekiq/busy">Busy' +
              '</a></li><li><a href="/sidekiq/queues">Queues</a></li><li><a href="/sidekiq/retries">Retries</a></li>' +
              '<li><a href="/sidekiq/morgue">Dead</a></li></ul></nav></body>\n</html>\n',
          ),
        },
      },
      // Mounted behind Devise: a redirect to the sign-in page.
      clean: { server: "nginx", routes: { "/sidekiq": { status: 302, headers: { location: "/users/sign_in" } } } },
    },
  }),
  openConsole({
    slug: "hangfire",
    product: "Hangfire",
    title: "Hangfire dashboard open without a login",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:L",
    description:
      "Hangfire's dashboard answers remote visitors: background jobs are listed with their arguments and " +
      "exceptions, and anyone can trigger recurring jobs, requeue or delete them.",
    fix:
      "Give UseHangfireDashboard an IDashboardAuthorizationFilter that checks the user (Hangfire allows only local " +
      "requests by default: a custom filter returning true opened it).",
    docs: "https://docs.hangfire.io/en/latest/configuration/using-dashboard.html#configuring-authorization",
    http: [
      {
        paths: ["/hangfire", "/hangfire/"],
        match: [OK, { regex: [/Hangfire Dashboard/] }, { regex: [/\/hangfire\/(jobs|recurring|servers)/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "kestrel",
        routes: {
          "/hangfire": html(
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<title>Dashboard - Hangfire Dashboard</title>\n<meta charset=' +
              '"utf-8">\n</head>\n<body><div class="navbar navbar-default navbar-fixed-top"><a class="navbar-brand" ' +
              'href="/hangfire/">Hangfire Dashboard</a><ul class="nav navbar-nav"><li><a ' +
              'href="/hangfire/jobs/enqueued">' +
              'Jobs</a></li><li><a href="/hangfire/recurring">Recurring Jobs</a></li><li><a href="/hangfire/servers">' +
              "Servers</a></li></ul></div></body>\n</html>\n",
          ),
        },
      },
      // Hangfire's default: remote requests are refused.
      clean: { server: "kestrel", routes: { "/hangfire": { status: 401 } } },
    },
  }),
  openConsole({
    slug: "supervisor",
    product: "Supervisor",
    title: "Supervisor web interface open without a login",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:H",
    description:
      "supervisord's web interface answers without a password: anyone can stop and restart the processes it " +
      "manages and read their logs (old releases also ran commands through its XML-RPC interface, CVE-2017-11610).",
    fix:
      "Set username and password in [inet_http_server], and bind it to 127.0.0.1 (port=127.0.0.1:9001) or use " +
      "[unix_http_server].",
    docs: "https://supervisord.org/configuration.html#inet-http-server-section-settings",
    http: [
      {
        root: true,
        match: [OK, { regex: [/<title>Supervisor Status<\/title>/] }, { regex: [/action=(restart|stop|tail)/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": html(
            '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN">\n<html xmlns="http://www.w3.org/1999/' +
              'xhtml">\n<head>\n<title>Supervisor Status</title>\n<link href="stylesheets/supervisor.css" rel="' +
              'stylesheet" type="text/css" />\n</head>\n<body><table cellspacing="0"><tbody><tr class=""><td class="' +
              'status"><span class="statusrunning">running</span></td><td><a href="tail.html?processname=worker" ' +
              'target="_blank">worker</a></td><td><ul><li><a href="index.html?processname=worker&amp;action=restart" ' +
              'name="restart">Restart</a></li><li><a href="index.html?processname=worker&amp;action=stop" ' +
              'name="stop">' +
              "Stop</a></li></ul></td></tr></tbody></table></body>\n</html>\n",
            200,
            { server: "Medusa/1.12" },
          ),
        },
      },
      clean: {
        server: "go",
        routes: { "/": { status: 401, headers: { "www-authenticate": 'Basic realm="default"' } } },
      },
    },
  }),
  openConsole({
    slug: "h2-console",
    product: "H2 Database",
    title: "H2 database web console exposed",
    confidence: "firm",
    description:
      "The H2 database's web console answers remote visitors: it connects to any JDBC URL typed into it, and an H2 " +
      "URL can run scripts and Java code on the server (CVE-2021-42392, CVE-2022-23221), with no credentials needed " +
      "for a new in-memory database.",
    fix:
      "Turn the console off in production (spring.h2.console.enabled=false), and never set webAllowOthers / " +
      "spring.h2.console.settings.web-allow-others=true.",
    docs: "https://h2database.com/html/tutorial.html#console_settings",
    http: [
      {
        paths: ["/h2-console/login.jsp", "/h2-console/", "/console/login.jsp"],
        match: [OK, { regex: [/<title>H2 Console<\/title>/] }, { regex: [/login\.do|name="url"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/h2-console/login.jsp": html(
            '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN">\n<html xmlns="http://www.w3.org/1999/xhtml"' +
              ' lang="en" xml:lang="en">\n<head><meta http-equiv="Content-Type" content="text/html;charset=utf-8" />' +
              '\n<title>H2 Console</title>\n<link rel="stylesheet" type="text/css" href="stylesheet.css" ' +
              "/>\n</head>\n" +
              '<body style="margin: 20px"><form name="login" method="post" action="login.do?jsessionid=4f2c9a" id="' +
              'login"><input type="text" name="driver" value="org.h2.Driver" /><input type="text" name="url" value="' +
              'jdbc:h2:mem:testdb" /></form></body></html>',
          ),
        },
      },
      // webAllowOthers off: remote visitors get H2's refusal page.
      clean: {
        server: "tomcat",
        routes: {
          "/h2-console/login.jsp": html(
            "<html><body>Sorry, remote connections ('webAllowOthers') are disabled on this server.</body></html>",
          ),
        },
      },
    },
  }),
  openConsole({
    slug: "druid-monitor",
    product: "Alibaba Druid",
    title: "Alibaba Druid monitor open without a login",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N",
    description:
      "The Druid connection pool's monitor (StatViewServlet) answers without a login: the application's SQL " +
      "statements, requested URIs and web sessions (with their session IDs, which can be replayed) are listed.",
    fix:
      "Disable the monitor in production (spring.datasource.druid.stat-view-servlet.enabled=false) or set its " +
      "login-username/login-password and an allow list.",
    docs: "https://github.com/alibaba/druid/wiki/%E9%85%8D%E7%BD%AE_StatViewServlet%E9%85%8D%E7%BD%AE",
    http: [
      {
        paths: ["/druid/basic.json"],
        match: [OK, { json: { ResultCode: 1, "Content.Version": /^\d+\.\d+/, "Content.JavaVMName": "string" } }],
        extract: [{ name: "version", json: "Content.Version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/druid/basic.json": json({
            ResultCode: 1,
            Content: {
              Version: "1.2.8",
              Drivers: ["com.mysql.cj.jdbc.Driver"],
              ResetEnable: true,
              ResetCount: 0,
              JavaVMName: "OpenJDK 64-Bit Server VM",
              JavaVersion: "1.8.0_392",
              StartTime: "2026-11-01 08:00:00",
            },
          }),
        },
        expect: { extracted: { version: "1.2.8" } },
      },
      // A login is set: the servlet redirects to its login page.
      clean: {
        server: "tomcat",
        routes: { "/druid/basic.json": { status: 302, headers: { location: "/druid/login.html" } } },
      },
    },
  }),
  panel({
    slug: "coldfusion-admin",
    product: "Adobe ColdFusion",
    severity: "medium",
    title: "ColdFusion Administrator login exposed",
    description:
      "The ColdFusion Administrator answers from the internet: the server's data sources and scheduled tasks (which " +
      "run code) are one password away, and ColdFusion has had pre-authentication flaws exploited in the wild.",
    fix:
      "Restrict /CFIDE/administrator to localhost or the administrators' addresses (the connector's or web " +
      "server's rules, or the lockdown installer).",
    docs: "https://helpx.adobe.com/coldfusion/using/lockdown-guide.html",
    http: [
      {
        paths: ["/CFIDE/administrator/index.cfm", "/CFIDE/administrator/"],
        match: [OK, { regex: [/<title>ColdFusion Administrator Login<\/title>/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/CFIDE/administrator/index.cfm": html(
            '<!DOCTYPE html>\n<html>\n<head>\n<title>ColdFusion Administrator Login</title>\n<link rel="stylesheet" ' +
              'href="/CFIDE/administrator/login.css">\n</head>\n<body><form name="loginform" action="/CFIDE/' +
              'administrator/enter.cfm" method="POST"><input name="cfadminPassword" type="password"></form></body>\n' +
              "</html>\n",
          ),
        },
      },
      clean: { server: "tomcat", routes: {} },
    },
  }),
  panel({
    slug: "websphere-console",
    product: "IBM WebSphere",
    severity: "medium",
    title: "WebSphere Integrated Solutions Console exposed",
    description:
      "WebSphere Application Server's administrative console answers from the internet: the cell's applications " +
      "and resources (deploying an application runs code) are one password away.",
    fix:
      "Bind the administrative console's ports (9060/9043) to the management network and enable administrative " +
      "security.",
    docs: "https://www.ibm.com/docs/en/was/9.0.5?topic=security-securing-administrative-console",
    http: [
      {
        paths: ["/ibm/console/logon.jsp"],
        match: [OK, { regex: [/WebSphere Integrated Solutions Console/] }, { regex: [/j_security_check|j_username/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/ibm/console/logon.jsp": html(
            '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">\n<html lang="en"><head><title>WebSphere ' +
              'Integrated Solutions Console</title></head><body><form method="POST" name="login" action="' +
              'j_security_check"><input type="text" name="j_username" id="j_username"></form></body></html>',
          ),
        },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  }),
]);
