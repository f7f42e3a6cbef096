// Notebooks, workflow schedulers and business-intelligence tools: each connects to the company's data with stored
// credentials, and the notebooks run code by design.
import { checks, html, json, JSON_TYPE, OK } from "../../declare.ts";
import { openConsole, panel } from "../../kit.ts";

const JUPYTER_DOCS = "https://jupyter-server.readthedocs.io/en/latest/operators/security.html";

export default checks([
  panel({
    slug: "jupyter",
    product: "Jupyter",
    severity: "medium",
    description:
      "A Jupyter Notebook or JupyterLab server answers from the internet behind its token or password page: " +
      "whoever gets past it runs code on the server with the notebook user's rights.",
    fix:
      "Serve Jupyter on localhost (ServerApp.ip = '127.0.0.1') and reach it through SSH tunnels, or behind " +
      "JupyterHub with SSO.",
    docs: JUPYTER_DOCS,
    http: [
      {
        paths: ["/login"],
        match: [
          OK,
          { regex: [/<title>Jupyter (Notebook|Server|Lab)<\/title>/, /Password( or token)?:|name="password"/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/login": html(
            '<!DOCTYPE HTML>\n<html>\n<head>\n<meta charset="utf-8">\n<title>Jupyter Notebook</title>\n</head>\n' +
              '<body class="" data-jupyter-api-token="" dir="ltr">\n<div id="ipython-main-app" class="container">\n' +
              '<form action="/login?next=%2Ftree%3F" method="post">\n<label for="password_input"><strong>Password ' +
              'or token:</strong></label>\n<input type="password" name="password" id="password_input" class="form-' +
              'control">\n<button type="submit" id="login_submit">Log in</button>\n</form>\n</div>\n</body>\n</html>\n',
          ),
        },
      },
      clean: { server: "gunicorn", routes: {} },
    },
  }),
  openConsole({
    slug: "jupyter",
    product: "Jupyter",
    title: "Jupyter server opens without a token or password",
    description:
      "A Jupyter Notebook or JupyterLab server answers its API without a token or password: anyone starts a " +
      "kernel or a terminal and runs commands on the server, and reads every file the notebook user can.",
    fix:
      "Never start Jupyter with an empty token (--NotebookApp.token='' / --ServerApp.token=''): keep token or " +
      "password auth, and bind it to localhost.",
    docs: JUPYTER_DOCS,
    http: [
      {
        paths: ["/api/kernelspecs"],
        match: [OK, JSON_TYPE, { json: { default: "string", kernelspecs: "object" } }],
        extract: [{ name: "kernel", json: "default" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/api/kernelspecs": json({
            default: "python3",
            kernelspecs: {
              python3: { name: "python3", spec: { argv: ["python", "-m", "ipykernel_launcher"], language: "python" } },
            },
          }),
        },
        expect: { extracted: { kernel: "python3" } },
      },
      clean: { server: "gunicorn", routes: { "/api/kernelspecs": json({ message: "Forbidden", reason: null }, 403) } },
    },
  }),
  openConsole({
    slug: "zeppelin",
    product: "Apache Zeppelin",
    title: "Apache Zeppelin opens without a login",
    description:
      "Zeppelin lets anonymous users in (its default without Shiro): anyone reads and runs notebooks, and its " +
      "shell and Python interpreters run commands on the server.",
    fix:
      "Configure Shiro authentication (conf/shiro.ini with [urls] /** = authc) and disable the shell interpreter " +
      "where unused.",
    docs: "https://zeppelin.apache.org/docs/latest/setup/security/shiro_authentication.html",
    http: [
      {
        paths: ["/api/notebook"],
        match: [OK, JSON_TYPE, { json: { status: /^OK$/, "body[].id": "string", "body[].path": "string" } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/api/notebook": json({
            status: "OK",
            message: "",
            body: [{ id: "2A94M5J1Z", path: "/Zeppelin Tutorial/Basic Features (Spark)" }],
          }),
        },
      },
      clean: {
        server: "jetty",
        routes: { "/api/notebook": json({ status: "FORBIDDEN", message: "Permission denied" }, 403) },
      },
    },
  }),
  panel({
    slug: "airflow",
    product: "Apache Airflow",
    description:
      "Airflow's web server answers from the internet: its DAGs run code on the workers and its connections hold " +
      "the credentials of the systems it orchestrates, one password (airflow / airflow on many setups) away.",
    fix:
      "Serve the web server on the internal network or behind SSO (AUTH_TYPE = AUTH_OAUTH in webserver_config.py) " +
      "and remove default users.",
    docs: "https://airflow.apache.org/docs/apache-airflow/stable/security/index.html",
    http: [{ paths: ["/login/"], match: [OK, { regex: [/<title>\s*Sign In - Airflow\s*<\/title>/] }] }],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/login/": html(
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<title>Sign In - Airflow</title>\n<link rel="icon" type="' +
              'image/png" href="/static/pin_32.png">\n</head>\n<body>\n<form class="form" action="" method="post" ' +
              'name="login"><input id="username" name="username" type="text"></form>\n</body>\n</html>\n',
          ),
        },
      },
      clean: { server: "gunicorn", routes: {} },
    },
  }),
  panel({
    slug: "metabase",
    product: "Metabase",
    description:
      "Metabase answers from the internet with its version: the databases it queries are one password away. " +
      "When its properties still show a setup token (reported as high), the instance is either not set up yet " +
      "(anyone can create the admin) or vulnerable to pre-authentication code execution (CVE-2023-38646).",
    fix: "Upgrade Metabase, finish setup, and serve it on the internal network or behind SSO.",
    docs: "https://www.metabase.com/docs/latest/installation-and-operation/upgrading-metabase",
    http: [
      {
        paths: ["/api/session/properties"],
        match: [OK, JSON_TYPE, { json: { "version.tag": /^v\d/, "setup-token": /^[0-9a-f-]{36}$/ } }],
        extract: [{ name: "version", json: "version.tag" }],
        severity: "high",
      },
      {
        paths: ["/api/session/properties"],
        match: [OK, JSON_TYPE, { json: { "version.tag": /^v\d/ } }],
        extract: [{ name: "version", json: "version.tag" }],
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "jetty",
          routes: {
            "/api/session/properties": json({
              version: { date: "2024-01-10", tag: "v0.48.1", branch: "release-x.48.x", hash: "a2f6e3c" },
              "setup-token": null,
              "site-name": "Acme analytics",
            }),
          },
          expect: { extracted: { version: "v0.48.1" } },
        },
        {
          server: "jetty",
          routes: {
            "/api/session/properties": json({
              version: { tag: "v0.46.6", hash: "1bb88f5" },
              "setup-token": "249fa03d-fd94-4d5b-b94f-b4ebf3df681f",
            }),
          },
          expect: { severity: "high" },
        },
      ],
      clean: { server: "jetty", routes: {} },
    },
  }),
  panel({
    slug: "superset",
    product: "Apache Superset",
    description:
      "Superset answers from the internet: the databases behind its dashboards are one password away, and " +
      "installations that kept the shipped SECRET_KEY can be logged into by forging a session (CVE-2023-27524).",
    fix:
      "Set a unique SECRET_KEY, remove default admin accounts, and serve Superset on the internal network or " +
      "behind SSO.",
    docs: "https://superset.apache.org/docs/security/",
    http: [
      {
        paths: ["/login/"],
        match: [OK, { regex: [/<title>Superset<\/title>/, /data-bootstrap="/] }],
        extract: [{ name: "version", regex: /&#34;version_string&#34;:\s*&#34;([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/login/": html(
            '<!DOCTYPE html>\n<html>\n<head>\n<title>Superset</title>\n</head>\n<body>\n<div id="app" data-' +
              'bootstrap="{&#34;common&#34;: {&#34;application_root&#34;: &#34;/&#34;, &#34;menu_data&#34;: ' +
              '{&#34;navbar_right&#34;: {&#34;version_string&#34;: &#34;3.1.0&#34;}}}}"></div>\n</body>\n</html>\n',
          ),
        },
        expect: { extracted: { version: "3.1.0" } },
      },
      clean: { server: "gunicorn", routes: {} },
    },
  }),
]);
