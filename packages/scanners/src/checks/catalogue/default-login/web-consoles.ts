// Vendor-default credentials on web consoles. Tried only where detect found the product, at most 3 pairs per
// service and endpoint per scan (EMS_CHECKS_LOGIN_ATTEMPTS), and stopped at the first answer that is neither a
// success nor the product's usual refusal (a lockout, a captcha): never enough to lock an account out.
import { checks, html, json, OK } from "../../declare.ts";

const LOGIN_REFS = [
  "https://cwe.mitre.org/data/definitions/1392.html",
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/04-Authentication_Testing/02-Testing_for_Default_Credentials",
];

export default checks([
  {
    kind: "http.default-login.grafana",
    category: "default-login",
    protocol: "http",
    title: "Grafana accepts its default admin password",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      "Grafana accepted admin / admin, its installation default: whoever logs in reads every dashboard and data " +
      "source (with their stored credentials) and administers the instance.",
    remediation:
      "Change the admin password now (grafana-cli admin reset-admin-password) and review data-source secrets.",
    references: ["https://grafana.com/docs/grafana/latest/setup-grafana/sign-in-to-grafana/", ...LOGIN_REFS],
    cwe: [1392, 798],
    service: { name: "grafana", ports: [3000] },
    detect: { paths: ["/login"], match: [OK, { regex: [/<title>Grafana<\/title>|grafanaBootData/] }] },
    login: {
      request: {
        method: "POST",
        path: "/login",
        headers: { "content-type": "application/json" },
        body: '{"user":"{{username}}","password":"{{password}}"}',
      },
      credentials: [{ username: "admin", password: "admin" }],
      success: [OK, { json: { message: /^Logged in$/ } }],
      failure: [{ status: [401] }, { json: { message: "string" } }],
    },
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/login": html("<!DOCTYPE html><html><head><title>Grafana</title></head><body></body></html>"),
          "POST /login": [
            {
              when: { body: /"user":"admin","password":"admin"/ },
              ...json({ message: "Logged in", redirectUrl: "/" }, 200, {
                "set-cookie": "grafana_session=3f2a; Path=/; HttpOnly",
              }),
            },
            json({ message: "Invalid username or password" }, 401),
          ],
        },
      },
      clean: {
        server: "go",
        routes: {
          "/login": html("<!DOCTYPE html><html><head><title>Grafana</title></head><body></body></html>"),
          "POST /login": json({ message: "Invalid username or password" }, 401),
        },
      },
    },
  },
  {
    kind: "http.default-login.rabbitmq",
    category: "default-login",
    protocol: "http",
    title: "RabbitMQ management accepts guest / guest",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      "The RabbitMQ management API accepted guest / guest from a remote address: whoever logs in reads and injects " +
      "messages, and manages users, queues and policies.",
    remediation:
      "Delete the guest user (rabbitmqctl delete_user guest) or keep loopback_users = guest, and give each " +
      "application its own user.",
    references: ["https://www.rabbitmq.com/docs/access-control#default-state", ...LOGIN_REFS],
    cwe: [1392, 798],
    service: { name: "rabbitmq-management", ports: [15672] },
    detect: { paths: ["/"], match: [OK, { regex: [/<title>RabbitMQ Management<\/title>/] }] },
    login: {
      request: { method: "GET", path: "/api/whoami", headers: { authorization: "Basic {{basic}}" } },
      credentials: [{ username: "guest", password: "guest" }],
      success: [OK, { json: { name: "string", tags: "present" } }],
      failure: [{ status: [401] }],
    },
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": html("<!DOCTYPE html><html><head><title>RabbitMQ Management</title></head><body></body></html>"),
          "/api/whoami": [
            {
              when: { headers: { authorization: /^Basic Z3Vlc3Q6Z3Vlc3Q=$/ } },
              ...json({ name: "guest", tags: ["administrator"] }),
            },
            json({ error: "not_authorized", reason: "Not_Authorized" }, 401, {
              "www-authenticate": 'Basic realm="RabbitMQ Management"',
            }),
          ],
        },
      },
      clean: {
        server: "go",
        routes: {
          "/": html("<!DOCTYPE html><html><head><title>RabbitMQ Management</title></head><body></body></html>"),
          "/api/whoami": json({ error: "not_authorized", reason: "User can only log in via localhost" }, 401),
        },
      },
    },
  },
  {
    kind: "http.default-login.tomcat-manager",
    category: "default-login",
    protocol: "http",
    title: "Tomcat Manager accepts a default password",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      "Tomcat's Manager accepted a well-known user and password pair (tomcat / tomcat, admin / admin, tomcat / " +
      "s3cret): whoever logs in deploys a WAR file and runs code on the server.",
    remediation:
      "Set a strong password in tomcat-users.xml (or remove the manager roles), and allow the manager only from " +
      "localhost.",
    references: [
      "https://tomcat.apache.org/tomcat-9.0-doc/manager-howto.html#Configuring_Manager_Application_Access",
      ...LOGIN_REFS,
    ],
    cwe: [1392, 798],
    service: { name: "tomcat-manager", ports: [8080] },
    detect: {
      paths: ["/manager/html"],
      match: [{ status: [401] }, { part: "header:www-authenticate", regex: [/realm="Tomcat Manager Application"/] }],
    },
    login: {
      request: { method: "GET", path: "/manager/html", headers: { authorization: "Basic {{basic}}" } },
      credentials: [
        { username: "tomcat", password: "tomcat" },
        { username: "admin", password: "admin" },
        { username: "tomcat", password: "s3cret" },
      ],
      success: [OK, { words: ["Tomcat Web Application Manager"] }],
      failure: [{ status: [401] }],
    },
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/manager/html": [
            {
              // admin:admin, the second pair: the budget reaches it.
              when: { headers: { authorization: /^Basic YWRtaW46YWRtaW4=$/ } },
              ...html(
                "<html><head><title>/manager</title></head><body><h1>Tomcat Web Application Manager</h1></body></html>",
              ),
            },
            html("<html><head><title>401 Unauthorized</title></head></html>", 401, {
              "www-authenticate": 'Basic realm="Tomcat Manager Application"',
            }),
          ],
        },
      },
      clean: {
        server: "tomcat",
        routes: {
          "/manager/html": html("<html><head><title>401 Unauthorized</title></head></html>", 401, {
            "www-authenticate": 'Basic realm="Tomcat Manager Application"',
          }),
        },
      },
    },
  },
]);
