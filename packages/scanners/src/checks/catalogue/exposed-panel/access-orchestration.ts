// Who may reach what: the identity provider's admin realm (Keycloak), the managers of Kubernetes clusters and their
// deployments (Rancher, Argo CD) and the service mesh's console (Kiali). Each is one password away from every cluster
// or application behind it; Kiali with its anonymous strategy needs none.
import { checks, json, JSON_TYPE, OK } from "../../declare.ts";
import { openConsole, panel } from "../../kit.ts";

const KIALI_DOCS = "https://kiali.io/docs/configuration/authentication/";
const kialiAuth = (strategy: string) =>
  json({ strategy, authorizationEndpoint: "", sessionInfo: {}, secretMissing: false });

export default checks([
  panel({
    slug: "keycloak",
    product: "Keycloak",
    description:
      "Keycloak's master realm answers from the internet: its administration console (every realm, client secret " +
      "and user) is one password away.",
    fix:
      "Expose only the realms' public endpoints (/realms/<realm>/protocol/, /resources/) through the proxy and " +
      "keep /admin and the master realm on the internal network.",
    docs: "https://www.keycloak.org/server/reverseproxy#_exposed_path_recommendations",
    http: [
      {
        paths: ["/realms/master", "/auth/realms/master"],
        match: [OK, { json: { realm: /^master$/, public_key: "string", "token-service": "string" } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/realms/master": json({
            realm: "master",
            public_key: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gu",
            "token-service": "https://sso.acme.test/realms/master/protocol/openid-connect",
            "account-service": "https://sso.acme.test/realms/master/account",
            "tokens-not-before": 0,
          }),
        },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "rancher",
    product: "Rancher",
    severity: "medium",
    description: "Rancher's API answers from the internet: every Kubernetes cluster it manages is one password away.",
    fix:
      "Put Rancher behind the internal network or an identity-aware proxy, with an external identity provider and " +
      "MFA.",
    docs: "https://ranchermanager.docs.rancher.com/reference-guides/rancher-security",
    http: [
      {
        paths: ["/v3-public/authProviders"],
        match: [OK, JSON_TYPE, { json: { resourceType: /^authProvider$/, "data[].type": /Provider$/ } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/v3-public/authProviders": json({
            type: "collection",
            links: { self: "https://rancher.acme.test/v3-public/authProviders" },
            actions: {},
            pagination: { limit: 1000, total: 1 },
            resourceType: "authProvider",
            data: [{ baseType: "authProvider", creatorId: null, id: "local", type: "localProvider" }],
          }),
        },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "argocd",
    product: "Argo CD",
    description:
      "Argo CD answers from the internet: it deploys to the company's Kubernetes clusters and holds their " +
      "credentials and the Git repositories' keys, one password (the initial admin secret on many installations) " +
      "away.",
    fix:
      'Disable the local admin user after configuring SSO (admin.enabled: "false" in argocd-cm) and expose ' +
      "the server only on an internal ingress.",
    docs: "https://argo-cd.readthedocs.io/en/stable/operator-manual/security/",
    http: [
      {
        paths: ["/api/version"],
        match: [OK, JSON_TYPE, { json: { Version: /^v\d+\.\d+\.\d+\+[0-9a-f]{7}/ } }],
        extract: [{ name: "version", regex: /"Version"\s*:\s*"v([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: { "/api/version": json({ Version: "v2.9.3+6eba5be" }) },
        expect: { extracted: { version: "2.9.3" } },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "kiali",
    product: "Kiali",
    description:
      "Kiali, the Istio service mesh's console, answers from the internet with its version and the mesh's: the " +
      "graph of every service and its traffic, and the Istio configuration it edits, are one login away.",
    fix:
      "Expose Kiali only inside the cluster (kubectl port-forward, or an internal ingress) with the openid " +
      "strategy.",
    docs: KIALI_DOCS,
    http: [
      {
        paths: ["/kiali/api/status", "/api/status"],
        match: [OK, JSON_TYPE, { json: { "status.Kiali version": /^v?\d+\.\d+/, "status.Kiali state": "string" } }],
        extract: [{ name: "version", json: "status.Kiali version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/kiali/api/status": json({
            status: {
              "Kiali commit hash": "2f3d1a0c7b9e",
              "Kiali container version": "v1.76.0",
              "Kiali state": "running",
              "Kiali version": "v1.76.0",
              "Mesh name": "Istio",
              "Mesh version": "1.20.0",
            },
            externalServices: [
              { name: "Istio", version: "1.20.0" },
              { name: "Prometheus", version: "2.41.0" },
            ],
            warningMessages: [],
          }),
        },
        expect: { extracted: { version: "v1.76.0" } },
      },
      clean: { server: "go", routes: {} },
    },
  }),
  openConsole({
    slug: "kiali",
    product: "Kiali",
    title: "Kiali open without a login (anonymous strategy)",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:H/A:H",
    description:
      "Kiali runs with the anonymous authentication strategy: anyone who reaches it sees the whole mesh and, " +
      "unless it is view-only, edits Istio's routing and security policies (traffic can be redirected or cut).",
    fix:
      "Set spec.auth.strategy to openid (or token) in the Kiali CR, and deployment.view_only_mode: true where " +
      "edits are not needed.",
    docs: KIALI_DOCS,
    http: [
      {
        paths: ["/kiali/api/auth/info", "/api/auth/info"],
        match: [OK, JSON_TYPE, { json: { strategy: /^anonymous$/ } }],
      },
    ],
    fixtures: {
      vulnerable: { server: "go", routes: { "/kiali/api/auth/info": kialiAuth("anonymous") } },
      clean: { server: "go", routes: { "/kiali/api/auth/info": kialiAuth("openid") } },
    },
  }),
]);
