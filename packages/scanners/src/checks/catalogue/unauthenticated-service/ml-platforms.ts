// Machine-learning infrastructure that ships without authentication: vector databases, model servers and training
// platforms. Each is asked to list what it holds (collections, models, experiments, jobs), read-only.
import { checks, json, JSON_TYPE, OK, text, CVSS_FULL_CONTROL } from "../../declare.ts";

const REFS = [
  "https://cwe.mitre.org/data/definitions/306.html",
  "https://owasp.org/API-Security/editions/2023/en/0xa2-broken-authentication/",
];
const VECTOR_WHY =
  "Anyone can read the stored documents and embeddings (often private text indexed for retrieval), overwrite them " +
  "to poison the answers of the application that uses them, or delete them.";

export default checks([
  {
    kind: "service.unauthenticated.qdrant",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Qdrant vector database answers without an API key",
    severity: "critical",
    description: `Qdrant listed its collections to an anonymous request (no API key is configured). ${VECTOR_WHY}`,
    remediation:
      "Set service.api_key (QDRANT__SERVICE__API_KEY) and a read-only key for readers, enable TLS, and keep ports " +
      "6333/6334 behind the application.",
    references: ["https://qdrant.tech/documentation/guides/security/", ...REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "qdrant", ports: [6333] },
    product: "Qdrant",
    detect: {
      paths: ["/"],
      match: [OK, { json: { title: /^qdrant - vector search engine$/, version: "string" } }],
      extract: [{ name: "version", json: "version" }],
    },
    http: [
      {
        paths: ["/collections"],
        match: [OK, { json: { "result.collections": "array", status: /^ok$/ } }],
        extract: [{ name: "collections", json: "result.collections[].name" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": json({ title: "qdrant - vector search engine", version: "1.7.4", commit: "f6f6e9c" }),
          "/collections": json({ result: { collections: [{ name: "support-docs" }] }, status: "ok", time: 0.000021 }),
        },
        expect: { extracted: { version: "1.7.4", collections: ["support-docs"] } },
      },
      clean: {
        server: "go",
        routes: {
          "/": { status: 401, ...text("Must provide an API key or an Authorization bearer token") },
          "/collections": { status: 401, ...text("Must provide an API key or an Authorization bearer token") },
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.weaviate",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Weaviate vector database allows anonymous access",
    severity: "critical",
    description:
      "Weaviate answered its schema to an anonymous request (anonymous access is on by default). " + VECTOR_WHY,
    remediation:
      "Set AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED=false and enable API-key or OIDC authentication with " +
      "AUTHORIZATION_ADMINLIST_ENABLED, and keep port 8080 behind the application.",
    references: ["https://weaviate.io/developers/weaviate/configuration/authentication", ...REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "weaviate", ports: [8080] },
    product: "Weaviate",
    detect: {
      paths: ["/v1/meta"],
      match: [OK, { json: { hostname: "string", version: "string", modules: "object" } }],
      extract: [{ name: "version", json: "version" }],
    },
    http: [
      {
        paths: ["/v1/schema"],
        match: [OK, { json: { classes: "array" } }],
        extract: [{ name: "classes", json: "classes[].class" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/v1/meta": json({ hostname: "http://[::]:8080", modules: {}, version: "1.24.1" }),
          "/v1/schema": json({ classes: [{ class: "Article", properties: [{ name: "body", dataType: ["text"] }] }] }),
        },
        expect: { extracted: { version: "1.24.1", classes: ["Article"] } },
      },
      clean: {
        server: "go",
        routes: {
          "/v1/meta": json({ code: 401, message: "anonymous access not enabled, please provide an auth scheme" }, 401),
          "/v1/schema": json(
            { code: 401, message: "anonymous access not enabled, please provide an auth scheme" },
            401,
          ),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.chromadb",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Chroma vector database answers without authentication",
    severity: "critical",
    description:
      "Chroma listed its collections to an anonymous request (no auth provider is configured). " + VECTOR_WHY,
    remediation:
      "Configure an authentication provider (CHROMA_SERVER_AUTHN_PROVIDER with a token or basic auth), and keep " +
      "port 8000 behind the application.",
    references: ["https://docs.trychroma.com/deployment/auth", ...REFS],
    cwe: [306],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "chromadb", ports: [8000] },
    product: "Chroma",
    detect: {
      paths: ["/api/v1/heartbeat", "/api/v2/heartbeat"],
      match: [OK, { json: { "nanosecond heartbeat": "number" } }],
    },
    http: [
      {
        paths: ["/api/v1/collections", "/api/v2/tenants/default_tenant/databases/default_database/collections"],
        match: [OK, JSON_TYPE, { json: { "[].name": "string", "[].id": "string" } }],
        extract: [{ name: "collections", json: "[].name" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/api/v1/heartbeat": json({ "nanosecond heartbeat": 1717000000000000000 }),
          "/api/v1/collections": json([
            { name: "contracts", id: "0b7e9c1e-3f1a-4b8e-9d2c-5a6b7c8d9e0f", metadata: null, tenant: "default_tenant" },
          ]),
        },
        expect: { extracted: { collections: ["contracts"] } },
      },
      clean: {
        server: "gunicorn",
        routes: {
          "/api/v1/heartbeat": json({ "nanosecond heartbeat": 1717000000000000000 }),
          "/api/v1/collections": json({ error: "AuthError", message: "Unauthorized" }, 401),
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.ollama",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Ollama model server answers without authentication",
    severity: "high",
    description:
      "The Ollama API lists its models to anyone (it has no authentication of its own). Anyone can run the models " +
      "at the owner's expense, pull new ones or delete them, and read private models; old versions also had path " +
      "traversal flaws in model pulls (CVE-2024-37032).",
    remediation:
      "Bind Ollama to localhost (OLLAMA_HOST=127.0.0.1) and put an authenticating reverse proxy in front of it if " +
      "it must be reached remotely; firewall port 11434.",
    references: ["https://github.com/ollama/ollama/blob/main/docs/faq.md", ...REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:H",
    service: { name: "ollama", ports: [11434] },
    product: "Ollama",
    detect: { paths: ["/"], match: [OK, { regex: [/^Ollama is running$/] }] },
    http: [
      {
        paths: ["/api/tags"],
        match: [OK, { json: { models: "array" } }],
        extract: [{ name: "models", json: "models[].name" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": text("Ollama is running"),
          "/api/tags": json({
            models: [{ name: "llama3:latest", model: "llama3:latest", size: 4661224676, digest: "365c0bd3c000" }],
          }),
        },
        expect: { extracted: { models: ["llama3:latest"] } },
      },
      clean: {
        server: "nginx",
        routes: { "/": { status: 401, ...text("401 Authorization Required") } },
      },
    },
  },
  {
    kind: "service.unauthenticated.ray",
    category: "unauthenticated-service",
    protocol: "http",
    title: "Ray dashboard and Jobs API reachable without authentication",
    severity: "critical",
    description:
      "The Ray cluster's dashboard API answers anonymous requests, and its Jobs API runs any command submitted to " +
      "it on the cluster (exploited in the wild as ShadowRay, CVE-2023-48022): whoever reaches it runs code on " +
      "every node and reads the models and credentials there.",
    remediation:
      "Bind the dashboard to localhost (--dashboard-host=127.0.0.1, the default), reach it through SSH or an " +
      "authenticating proxy only, and firewall ports 8265 and 6379.",
    references: [
      "https://docs.ray.io/en/latest/ray-security/index.html",
      "https://nvd.nist.gov/vuln/detail/CVE-2023-48022",
      ...REFS,
    ],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    service: { name: "ray-dashboard", ports: [8265] },
    product: "Ray",
    detect: {
      paths: ["/api/version"],
      match: [OK, { json: { ray_version: "string", ray_commit: "string" } }],
      extract: [{ name: "version", json: "ray_version" }],
    },
    http: [
      {
        paths: ["/api/jobs/"],
        match: [OK, JSON_TYPE, { json: { "": "array" } }],
        extract: [{ name: "jobs", json: "[].submission_id" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/version": json({
            version: "4",
            ray_version: "2.9.0",
            ray_commit: "9be5a16e3ccad0710bb5a1bc6ee2ee4f8f1bfcd4",
          }),
          "/api/jobs/": json([
            {
              type: "SUBMISSION",
              submission_id: "raysubmit_Xe3pA",
              status: "SUCCEEDED",
              entrypoint: "python train.py",
            },
          ]),
        },
        expect: { extracted: { version: "2.9.0", jobs: ["raysubmit_Xe3pA"] } },
      },
      clean: {
        server: "nginx",
        routes: {
          "/api/version": { status: 401, ...text("401 Authorization Required") },
          "/api/jobs/": { status: 401, ...text("401 Authorization Required") },
        },
      },
    },
  },
  {
    kind: "service.unauthenticated.mlflow",
    category: "unauthenticated-service",
    protocol: "http",
    title: "MLflow tracking server answers without authentication",
    severity: "high",
    description:
      "The MLflow tracking server lists its experiments to anyone (MLflow has no authentication unless started with " +
      "--app-name basic-auth): runs, parameters, metrics and model artifacts can be read and overwritten, and " +
      "several path-traversal flaws of its artifact handling read files on the server.",
    remediation:
      "Start the server with the basic-auth app (mlflow server --app-name basic-auth) or behind an authenticating " +
      "proxy, and keep port 5000 off the internet.",
    references: ["https://mlflow.org/docs/latest/auth/index.html", ...REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N",
    service: { name: "mlflow", ports: [5000] },
    product: "MLflow",
    http: [
      {
        paths: ["/api/2.0/mlflow/experiments/search?max_results=5", "/api/2.0/mlflow/experiments/list"],
        match: [OK, { json: { "experiments[].experiment_id": "string", "experiments[].lifecycle_stage": "string" } }],
        extract: [{ name: "experiments", json: "experiments[].name" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/api/2.0/mlflow/experiments/search?max_results=5": json({
            experiments: [
              {
                experiment_id: "0",
                name: "Default",
                artifact_location: "mlflow-artifacts:/0",
                lifecycle_stage: "active",
              },
              { experiment_id: "1", name: "fraud-model", artifact_location: "s3://ml/1", lifecycle_stage: "active" },
            ],
          }),
        },
        expect: { extracted: { experiments: ["Default", "fraud-model"] } },
      },
      clean: {
        server: "gunicorn",
        routes: {
          "/api/2.0/mlflow/experiments/search?max_results=5": {
            status: 401,
            headers: { "content-type": "text/html; charset=utf-8", "www-authenticate": 'Basic realm="mlflow"' },
            body:
              "You are not authenticated. Please see " +
              "https://www.mlflow.org/docs/latest/auth/index.html#authenticating-to-mlflow on how to authenticate.",
          },
        },
      },
    },
  },
]);
