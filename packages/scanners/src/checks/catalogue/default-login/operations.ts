// Vendor-default credentials on monitoring, messaging, data and network consoles (ActiveMQ, Nagios, Zabbix,
// Elasticsearch, Splunk, CouchDB, Neo4j, UniFi). Tried only where detect found the product, within the login budget,
// each proven by what only a logged-in answer contains.
import { basicAuth, basicLoginFixtures, checks, DEFAULT_LOGIN_REFS, html, json, OK } from "../../declare.ts";

const TAKEOVER = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H";
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
    cvss: TAKEOVER,
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
      html("<html><head><title>localhost : ActiveMQ Console</title></head><body><h2>Welcome!</h2><p>Welcome to the Apache ActiveMQ Console of <b>localhost</b></p></body></html>"),
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
    remediation: "Set a strong password (htpasswd /etc/nagios4/htdigest.users nagiosadmin) and restrict /nagios to admins.",
    references: ["https://assets.nagios.com/downloads/nagioscore/docs/nagioscore/4/en/cgiauth.html", ...DEFAULT_LOGIN_REFS],
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
      html('<!DOCTYPE html><html><head><title>Nagios Core</title></head><frameset cols="180,*"><frame src="side.php" name="side"><frame src="main.php" name="main"></frameset></html>'),
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
    detect: { paths: ["/index.php"], match: [OK, { regex: [/<title>[^<]*Zabbix<\/title>/, /name="enter"|name="autologin"/] }] },
    login: {
      request: {
        method: "POST",
        path: "/index.php",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "name={{username}}&password={{password}}&autologin=1&enter=Sign+in",
      },
      credentials: [{ username: "Admin", password: "zabbix" }],
      success: [{ status: [302] }, { part: "header:location", regex: [/(zabbix\.php\?action=dashboard|dashboard\.php)/] }],
      failure: [OK, { words: ["Incorrect user name or password"] }],
    },
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/index.php": html('<!DOCTYPE html><html><head><title>Zabbix</title></head><body><form method="post"><input name="name"><input type="password" name="password"><button name="enter">Sign in</button></form></body></html>'),
          "POST /index.php": [
            { when: { body: /name=Admin&password=zabbix&/ }, status: 302, headers: { location: "zabbix.php?action=dashboard.view", "set-cookie": "zbx_session=eyJzZXNzaW9uaWQi; HttpOnly" } },
            html('<!DOCTYPE html><html><head><title>Zabbix</title></head><body><div class="red">Incorrect user name or password or account is temporarily blocked.</div></body></html>'),
          ],
        },
      },
      clean: {
        server: "nginx",
        routes: {
          "/index.php": html('<!DOCTYPE html><html><head><title>Zabbix</title></head><body><form method="post"><input name="name"><input type="password" name="password"><button name="enter">Sign in</button></form></body></html>'),
          "POST /index.php": html('<!DOCTYPE html><html><head><title>Zabbix</title></head><body><div class="red">Incorrect user name or password or account is temporarily blocked.</div></body></html>'),
        },
      },
    },
  },
  {
    kind: "http.default-login.elasticsearch",
    category: "default-login",
    protocol: "http",
    title: "Elasticsearch accepts elastic / changeme",
    severity: "critical",
    description:
      "Elasticsearch security accepted the built-in superuser elastic with changeme, the default password of the " +
      "6.x X-Pack and of many compose files: whoever logs in reads, changes and deletes every index.",
    remediation:
      "Set a strong password (bin/elasticsearch-reset-password -u elastic), and give applications their own " +
      "users or API keys.",
    references: ["https://www.elastic.co/guide/en/elasticsearch/reference/current/built-in-users.html", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: TAKEOVER,
    service: { name: "elasticsearch", ports: [9200] },
    detect: {
      paths: ["/"],
      match: [{ status: [401] }, { part: "header:www-authenticate", regex: [/realm="security"/] }, { words: ["security_exception"] }],
    },
    login: {
      request: { method: "GET", path: "/", headers: { authorization: "Basic {{basic}}" } },
      credentials: [{ username: "elastic", password: "changeme" }],
      success: [OK, { json: { cluster_name: "string", "version.number": /^\d+\./, tagline: /You Know, for Search/ } }],
      failure: [{ status: [401] }],
    },
    fixtures: basicLoginFixtures(
      "go",
      {},
      "/",
      basicAuth("elastic", "changeme"),
      json({ name: "es01", cluster_name: "docker-cluster", version: { number: "6.8.23" }, tagline: "You Know, for Search" }),
      json(
        { error: { root_cause: [{ type: "security_exception", reason: "missing authentication credentials for REST request [/]" }], type: "security_exception" }, status: 401 },
        401,
        { "www-authenticate": 'Basic realm="security" charset="UTF-8"' },
      ),
    ),
  },
  {
    kind: "http.default-login.splunk",
    category: "default-login",
    protocol: "http",
    title: "Splunk management API accepts admin / changeme",
    severity: "critical",
    description:
      "Splunk's management port (8089) issued a session for admin / changeme, the default password before 7.1: " +
      "whoever holds it searches all indexed data and installs apps that run code on the server and its forwarders.",
    remediation: "Change the admin password (splunk edit user admin -password …) and keep port 8089 off the internet.",
    references: ["https://docs.splunk.com/Documentation/Splunk/latest/Security/Secureyouradminaccount", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H",
    service: { name: "splunkd", ports: [8089] },
    detect: { paths: ["/"], match: [OK, { regex: [/<title>splunkd<\/title>/, /<generator build="[^"]+" version="[\d.]+"/] }] },
    login: {
      request: {
        method: "POST",
        path: "/services/auth/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "username={{username}}&password={{password}}",
      },
      credentials: [{ username: "admin", password: "changeme" }],
      success: [OK, { regex: [/<sessionKey>[^<]{8,}<\/sessionKey>/] }],
      failure: [{ status: [401] }, { words: ["Login failed"] }],
    },
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": { status: 200, headers: { "content-type": "text/xml" }, body: '<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>splunkd</title><generator build="c8eb2b8d7a4a" version="7.0.3"/></feed>' },
          "POST /services/auth/login": [
            { when: { body: /username=admin&password=changeme$/ }, status: 200, headers: { "content-type": "text/xml" }, body: "<response>\n  <sessionKey>192fd3e46a31246da7ea7f109e7f95fd</sessionKey>\n</response>\n" },
            { status: 401, headers: { "content-type": "text/xml" }, body: '<response><messages><msg type="WARN" code="incorrect_username_or_password">Login failed</msg></messages></response>' },
          ],
        },
      },
      clean: {
        server: "go",
        routes: {
          "/": { status: 200, headers: { "content-type": "text/xml" }, body: '<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>splunkd</title><generator build="c8eb2b8d7a4a" version="9.1.2"/></feed>' },
          "POST /services/auth/login": { status: 401, headers: { "content-type": "text/xml" }, body: '<response><messages><msg type="WARN" code="incorrect_username_or_password">Login failed</msg></messages></response>' },
        },
      },
    },
  },
  {
    kind: "http.default-login.couchdb",
    category: "default-login",
    protocol: "http",
    title: "CouchDB accepts a default administrator password",
    severity: "critical",
    description:
      "CouchDB accepted a well-known server admin pair (admin / admin, admin / password, couchdb / couchdb), as " +
      "docker-compose examples set them: whoever logs in reads and changes every database and the server's config.",
    remediation: "Set a strong admin password in local.ini ([admins]) and keep port 5984 on a private network.",
    references: ["https://docs.couchdb.org/en/stable/intro/security.html", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: TAKEOVER,
    service: { name: "couchdb", ports: [5984] },
    detect: { paths: ["/"], match: [OK, { json: { couchdb: /^Welcome$/, version: "string" } }] },
    login: {
      request: { method: "GET", path: "/_session", headers: { authorization: "Basic {{basic}}" } },
      credentials: [
        { username: "admin", password: "admin" },
        { username: "admin", password: "password" },
        { username: "couchdb", password: "couchdb" },
      ],
      success: [OK, { json: { ok: true, "userCtx.name": "string", "userCtx.roles": /_admin/ } }],
      failure: [{ status: [401] }],
    },
    fixtures: basicLoginFixtures(
      "go",
      { "/": json({ couchdb: "Welcome", version: "3.3.3", vendor: { name: "The Apache Software Foundation" } }) },
      "/_session",
      basicAuth("admin", "password"),
      json({ ok: true, userCtx: { name: "admin", roles: ["_admin"] }, info: { authenticated: "default" } }),
      json({ error: "unauthorized", reason: "Name or password is incorrect." }, 401),
    ),
  },
  {
    kind: "http.default-login.neo4j",
    category: "default-login",
    protocol: "http",
    title: "Neo4j accepts neo4j / neo4j (or neo4j / password)",
    severity: "critical",
    description:
      "Neo4j's HTTP API accepted its default account with a well-known password: with neo4j / neo4j it still " +
      "asks for the password change, which anyone can then make; with neo4j / password the graph is open to read " +
      "and change.",
    remediation: "Set a strong password (neo4j-admin dbms set-initial-password, or ALTER CURRENT USER) and bind to a private address.",
    references: ["https://neo4j.com/docs/operations-manual/current/configuration/set-initial-password/", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: TAKEOVER,
    service: { name: "neo4j", ports: [7474] },
    detect: { paths: ["/"], match: [OK, { json: { neo4j_version: /^\d+\./ } }] },
    login: {
      request: {
        method: "POST",
        path: "/db/neo4j/tx/commit",
        headers: { authorization: "Basic {{basic}}", "content-type": "application/json" },
        body: '{"statements":[]}',
      },
      credentials: [
        { username: "neo4j", password: "neo4j" },
        { username: "neo4j", password: "password" },
      ],
      success: [{ any: [{ json: { results: "array", errors: "array" } }, { words: ["credentials you provided were valid"] }] }],
      failure: [{ status: [401] }],
    },
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/": json({ bolt_routing: "neo4j://db:7687", transaction: "http://db:7474/db/{databaseName}/tx", neo4j_version: "5.15.0", neo4j_edition: "community" }),
          "POST /db/neo4j/tx/commit": [
            { when: { headers: { authorization: basicAuth("neo4j", "password") } }, ...json({ results: [], errors: [] }) },
            json({ errors: [{ code: "Neo.ClientError.Security.Unauthorized", message: "Invalid username or password." }] }, 401),
          ],
        },
      },
      clean: {
        server: "jetty",
        routes: {
          "/": json({ bolt_routing: "neo4j://db:7687", transaction: "http://db:7474/db/{databaseName}/tx", neo4j_version: "5.15.0", neo4j_edition: "community" }),
          "POST /db/neo4j/tx/commit": json({ errors: [{ code: "Neo.ClientError.Security.Unauthorized", message: "Invalid username or password." }] }, 401),
        },
      },
    },
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
    remediation: "Change the administrator password (Settings > Admins), enable 2FA, and keep the controller off the internet.",
    references: ["https://help.ui.com/hc/en-us/articles/204909374", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H",
    service: { name: "unifi", ports: [8443] },
    detect: { paths: ["/manage/account/login"], match: [OK, { regex: [/<title>UniFi Network<\/title>|ng-app="unifiNetwork"|UniFi Controller/i] }] },
    login: {
      request: { method: "POST", path: "/api/login", headers: { "content-type": "application/json" }, body: '{"username":"{{username}}","password":"{{password}}","remember":false}' },
      credentials: [{ username: "ubnt", password: "ubnt" }],
      success: [OK, { json: { "meta.rc": /^ok$/ } }],
      failure: [{ json: { "meta.rc": /^error$/ } }],
    },
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/manage/account/login": html("<!DOCTYPE html><html><head><title>UniFi Network</title></head><body></body></html>"),
          "POST /api/login": [
            { when: { body: /"username":"ubnt","password":"ubnt"/ }, ...json({ meta: { rc: "ok" }, data: [] }, 200, { "set-cookie": "unifises=Jz7q; Path=/; Secure; HttpOnly" }) },
            json({ meta: { rc: "error", msg: "api.err.Invalid" }, data: [] }, 400),
          ],
        },
      },
      clean: {
        server: "tomcat",
        routes: {
          "/manage/account/login": html("<!DOCTYPE html><html><head><title>UniFi Network</title></head><body></body></html>"),
          "POST /api/login": json({ meta: { rc: "error", msg: "api.err.Invalid" }, data: [] }, 400),
        },
      },
    },
  },
]);
