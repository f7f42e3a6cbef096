// Container, orchestration and configuration APIs that answer without credentials over HTTP: whoever reaches them
// controls the hosts or reads the configuration. Only read-only requests are made.
import { checks, html, json, JSON_TYPE, OK } from "../../declare.ts";

const API_REFS = [
  "https://cwe.mitre.org/data/definitions/306.html",
  "https://owasp.org/API-Security/editions/2023/en/0xa2-broken-authentication/",
];
const FIREWALL =
  "Never expose it to the internet: keep it on a local socket or a private network, with mutual TLS or tokens.";

export default checks([
  {
    kind: "service.unauthenticated.docker",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Docker Engine API answers without authentication",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H",
    description:
      "The Docker daemon's API is reachable over TCP without TLS client authentication: whoever reaches it starts " +
      "containers with the host's file system mounted, which is root on the host.",
    remediation: `Remove the tcp:// listener (or require --tlsverify with client certificates). ${FIREWALL}`,
    references: ["https://docs.docker.com/engine/security/protect-access/", ...API_REFS],
    cwe: [306],
    service: { name: "docker", ports: [2375, 2376] },
    product: "Docker Engine",
    http: [
      {
        paths: ["/version"],
        match: [OK, JSON_TYPE, { json: { ApiVersion: "string", Version: "string", Os: "string" } }],
        extract: [{ name: "version", json: "Version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/version": json(
            {
              Platform: { Name: "Docker Engine - Community" },
              Version: "24.0.7",
              ApiVersion: "1.43",
              Os: "linux",
              Arch: "amd64",
            },
            200,
            { "api-version": "1.43", server: "Docker/24.0.7 (linux)" },
          ),
        },
        expect: { extracted: { version: "24.0.7" } },
      },
      clean: {
        server: "nginx",
        routes: { "/version": html("<html><body>401 Authorization Required</body></html>", 401) },
      },
    },
  },
  {
    kind: "service.unauthenticated.kubelet",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Kubelet API lists pods without authentication",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H",
    description:
      "A Kubernetes node's kubelet answers anonymous requests: it lists the pods it runs (with their environment) " +
      "and can run commands in them.",
    remediation:
      "Set authentication.anonymous.enabled=false and authorization.mode=Webhook on the kubelet, and firewall port " +
      "10250 to the control plane.",
    references: ["https://kubernetes.io/docs/reference/access-authn-authz/kubelet-authn-authz/", ...API_REFS],
    cwe: [306],
    service: { name: "kubelet", ports: [10250, 10255] },
    product: "Kubernetes kubelet",
    http: [
      {
        paths: ["/pods"],
        match: [OK, { json: { kind: /^PodList$/, items: "array" } }],
        extract: [{ name: "pods", json: "items[].metadata.name" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/pods": json({
            kind: "PodList",
            apiVersion: "v1",
            metadata: {},
            items: [{ metadata: { name: "api-7d9f8", namespace: "prod" }, spec: { containers: [{ name: "api" }] } }],
          }),
        },
        expect: { extracted: { pods: ["api-7d9f8"] } },
      },
      clean: {
        server: "go",
        scheme: "https",
        routes: { "/pods": { status: 401, headers: { "content-type": "text/plain" }, body: "Unauthorized" } },
      },
    },
  },
  {
    kind: "service.unauthenticated.etcd",
    category: "unauthenticated-service",
    protocol: "http",
    title: "etcd answers without authentication",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      "etcd, the key-value store that holds a cluster's configuration (for Kubernetes: every secret), lists its " +
      "keys to anyone.",
    remediation: `Enable client certificate authentication (--client-cert-auth) and RBAC. ${FIREWALL}`,
    references: ["https://etcd.io/docs/v3.5/op-guide/security/", ...API_REFS],
    cwe: [306],
    service: { name: "etcd", ports: [2379] },
    product: "etcd",
    detect: {
      paths: ["/version"],
      match: [OK, { json: { etcdserver: "string" } }],
      extract: [{ name: "version", json: "etcdserver" }],
    },
    http: [
      {
        paths: ["/v3/kv/range"],
        method: "POST",
        headers: { "content-type": "application/json" },
        // All keys from "\0" (base64 "AA=="), names only, a handful.
        body: '{"key":"AA==","range_end":"AA==","keys_only":true,"limit":5}',
        match: [OK, { json: { "header.cluster_id": "present", "header.revision": "present" } }],
        extract: [{ name: "count", json: "count" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/version": json({ etcdserver: "3.5.12", etcdcluster: "3.5.0" }),
          "POST /v3/kv/range": json({
            header: {
              cluster_id: "14841639068965178418",
              member_id: "10276657743932975437",
              revision: "42",
              raft_term: "2",
            },
            kvs: [{ key: "L3JlZ2lzdHJ5L3NlY3JldHM=" }],
            count: "38",
          }),
        },
        expect: { extracted: { version: "3.5.12", count: "38" } },
      },
      clean: {
        server: "go",
        routes: {
          "/version": json({ etcdserver: "3.5.12", etcdcluster: "3.5.0" }),
          "POST /v3/kv/range": json(
            { error: "etcdserver: user name is empty", code: 3, message: "etcdserver: user name is empty" },
            401,
          ),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.consul",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Consul agent API answers without a token",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N",
    description:
      "The Consul agent's HTTP API answers without an ACL token: it reveals the cluster's services and" +
      " configuration, " +
      "and with script checks enabled, runs commands.",
    remediation: 'Enable ACLs with default_policy "deny", disable script checks, and firewall port 8500.',
    references: ["https://developer.hashicorp.com/consul/docs/security/acl", ...API_REFS],
    cwe: [306],
    service: { name: "consul", ports: [8500] },
    product: "Consul",
    http: [
      {
        paths: ["/v1/agent/self"],
        match: [OK, { json: { Config: "object", "Config.Datacenter": "string", Member: "object" } }],
        extract: [{ name: "version", json: "Config.Version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/v1/agent/self": json({
            Config: { Datacenter: "dc1", NodeName: "consul-01", Version: "1.17.1", Server: true },
            Member: { Name: "consul-01", Addr: "10.0.0.5", Port: 8301 },
          }),
        },
        expect: { extracted: { version: "1.17.1" } },
      },
      clean: {
        server: "go",
        routes: {
          "/v1/agent/self": { status: 403, headers: { "content-type": "text/plain" }, body: "Permission denied" },
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.couchdb",
    category: "unauthenticated-service",
    protocol: "http",
    title: "CouchDB lists its databases without authentication",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      "CouchDB lists its databases to anyone (the old 'admin party' or a public _all_dbs): their documents can be " +
      "read and often changed.",
    remediation: "Create an admin user, set require_valid_user = true, and bind to a private interface.",
    references: ["https://docs.couchdb.org/en/stable/intro/security.html", ...API_REFS],
    cwe: [306],
    service: { name: "couchdb", ports: [5984] },
    product: "CouchDB",
    detect: {
      root: true,
      match: [{ json: { couchdb: /^Welcome$/ } }],
      extract: [{ name: "version", json: "version" }],
    },
    http: [
      {
        paths: ["/_all_dbs"],
        match: [OK, { json: { "": "array" } }],
        extract: [{ name: "databases", json: "[]" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": json({
            couchdb: "Welcome",
            version: "3.3.3",
            git_sha: "40afbcfc7",
            features: ["access-ready"],
            vendor: { name: "The Apache Software Foundation" },
          }),
          "/_all_dbs": json(["_replicator", "_users", "orders"]),
        },
        expect: { extracted: { version: "3.3.3", databases: ["_replicator", "_users", "orders"] } },
      },
      clean: {
        server: "go",
        routes: {
          "/": json({ couchdb: "Welcome", version: "3.3.3" }),
          "/_all_dbs": json({ error: "unauthorized", reason: "You are not a server admin." }, 401),
        },
      },
    },
  },
]);
