// Who may reach what: the identity provider's admin realm (Keycloak), and the managers of Kubernetes clusters and
// their deployments (Rancher, Argo CD). Each is one password away from every cluster or application behind it.
import { checks, json, JSON_TYPE, OK } from "../../declare.ts";
import { panel } from "../../kit.ts";

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
]);
