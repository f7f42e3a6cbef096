// Vendor-default credentials on monitoring, messaging and network consoles (ActiveMQ, Nagios, Zabbix, UniFi). Tried
// only where detect found the product, within the login budget, each proven by what only a logged-in answer contains.
import {
  basicAuth,
  basicLoginFixtures,
  checks,
  DEFAULT_LOGIN_REFS,
  html,
  json,
  loginFixtures,
  OK,
  CVSS_FULL_CONTROL,
} from "../../declare.ts";

const unauthorized = (realm: string, body = "<html><body><h1>401 Unauthorized</h1></body></html>") =>
  html(body, 401, { "www-authenticate": `Basic realm="${realm}"` });

export default checks([
  {
    kind: "http.default-login.activemq",
    category: "default-login",
    protocol: "http",
    title: "ActiveMQ web console accepts admin / admin",
    severity: "critical",
    description:
      "The ActiveMQ Classic web console accepted admin / admin from its default jetty-realm.properties: whoever " +
      "logs in reads, sends and deletes messages on every queue and topic, and manages the broker.",
    remediation:
      "Change the passwords in conf/jetty-realm.properties (or use JAAS with your directory), and bind the console " +
      "(conf/jetty.xml) to localhost or the management network.",
    references: ["https://activemq.apache.org/components/classic/documentation/web-console", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "activemq-console", ports: [8161] },
    detect: {
      paths: ["/admin/"],
      match: [{ status: [401] }, { part: "header:www-authenticate", regex: [/realm="ActiveMQRealm"/] }],
    },
    login: {
      request: { method: "GET", path: "/admin/", headers: { authorization: "Basic {{basic}}" } },
      credentials: [{ username: "admin", password: "admin" }],
      success: [OK, { regex: [/Welcome to the Apache ActiveMQ Console|<title>[^<]*ActiveMQ Console<\/title>/] }],
      failure: [{ status: [401] }],
    },
    fixtures: basicLoginFixtures(
      "jetty",
      {},
      "/admin/",
      basicAuth("admin", "admin"),
      html(
        "<html><head><title>localhost : ActiveMQ Console</title></head><body><h2>Welcome!</h2><p>Welcome to the " +
          "Apache ActiveMQ Console of <b>localhost</b></p></body></html>",
      ),
      unauthorized("ActiveMQRealm"),
    ),
  },
  {
    kind: "http.default-login.nagios",
    category: "default-login",
    protocol: "http",
    title: "Nagios accepts nagiosadmin with a default password",
    severity: "high",
    description:
      "Nagios Core accepted nagiosadmin with a well-known password (nagios, nagiosadmin): whoever logs in sees " +
      "every monitored host and service, and can submit commands (disable checks and notifications, reschedule).",
    remediation:
      "Set a strong password (htpasswd /etc/nagios4/htdigest.users nagiosadmin) and restrict /nagios to admins.",
    references: [
      "https://assets.nagios.com/downloads/nagioscore/docs/nagioscore/4/en/cgiauth.html",
      ...DEFAULT_LOGIN_REFS,
    ],
    cwe: [1392, 798],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:L",
    service: { name: "nagios", ports: [80, 443] },
    detect: {
      paths: ["/nagios/"],
      match: [{ status: [401] }, { part: "header:www-authenticate", regex: [/realm="Nagios[^"]*"/i] }],
    },
    login: {
      request: { method: "GET", path: "/nagios/", headers: { authorization: "Basic {{basic}}" } },
      credentials: [
        { username: "nagiosadmin", password: "nagios" },
        { username: "nagiosadmin", password: "nagiosadmin" },
      ],
      success: [OK, { regex: [/<title>Nagios( Core)?[^<]*<\/title>/, /<frame\b|id="nagios|main\.php|side\.php/i] }],
      failure: [{ status: [401] }],
    },
    fixtures: basicLoginFixtures(
      "apache",
      {},
      "/nagios/",
      basicAuth("nagiosadmin", "nagiosadmin"),
      html(
        '<!DOCTYPE html><html><head><title>Nagios Core</title></head><frameset cols="180,*"><frame ' +
          'src="side.php" name="side"><frame src="main.php" name="main"></frameset></html>',
      ),
      unauthorized("Nagios Access"),
    ),
  },
  {
    kind: "http.default-login.zabbix",
    category: "default-login",
    protocol: "http",
    title: "Zabbix accepts Admin / zabbix",
    severity: "critical",
    description:
      "Zabbix accepted Admin / zabbix, the superadmin of a fresh install: whoever logs in reads the whole " +
      "inventory and can run scripts and remote commands on every monitored host through the agents.",
    remediation: "Change the Admin password (Users > Admin), or disable the account after creating a named superadmin.",
    references: ["https://www.zabbix.com/documentation/current/en/manual/quickstart/login", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H",
    service: { name: "zabbix", ports: [80, 443] },
    detect: {
      paths: ["/index.php"],
      match: [OK, { regex: [/<title>[^<]*Zabbix<\/title>/, /name="enter"|name="autologin"/] }],
    },
    login: {
      request: {
        method: "POST",
        path: "/index.php",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "name={{username}}&password={{password}}&autologin=1&enter=Sign+in",
      },
      credentials: [{ username: "Admin", password: "zabbix" }],
      success: [
        { status: [302] },
        { part: "header:location", regex: [/(zabbix\.php\?action=dashboard|dashboard\.php)/] },
      ],
      failure: [OK, { words: ["Incorrect user name or password"] }],
    },
    fixtures: loginFixtures(
      "nginx",
      {
        "/index.php": html(
          '<!DOCTYPE html><html><head><title>Zabbix</title></head><body><form method="post"><input ' +
            'name="name"><input type="password" name="password"><button name="enter">Sign ' +
            "in</button></form></body></html>",
        ),
      },
      "POST /index.php",
      {
        when: { body: /name=Admin&password=zabbix&/ },
        status: 302,
        headers: {
          location: "zabbix.php?action=dashboard.view",
          "set-cookie": "zbx_session=eyJzZXNzaW9uaWQi; HttpOnly",
        },
      },
      html(
        '<!DOCTYPE html><html><head><title>Zabbix</title></head><body><div class="red">Incorrect user name ' +
          "or password or account is temporarily blocked.</div></body></html>",
      ),
    ),
  },
  {
    kind: "http.default-login.unifi",
    category: "default-login",
    protocol: "http",
    title: "UniFi Network controller accepts ubnt / ubnt",
    severity: "critical",
    description:
      "The UniFi Network controller accepted ubnt / ubnt, the factory login: whoever logs in reconfigures every " +
      "access point, switch and gateway it manages, and reads the Wi-Fi keys and guest portal settings.",
    remediation:
      "Change the administrator password (Settings > Admins), enable 2FA, and keep the controller off the internet.",
    references: ["https://help.ui.com/hc/en-us/articles/204909374", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H",
    service: { name: "unifi", ports: [8443] },
    detect: {
      paths: ["/manage/account/login"],
      match: [OK, { regex: [/<title>UniFi Network<\/title>|ng-app="unifiNetwork"|UniFi Controller/i] }],
    },
    login: {
      request: {
        method: "POST",
        path: "/api/login",
        headers: { "content-type": "application/json" },
        body: '{"username":"{{username}}","password":"{{password}}","remember":false}',
      },
      credentials: [{ username: "ubnt", password: "ubnt" }],
      success: [OK, { json: { "meta.rc": /^ok$/ } }],
      failure: [{ json: { "meta.rc": /^error$/ } }],
    },
    fixtures: loginFixtures(
      "tomcat",
      {
        "/manage/account/login": html(
          "<!DOCTYPE html><html><head><title>UniFi Network</title></head><body></body></html>",
        ),
      },
      "POST /api/login",
      {
        when: { body: /"username":"ubnt","password":"ubnt"/ },
        ...json({ meta: { rc: "ok" }, data: [] }, 200, {
          "set-cookie": "unifises=Jz7q; Path=/; Secure; HttpOnly",
        }),
      },
      json({ meta: { rc: "error", msg: "api.err.Invalid" }, data: [] }, 400),
    ),
  },
]);
