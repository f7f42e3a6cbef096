// Cluster managers, schedulers and registries whose APIs answer anonymous requests, and two products left in their
// "first visitor sets it up" state. Only read-only requests are made.
import { checks, html, json, JSON_TYPE, OK, text } from "../../declare.ts";

const API_REFS = [
  "https://cwe.mitre.org/data/definitions/306.html",
  "https://owasp.org/API-Security/editions/2023/en/0xa2-broken-authentication/",
];
const TAKEOVER = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H";
const FORBIDDEN_K8S = (what: string) => ({
  kind: "Status",
  apiVersion: "v1",
  metadata: {},
  status: "Failure",
  message:
    `${what} is forbidden: User "system:anonymous" cannot list resource "${what}" ` +
    'in API group "" at the cluster scope',
  reason: "Forbidden",
  details: { kind: what },
  code: 403,
});

export default checks([
  {
    kind: "service.unauthenticated.kubernetes-api",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Kubernetes API server answers anonymous requests",
    severity: "critical",
    description:
      "The Kubernetes API server lists the cluster's namespaces to an anonymous user: anonymous requests are bound " +
      "to a role that can read (often change) cluster objects, secrets and workloads included.",
    remediation:
      "Remove every RoleBinding/ClusterRoleBinding that grants rights to system:anonymous or system:unauthenticated " +
      "(kubectl get clusterrolebindings -o wide), consider --anonymous-auth=false, and keep the API server behind " +
      "a private endpoint or an allow-list.",
    references: [
      "https://kubernetes.io/docs/reference/access-authn-authz/authentication/#anonymous-requests",
      ...API_REFS,
    ],
    cwe: [306, 284],
    cvss: TAKEOVER,
    service: { name: "kubernetes-api", ports: [6443, 443, 8443, 8080] },
    product: "Kubernetes",
    http: [
      {
        paths: ["/api/v1/namespaces"],
        match: [OK, { json: { kind: /^NamespaceList$/, items: "array" } }],
        extract: [{ name: "namespaces", json: "items[].metadata.name" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/api/v1/namespaces": json({
            kind: "NamespaceList",
            apiVersion: "v1",
            metadata: { resourceVersion: "48213" },
            items: [
              { metadata: { name: "default" } },
              { metadata: { name: "kube-system" } },
              { metadata: { name: "payments" } },
            ],
          }),
        },
        expect: { extracted: { namespaces: ["default", "kube-system", "payments"] } },
      },
      clean: {
        server: "go",
        scheme: "https",
        routes: { "/api/v1/namespaces": json(FORBIDDEN_K8S("namespaces"), 403) },
      },
    },
  },
  {
    kind: "service.unauthenticated.docker-registry",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Docker registry lists its repositories without authentication",
    severity: "high",
    description:
      "The container registry answers /v2/_catalog anonymously: anyone can list and pull every image (with the " +
      "source, configuration and secrets baked into them), and usually push images that servers will then run.",
    remediation:
      "Configure authentication in the registry (auth: htpasswd or token) or put it behind an authenticating proxy, " +
      "and serve it over TLS only.",
    references: ["https://distribution.github.io/distribution/about/configuration/#auth", ...API_REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N",
    service: { name: "docker-registry", ports: [5000, 443] },
    product: "Docker registry",
    http: [
      {
        paths: ["/v2/_catalog"],
        match: [
          OK,
          { json: { repositories: "array" } },
          { part: "header:docker-distribution-api-version", regex: [/^registry\/2/] },
        ],
        extract: [{ name: "repositories", json: "repositories[]" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/v2/_catalog": json({ repositories: ["billing-api", "web"] }, 200, {
            "docker-distribution-api-version": "registry/2.0",
          }),
        },
        expect: { extracted: { repositories: ["billing-api", "web"] } },
      },
      clean: {
        server: "go",
        routes: {
          "/v2/_catalog": json(
            {
              errors: [
                {
                  code: "UNAUTHORIZED",
                  message: "authentication required",
                  detail: [{ Type: "registry", Name: "catalog", Action: "*" }],
                },
              ],
            },
            401,
            {
              "docker-distribution-api-version": "registry/2.0",
              "www-authenticate":
                'Bearer realm="https://auth.example.com/token",service="registry",scope="registry:catalog:*"',
            },
          ),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.nomad",
    category: "unauthenticated-service",
    protocol: "http",
    title: "HashiCorp Nomad API answers without an ACL token",
    severity: "critical",
    description:
      "Nomad runs with ACLs disabled (its default): its HTTP API lists jobs to anyone and accepts new ones, and a " +
      "job with the exec or raw_exec driver runs commands on the cluster's nodes.",
    remediation:
      "Bootstrap ACLs (acl { enabled = true }, nomad acl bootstrap) with a default-deny anonymous policy, enable " +
      "mTLS, and firewall port 4646.",
    references: ["https://developer.hashicorp.com/nomad/tutorials/access-control", ...API_REFS],
    cwe: [306],
    cvss: TAKEOVER,
    service: { name: "nomad", ports: [4646] },
    product: "Nomad",
    // The leader's address answers even with ACLs on: it names Nomad before the jobs are asked.
    detect: { paths: ["/v1/status/leader"], match: [OK, { regex: [/^"[\w.:[\]-]+:4647"\s*$/] }] },
    http: [
      {
        paths: ["/v1/jobs"],
        match: [OK, JSON_TYPE, { json: { "": "array" } }],
        extract: [{ name: "jobs", json: "[].ID" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/v1/status/leader": json("10.0.4.12:4647"),
          "/v1/jobs": json([{ ID: "web", Name: "web", Type: "service", Status: "running", Priority: 50 }]),
        },
        expect: { extracted: { jobs: ["web"] } },
      },
      clean: {
        server: "go",
        routes: {
          "/v1/status/leader": json("10.0.4.12:4647"),
          "/v1/jobs": { status: 403, ...text("Permission denied") },
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.mesos",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Apache Mesos master state readable without authentication",
    severity: "high",
    description:
      "The Mesos master's HTTP API answers anonymous requests (authentication is off by default): it shows every " +
      "framework, agent and task with their command lines and environment, and its operator API can change the " +
      "cluster.",
    remediation:
      "Enable HTTP authentication on masters and agents (--authenticate_http_readonly, " +
      "--authenticate_http_readwrite, with credentials), and firewall ports 5050 and 5051.",
    references: ["https://mesos.apache.org/documentation/latest/authentication/", ...API_REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:L",
    service: { name: "mesos", ports: [5050] },
    product: "Apache Mesos",
    http: [
      {
        paths: ["/master/state", "/state.json"],
        match: [OK, { json: { version: "string", frameworks: "array", slaves: "array" } }],
        extract: [{ name: "version", json: "version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/master/state": json({
            version: "1.11.0",
            git_sha: "97d9a4063332aae3825d78de71611657e05cf5e2",
            leader: "master@10.0.0.5:5050",
            frameworks: [{ name: "marathon", active: true }],
            slaves: [{ hostname: "agent-1" }],
          }),
        },
        expect: { extracted: { version: "1.11.0" } },
      },
      clean: {
        server: "go",
        routes: {
          "/master/state": {
            status: 401,
            headers: { "content-type": "text/plain", "www-authenticate": 'Basic realm="mesos-master-readonly"' },
            body: "",
          },
        },
      },
    },
  },
  {
    kind: "service.portainer.uninitialized",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Portainer has no administrator yet: anyone can create one",
    severity: "critical",
    description:
      "This Portainer instance has not been initialised: whoever opens it first creates the administrator account " +
      "and controls every Docker or Kubernetes environment it manages (which is root on those hosts).",
    remediation:
      "Create the administrator now, or restart Portainer so that its initialisation window closes, and keep its " +
      "ports (9000, 9443) off the internet.",
    references: ["https://docs.portainer.io/start/install-ce/server/setup", ...API_REFS],
    cwe: [1188, 306],
    cvss: TAKEOVER,
    service: { name: "portainer", ports: [9000, 9443] },
    product: "Portainer",
    detect: {
      paths: ["/api/system/status", "/api/status"],
      match: [OK, { json: { Version: "string", InstanceID: "string" } }],
      extract: [{ name: "version", json: "Version" }],
    },
    http: [
      {
        paths: ["/api/users/admin/check"],
        match: [{ status: [404] }, { json: { message: /No administrator account found/i } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/system/status": json({ Version: "2.19.4", InstanceID: "8b0c5e3a-4f2e-4c1b-9a7d-2e6f1d3c5b4a" }),
          "/api/users/admin/check": json(
            {
              message: "No administrator account found inside the database",
              details: "Object not found inside the database",
            },
            404,
          ),
        },
        expect: { extracted: { version: "2.19.4" } },
      },
      clean: {
        server: "go",
        routes: {
          "/api/system/status": json({ Version: "2.19.4", InstanceID: "8b0c5e3a-4f2e-4c1b-9a7d-2e6f1d3c5b4a" }),
          "/api/users/admin/check": { status: 204, headers: {}, body: "" },
        },
      },
    },
  },
  {
    kind: "service.vault.uninitialized",
    category: "unauthenticated-service",
    protocol: "http",
    title: "HashiCorp Vault is not initialised: anyone can initialise it",
    severity: "critical",
    description:
      "The Vault server answers that it is not initialised: whoever calls sys/init first receives the unseal keys " +
      "and the root token, so every secret later stored in it belongs to them.",
    remediation:
      "Initialise Vault now (vault operator init) and store the keys safely, or stop the server; keep port 8200 " +
      "off the internet until it is initialised.",
    references: ["https://developer.hashicorp.com/vault/api-docs/system/init", ...API_REFS],
    cwe: [1188, 306],
    cvss: TAKEOVER,
    service: { name: "vault", ports: [8200] },
    product: "HashiCorp Vault",
    http: [
      {
        paths: ["/v1/sys/health"],
        // 501 is Vault's answer when not initialised.
        match: [{ status: [501, 503, 200] }, { json: { initialized: false, sealed: "boolean", version: "string" } }],
        extract: [{ name: "version", json: "version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/v1/sys/health": json(
            {
              initialized: false,
              sealed: true,
              standby: true,
              performance_standby: false,
              server_time_utc: 1717000000,
              version: "1.15.2",
            },
            501,
          ),
        },
        expect: { extracted: { version: "1.15.2" } },
      },
      clean: {
        server: "go",
        routes: {
          "/v1/sys/health": json({
            initialized: true,
            sealed: false,
            standby: false,
            performance_standby: false,
            server_time_utc: 1717000000,
            version: "1.15.2",
            cluster_name: "vault-cluster-5d3a",
          }),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.weave-scope",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Weave Scope answers without authentication",
    severity: "critical",
    description:
      "Weave Scope's API answers anonymous requests: it maps every host, container and process of the cluster, and " +
      "its UI opens a shell in any container (a known path to taking over clusters).",
    remediation:
      "Never expose Scope: remove it, or reach it only through kubectl port-forward or an authenticating proxy.",
    references: ["https://github.com/weaveworks/scope#security", ...API_REFS],
    cwe: [306],
    cvss: TAKEOVER,
    service: { name: "weave-scope", ports: [4040] },
    product: "Weave Scope",
    http: [
      {
        paths: ["/api"],
        match: [OK, { json: { id: "string", version: "string", hostname: "string", capabilities: "object" } }],
        extract: [{ name: "version", json: "version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api": json({
            id: "5d3f8a1c",
            version: "1.13.2",
            hostname: "weave-scope-app-7c9",
            plugins: [],
            capabilities: { report_persistence: false },
          }),
        },
        expect: { extracted: { version: "1.13.2" } },
      },
      clean: { server: "nginx", routes: { "/api": html("<html><body>401 Authorization Required</body></html>", 401) } },
    },
  },
]);
