// Web front ends of databases, search engines, log stores and message brokers: a login page is one password from
// the data; the consoles that open without one are their own kinds.
import { checks, html, json, JSON_TYPE, OK } from "../../declare.ts";
import { openConsole, panel } from "../../kit.ts";

const NETWORK =
  "Allow only the administrators' network to reach it (a Require ip or allow/deny rule at the web server)";

export default checks([
  panel({
    slug: "adminer",
    product: "Adminer",
    description:
      "Adminer, a one-file database manager, answers from the internet: every database the server can reach " +
      "is one password away, and Adminer can be pointed at any host (old versions: SSRF, file read).",
    fix: `Remove adminer.php from the web root when it is not in use. ${NETWORK}.`,
    docs: "https://www.adminer.org/en/",
    http: [
      {
        paths: ["/adminer.php", "/adminer/", "/adminer/adminer.php"],
        match: [OK, { regex: [/<title>Login - Adminer<\/title>/] }],
        extract: [{ name: "version", regex: /<span class="version">([\d.]+)<\/span>/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/adminer/": html(
            '<!DOCTYPE html>\n<html lang="en" dir="ltr">\n<meta http-equiv="Content-Type" content="text/html; ' +
              "charset=" +
              'utf-8">\n<meta name="robots" content="noindex">\n<title>Login - Adminer</title>\n<body class="ltr ' +
              'nojs">\n<div id="menu">\n<h1>\n<a href=\'https://www.adminer.org/\' target="_blank" rel="noreferrer ' +
              'noopener" id=\'h1\'>Adminer</a> <span class="version">4.8.1</span>\n</h1>\n</div>\n<form action="" ' +
              'method="post">\n<table cellspacing="0" class="layout">\n<tr><th>Username<td><input name="auth[' +
              'username]" id="username" value=""></table></form>\n</body>\n</html>\n',
          ),
        },
        expect: { extracted: { version: "4.8.1" } },
      },
      clean: { server: "apache", routes: { "/adminer/": { status: 403 } } },
    },
  }),
  panel({
    slug: "pgadmin",
    product: "pgAdmin 4",
    description:
      "pgAdmin 4 answers from the internet: the PostgreSQL servers saved in it (often with their passwords) are " +
      "one login away, and pgAdmin has had flaws that run code for logged-in users (CVE-2024-3116).",
    fix: `Run pgAdmin in desktop mode or on the administrators' network only, with MFA (MFA_ENABLED). ${NETWORK}.`,
    docs: "https://www.pgadmin.org/docs/pgadmin4/latest/server_deployment.html",
    http: [
      {
        paths: ["/login", "/pgadmin4/login", "/pgadmin/login"],
        match: [OK, { regex: [/<title>pgAdmin 4<\/title>/, /name="(email|csrf_token)"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/login": html(
            '<!DOCTYPE html><html lang="en"><head><title>pgAdmin 4</title><link rel="shortcut icon" href="/static/' +
              'img/favicon.ico"></head><body><div id="root"></div><form action="/authenticate/login" method="POST" ' +
              'name="security_login_form"><input name="csrf_token" type="hidden" value="IjY1"><input name="email" ' +
              'type="text"></form></body></html>',
          ),
        },
      },
      clean: { server: "gunicorn", routes: {} },
    },
  }),
  panel({
    slug: "phppgadmin",
    product: "phpPgAdmin",
    description:
      "phpPgAdmin answers from the internet: the PostgreSQL databases are one password away, and phpPgAdmin is " +
      "no longer maintained (known flaws stay unfixed).",
    fix: `Remove phpPgAdmin (Debian: apt remove phppgadmin) or keep its Apache alias to Require local. ${NETWORK}.`,
    docs: "https://github.com/phppgadmin/phppgadmin",
    http: [
      {
        paths: ["/phppgadmin/intro.php", "/phpPgAdmin/intro.php"],
        match: [OK, { regex: [/<h1>phpPgAdmin [\d.]+/] }],
        extract: [{ name: "version", regex: /<h1>phpPgAdmin ([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/phppgadmin/intro.php": html(
            '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"><html><head><title>phpPgAdmin</title>' +
              '</head><body class="intro"><h1>phpPgAdmin 7.13.0 (PHP 8.2.7)</h1><form method="get" action="intro.' +
              'php"></form></body></html>',
          ),
        },
        expect: { extracted: { version: "7.13.0" } },
      },
      clean: { server: "apache", routes: { "/phppgadmin/intro.php": { status: 403 } } },
    },
  }),
  openConsole({
    slug: "mongo-express",
    product: "Mongo Express",
    title: "Mongo Express opens without a login",
    description:
      "Mongo Express answers without basic authentication: anyone browses, edits, imports and deletes the " +
      "MongoDB databases it is connected to.",
    fix:
      "Set ME_CONFIG_BASICAUTH=true with ME_CONFIG_BASICAUTH_USERNAME and _PASSWORD (not admin / pass), and never " +
      "publish its port.",
    docs: "https://github.com/mongo-express/mongo-express#usage-docker",
    http: [
      {
        root: true,
        match: [OK, { regex: [/<title>Home - Mongo Express<\/title>/, /href="\/db\/[^"/]+\/"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "express",
        routes: {
          "/": html(
            '<!DOCTYPE html><html lang="en"><head><title>Home - Mongo Express</title></head><body><div class=' +
              '"container"><h4>Databases</h4><table class="table"><tr><td><a href="/db/admin/">admin</a></td></tr>' +
              '<tr><td><a href="/db/shop/">shop</a></td></tr></table></div></body></html>',
          ),
        },
      },
      clean: {
        server: "express",
        routes: { "/": { status: 401, headers: { "www-authenticate": 'Basic realm="Authorization Required"' } } },
      },
    },
  }),
  panel({
    slug: "couchdb-fauxton",
    product: "CouchDB Fauxton",
    description:
      "CouchDB's Fauxton admin UI answers from the internet: the databases are one password away (and open to " +
      "all on an instance left in admin party mode).",
    fix:
      "Bind CouchDB to localhost or the application network ([chttpd] bind_address) and require valid users " +
      "([chttpd] require_valid_user = true).",
    docs: "https://docs.couchdb.org/en/stable/intro/security.html",
    http: [{ paths: ["/_utils/"], match: [OK, { regex: [/<title>Project Fauxton<\/title>/] }] }],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/_utils/": html(
            '<!doctype html><html class="no-js"><head><meta charset="utf-8"><title>Project Fauxton</title></head>' +
              '<body id="home"><div id="app"></div><script src="./dashboard.assets/js/bundle-3c4d.js"></script>' +
              "</body></html>",
            200,
            { server: "CouchDB/3.3.3 (Erlang OTP/24)" },
          ),
        },
      },
      clean: { server: "go", routes: {} },
    },
  }),
  panel({
    slug: "neo4j",
    product: "Neo4j",
    description:
      "Neo4j's HTTP endpoint answers from the internet with its version and edition: the graph is one password " +
      "away (the shipped neo4j / neo4j on installations never logged into), and the browser UI is served with it.",
    fix: "Listen on internal addresses only (server.default_listen_address) and keep dbms.security.auth_enabled=true.",
    docs: "https://neo4j.com/docs/operations-manual/current/security/checklist/",
    http: [
      {
        paths: ["/"],
        headers: { accept: "application/json" },
        match: [OK, JSON_TYPE, { json: { neo4j_version: /^\d+\.\d+/, neo4j_edition: "string" } }],
        extract: [{ name: "version", json: "neo4j_version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/": json({
            bolt_routing: "neo4j://graph.example:7687",
            transaction: "http://graph.example:7474/db/{databaseName}/tx",
            bolt_direct: "bolt://graph.example:7687",
            neo4j_version: "5.15.0",
            neo4j_edition: "community",
          }),
        },
        expect: { extracted: { version: "5.15.0" } },
      },
      clean: { server: "jetty", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  panel({
    slug: "graylog",
    product: "Graylog",
    description:
      "Graylog answers from the internet with its version: the logs of every system that ships to it (with " +
      "personal data and secrets logged by mistake) are one password away.",
    fix:
      "Bind the HTTP interface to the internal network (http_bind_address) and change the root password " +
      "(root_password_sha2).",
    docs: "https://go2docs.graylog.org/current/setting_up_graylog/web_interface.htm",
    http: [
      {
        paths: ["/api/"],
        match: [
          OK,
          JSON_TYPE,
          { json: { tagline: /Manage your logs in the dark/, version: "string", cluster_id: "string" } },
        ],
        extract: [{ name: "version", json: "version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/api/": json({
            cluster_id: "6b1c1f0e-3a2d-4b5c-8d9e-0f1a2b3c4d5e",
            node_id: "0ad5f4e3-2b1c-4d5e-9f8a-7b6c5d4e3f2a",
            version: "5.2.3+9aee303",
            tagline: "Manage your logs in the dark and have lasers going and make it look like you're from space!",
          }),
        },
        expect: { extracted: { version: "5.2.3+9aee303" } },
      },
      clean: { server: "jetty", routes: {} },
    },
  }),
  panel({
    slug: "opensearch-dashboards",
    product: "OpenSearch Dashboards",
    description:
      "OpenSearch Dashboards answers from the internet: the indices behind it (often logs with personal data) are " +
      "one login away, or none when the security plugin is off.",
    fix: "Keep the security plugin on with SSO, and serve Dashboards only on the internal network (server.host).",
    docs: "https://opensearch.org/docs/latest/security/configuration/index/",
    http: [
      {
        root: true,
        match: [OK, { part: "header:osd-name", regex: [/\S/] }, { regex: [/<osd-injected-metadata /] }],
        extract: [{ name: "version", regex: /<osd-injected-metadata data="\{&quot;version&quot;:&quot;([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": html(
            '<!DOCTYPE html><html lang="en"><head><title>OpenSearch Dashboards</title></head><body><osd-csp data=' +
              '"{&quot;strictCsp&quot;:false}"></osd-csp><osd-injected-metadata data="{&quot;version&quot;:&quot;' +
              '2.11.1&quot;,&quot;buildNumber&quot;:6848}"></osd-injected-metadata><div class="osdWelcomeView">' +
              "</div></body></html>",
            200,
            { "osd-name": "dashboards-prod" },
          ),
        },
        expect: { extracted: { version: "2.11.1" } },
      },
      clean: { server: "go", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  openConsole({
    slug: "kafka-ui",
    product: "UI for Apache Kafka",
    title: "Kafka web UI opens without a login (UI for Apache Kafka)",
    description:
      "UI for Apache Kafka (provectus) runs without authentication: anyone reads every topic's messages, produces " +
      "messages, changes configurations and deletes topics and consumer groups.",
    fix:
      "Turn authentication on (AUTH_TYPE=LOGIN_FORM or OAUTH2) with RBAC, and serve it only on the internal " +
      "network.",
    docs: "https://docs.kafka-ui.provectus.io/configuration/authentication",
    http: [
      {
        paths: ["/api/clusters"],
        match: [
          OK,
          JSON_TYPE,
          { json: { "[].name": "string", "[].status": /^(online|offline|initializing)$/, "[].brokerCount": "number" } },
        ],
        extract: [{ name: "clusters", json: "[].name" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/clusters": json([
            {
              name: "prod",
              defaultCluster: true,
              status: "online",
              brokerCount: 3,
              onlinePartitionCount: 142,
              topicCount: 37,
            },
          ]),
        },
        expect: { extracted: { clusters: ["prod"] } },
      },
      clean: { server: "go", routes: { "/api/clusters": { status: 401 } } },
    },
  }),
  openConsole({
    slug: "kafdrop",
    product: "Kafdrop",
    title: "Kafdrop opens without a login (Kafka topics and messages readable)",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N",
    description:
      "Kafdrop, which has no authentication of its own, answers from the internet: the Kafka brokers, every " +
      "topic and its messages are readable, and recent versions create and delete topics.",
    fix: "Put Kafdrop behind an authenticating reverse proxy on the internal network, or remove it.",
    docs: "https://github.com/obsidiandynamics/kafdrop#readme",
    http: [{ root: true, match: [OK, { regex: [/<title>Kafdrop: Broker List<\/title>/] }] }],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/": html(
            '<!DOCTYPE html><html><head><title>Kafdrop: Broker List</title></head><body><div class="container"><h2>' +
              'Kafka Cluster Overview</h2><table id="topicTable"><tr><td><a href="/topic/payments">payments</a>' +
              "</td></tr></table></div></body></html>",
          ),
        },
      },
      clean: { server: "tomcat", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  openConsole({
    slug: "solr",
    product: "Apache Solr",
    title: "Apache Solr admin API opens without a login",
    description:
      "Solr answers its admin API without authentication: anyone reads and deletes every index, changes the " +
      "configuration, and on many versions runs code through it (Velocity templates, the config API).",
    fix:
      "Enable the BasicAuth or JWT plugin with rule-based authorisation (security.json) and bind Solr to the " +
      "internal network (SOLR_JETTY_HOST).",
    docs: "https://solr.apache.org/guide/solr/latest/deployment-guide/securing-solr.html",
    http: [
      {
        paths: ["/solr/admin/info/system?wt=json"],
        match: [OK, JSON_TYPE, { json: { "lucene.solr-spec-version": "string", "responseHeader.status": 0 } }],
        extract: [{ name: "version", json: "lucene.solr-spec-version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/solr/admin/info/system?wt=json": json({
            responseHeader: { status: 0, QTime: 12 },
            mode: "std",
            solr_home: "/var/solr/data",
            lucene: { "solr-spec-version": "9.4.0", "lucene-spec-version": "9.8.0" },
          }),
        },
        expect: { extracted: { version: "9.4.0" } },
      },
      clean: {
        server: "jetty",
        routes: {
          "/solr/admin/info/system?wt=json": html("<h2>HTTP ERROR 401 require authentication</h2>", 401, {
            "www-authenticate": 'xBasic realm="solr"',
          }),
        },
      },
    },
  }),
]);
