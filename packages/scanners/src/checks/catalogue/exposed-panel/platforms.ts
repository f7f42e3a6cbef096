// Container, orchestration and platform consoles (Portainer, Kubernetes Dashboard, registries, Consul, Vault, MinIO),
// and the consoles of Jenkins and Grafana when they open without a login.
import { checks, html, json, JSON_TYPE, OK } from "../../declare.ts";
import { openConsole, panel } from "../../kit.ts";

export default checks([
  panel({
    slug: "portainer",
    product: "Portainer",
    severity: "medium",
    description:
      "Portainer answers from the internet: it controls the Docker hosts or Kubernetes clusters it manages (a " +
      "container with the host's root file system is one click away), behind one password.",
    fix: "Expose Portainer only on the management network, with SSO (OAuth) and a strong admin password.",
    docs: "https://docs.portainer.io/admin/settings/authentication",
    http: [
      {
        paths: ["/api/system/status", "/api/status"],
        match: [OK, JSON_TYPE, { json: { Version: /^\d+\.\d+/, InstanceID: "string" } }],
        extract: [{ name: "version", json: "Version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: { "/api/status": json({ Version: "2.19.4", InstanceID: "8c1f3a2e-5b7d-4e9f-a0b1-c2d3e4f5a6b7" }) },
        expect: { extracted: { version: "2.19.4" } },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  }),
  openConsole({
    slug: "portainer",
    product: "Portainer",
    title: "Portainer has no administrator yet (anyone can create one)",
    description:
      "Portainer was installed but its administrator was never created: the first visitor picks the admin " +
      "password and controls every Docker host or cluster it manages.",
    fix:
      "Create the administrator now (or restart Portainer with --admin-password-file), then reach it only from the " +
      "management network.",
    docs: "https://docs.portainer.io/start/install-ce/server/setup",
    http: [
      {
        paths: ["/api/users/admin/check"],
        match: [{ status: [404] }, JSON_TYPE, { regex: [/No administrator account found/i] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/users/admin/check": json(
            {
              message: "No administrator account found inside the database",
              details: "Object not found inside the database",
            },
            404,
          ),
        },
      },
      clean: { server: "go", routes: { "/api/users/admin/check": { status: 204 } } },
    },
  }),
  panel({
    slug: "kubernetes-dashboard",
    product: "Kubernetes Dashboard",
    severity: "medium",
    description:
      "The Kubernetes Dashboard answers from the internet: with a token (or with skip-login enabled) it manages " +
      "the cluster's workloads and reads its secrets.",
    fix:
      "Do not expose the dashboard: reach it with kubectl proxy or port-forward, and never enable " +
      "--enable-skip-login.",
    docs: "https://github.com/kubernetes/dashboard/blob/master/docs/user/access-control/README.md",
    http: [{ root: true, match: [OK, { regex: [/<title>Kubernetes Dashboard<\/title>/] }] }],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/": html(
            '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Kubernetes Dashboard' +
              '</title><link rel="icon" type="image/png" href="assets/images/kubernetes-logo.png"></head><body>' +
              "<kd-root></kd-root></body></html>",
          ),
        },
      },
      clean: { server: "go", scheme: "https", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  panel({
    slug: "docker-registry-ui",
    product: "Docker Registry UI",
    description:
      "A web UI for a Docker registry answers from the internet: the images and tags it lists (and, when the " +
      "registry has no authentication, the images themselves with the secrets built into them).",
    fix:
      "Put the UI and its registry behind authentication (the registry's htpasswd or token auth) and on the " +
      "internal network.",
    docs: "https://distribution.github.io/distribution/about/configuration/#auth",
    http: [{ root: true, match: [OK, { regex: [/<title>Docker Registry UI<\/title>|<docker-registry-ui\b/] }] }],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/": html(
            '<!DOCTYPE html><html><head><meta charset="UTF-8"><title>Docker Registry UI</title></head><body>' +
              '<docker-registry-ui registry-url="" single-registry="true" delete-images="true"></docker-registry-' +
              "ui></body></html>",
          ),
        },
      },
      clean: { server: "nginx", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  panel({
    slug: "consul-ui",
    product: "Consul",
    description:
      "Consul's web UI answers from the internet: the services and nodes of the network, their health and the " +
      "key/value store, open to all when ACLs are off and one token away when they are on.",
    fix:
      "Bind the HTTP API and UI to the internal network (client_addr), enable ACLs with default_policy deny, or " +
      "disable the UI (ui_config.enabled = false).",
    docs: "https://developer.hashicorp.com/consul/docs/security/acl",
    http: [
      {
        paths: ["/ui/"],
        match: [OK, { regex: [/<meta name="consul-ui\/config\/environment"|<title>Consul by HashiCorp<\/title>/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/ui/": html(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Consul by HashiCorp</title><meta ' +
              'name="consul-ui/config/environment" content="%7B%22modulePrefix%22%3A%22consul-ui%22%7D"></head>' +
              "<body></body></html>",
          ),
        },
      },
      clean: { server: "go", routes: {} },
    },
  }),
  panel({
    slug: "vault",
    product: "HashiCorp Vault",
    description:
      "A Vault server answers from the internet with its version and cluster name: the company's secrets are one " +
      "token or password away, and its API and UI become a target for credential stuffing.",
    fix:
      "Listen only on internal addresses (the listener's address), put the UI behind the VPN (ui = false where " +
      "unused) and use short-lived auth methods.",
    docs: "https://developer.hashicorp.com/vault/docs/concepts/production-hardening",
    http: [
      {
        paths: ["/v1/sys/seal-status"],
        match: [OK, JSON_TYPE, { json: { type: "string", initialized: true, sealed: "boolean", version: "string" } }],
        extract: [{ name: "version", json: "version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/v1/sys/seal-status": json({
            type: "shamir",
            initialized: true,
            sealed: false,
            t: 3,
            n: 5,
            version: "1.15.2",
            cluster_name: "vault-cluster-5e1f",
          }),
        },
        expect: { extracted: { version: "1.15.2" } },
      },
      clean: { server: "go", routes: {} },
    },
  }),
  panel({
    slug: "minio-console",
    product: "MinIO Console",
    description:
      "MinIO's console answers from the internet: every bucket and its objects are one password away, and " +
      "installations often keep the shipped minioadmin / minioadmin.",
    fix:
      "Serve the console only on the internal network (--console-address on an internal interface), set " +
      "MINIO_ROOT_USER and MINIO_ROOT_PASSWORD, and use OIDC.",
    docs: "https://min.io/docs/minio/linux/administration/minio-console.html",
    http: [{ root: true, match: [OK, { regex: [/<title>MinIO Console<\/title>/] }] }],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": html(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"/><base href="/"/><meta name="theme-color" ' +
              'content="#000000"/><title>MinIO Console</title></head><body><div id="root"></div></body></html>',
          ),
        },
      },
      clean: { server: "go", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  openConsole({
    slug: "jenkins",
    product: "Jenkins",
    title: "Jenkins script console opens without a login",
    description:
      "Jenkins lets anonymous users into its script console: anyone runs Groovy on the controller, which reads " +
      "every stored credential and runs commands on the server and its agents.",
    fix:
      "Turn security on (Manage Jenkins > Security: a security realm, and an authorisation strategy that gives " +
      "anonymous users nothing).",
    docs: "https://www.jenkins.io/doc/book/security/access-control/",
    http: [
      {
        paths: ["/script"],
        match: [OK, { part: "header:x-jenkins", regex: [/^\d+\.\d+/] }, { regex: [/Script Console/, /name="script"/] }],
        extract: [{ name: "version", part: "header:x-jenkins", regex: /^([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/script": html(
            '<!DOCTYPE html><html class=""><head><title>Script Console - Jenkins</title></head><body><div id="main-' +
              'panel"><h1>Script Console</h1><form action="script" method="post"><textarea id="script" name="script" ' +
              'class="script"></textarea></form></div></body></html>',
            200,
            { "x-jenkins": "2.440.3", "x-hudson": "1.395" },
          ),
        },
        expect: { extracted: { version: "2.440.3" } },
      },
      clean: {
        server: "jetty",
        routes: {
          "/script": html(
            "<html><head><title>Authentication required</title></head><body>Authentication required</body></html>",
            403,
            { "x-jenkins": "2.440.3" },
          ),
        },
      },
    },
  }),
  openConsole({
    slug: "grafana",
    product: "Grafana",
    title: "Grafana opens without a login (anonymous access)",
    severity: "medium",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    description:
      "Grafana's anonymous access is on: anyone reads its dashboards (reported as medium), and with the Admin " +
      "role anyone lists the data sources with their URLs and credentials and changes them (critical).",
    fix:
      "Turn anonymous access off ([auth.anonymous] enabled = false), or give it the Viewer role of an organisation " +
      "that holds only public dashboards.",
    docs: "https://grafana.com/docs/grafana/latest/setup-grafana/configure-security/configure-authentication/#anonymous-authentication",
    http: [
      {
        paths: ["/api/datasources"],
        match: [OK, JSON_TYPE, { json: { "[].type": "string", "[].url": "string", "[].access": /^(proxy|direct)$/ } }],
        extract: [{ name: "datasources", json: "[].name" }],
        severity: "critical",
      },
      {
        paths: ["/api/search?type=dash-db"],
        match: [OK, JSON_TYPE, { json: { "[].uid": "string", "[].type": /^dash-db$/ } }],
        extract: [{ name: "dashboards", json: "[].title" }],
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "go",
          routes: {
            "/api/datasources": json([
              {
                id: 1,
                uid: "P1809F7CD0C75ACF3",
                name: "prod-postgres",
                type: "postgres",
                url: "db01.internal:5432",
                access: "proxy",
              },
            ]),
          },
          expect: { severity: "critical", extracted: { datasources: ["prod-postgres"] } },
        },
        {
          server: "go",
          routes: {
            "/api/search?type=dash-db": json([
              {
                id: 3,
                uid: "b1c2d3",
                title: "Payments",
                uri: "db/payments",
                url: "/d/b1c2d3/payments",
                type: "dash-db",
              },
            ]),
          },
          expect: { severity: "medium", extracted: { dashboards: ["Payments"] } },
        },
      ],
      clean: {
        server: "go",
        routes: {
          "/api/datasources": json({ message: "Unauthorized" }, 401),
          "/api/search?type=dash-db": json({ message: "Unauthorized" }, 401),
        },
      },
    },
  }),
]);
