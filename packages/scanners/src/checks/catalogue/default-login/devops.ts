// Vendor-default credentials on build, artifact, identity and gateway consoles (Jenkins, Nexus, SonarQube, Harbor,
// Keycloak, Apache APISIX, Rundeck, MinIO). Tried only where detect found the product, within the login budget (at
// most 3 pairs per service and endpoint per scan), each proven by what only a logged-in answer contains.
import {
  basicAuth,
  basicLoginFixtures,
  checks,
  DEFAULT_LOGIN_REFS,
  html,
  json,
  loginFixtures,
  OK,
  CVSS_FULL_CONTROL,
} from "../../declare.ts";

export default checks([
  {
    kind: "http.default-login.jenkins",
    category: "default-login",
    protocol: "http",
    title: "Jenkins accepts a default administrator password",
    severity: "critical",
    description:
      "Jenkins accepted a well-known pair (admin / admin, admin / password, jenkins / jenkins): whoever logs in " +
      "runs any command on the controller and its agents (the script console) and reads every stored credential.",
    remediation:
      "Set a strong password for the account (Manage Jenkins > Users), keep the setup wizard's security realm on, " +
      "and put Jenkins behind SSO or a VPN.",
    references: ["https://www.jenkins.io/doc/book/security/managing-security/", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "jenkins", ports: [8080] },
    detect: { paths: ["/login"], match: [OK, { regex: [/<title>Sign in \[Jenkins\]<\/title>|Welcome to Jenkins!/] }] },
    login: {
      request: { method: "GET", path: "/whoAmI/api/json", headers: { authorization: "Basic {{basic}}" } },
      credentials: [
        { username: "admin", password: "admin" },
        { username: "admin", password: "password" },
        { username: "jenkins", password: "jenkins" },
      ],
      success: [OK, { json: { authenticated: true, anonymous: false, name: "string" } }],
      failure: [{ status: [401] }],
    },
    fixtures: basicLoginFixtures(
      "jetty",
      {
        "/login": html("<!DOCTYPE html><html><head><title>Sign in [Jenkins]</title></head><body></body></html>", 200, {
          "x-jenkins": "2.426.3",
        }),
      },
      "/whoAmI/api/json",
      basicAuth("admin", "password"),
      json({
        _class: "hudson.security.WhoAmI",
        anonymous: false,
        authenticated: true,
        authorities: ["authenticated"],
        name: "admin",
      }),
      html("<html><body><h2>HTTP ERROR 401 Invalid password/token for user: admin</h2></body></html>", 401, {
        "www-authenticate": 'Basic realm="Jenkins"',
      }),
    ),
  },
  {
    kind: "http.default-login.nexus",
    category: "default-login",
    protocol: "http",
    title: "Sonatype Nexus accepts admin / admin123",
    severity: "critical",
    description:
      "Nexus Repository accepted admin / admin123, the password of releases before 3.17: whoever logs in " +
      "replaces artifacts the builds download (a supply-chain attack) and reads the proxied credentials.",
    remediation: "Change the admin password (Security > Users), and disable anonymous access if not needed.",
    references: ["https://help.sonatype.com/en/users.html", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "nexus", ports: [8081] },
    detect: { paths: ["/"], match: [OK, { regex: [/<title>(Sonatype )?Nexus Repository( Manager)?<\/title>/] }] },
    login: {
      request: {
        method: "GET",
        path: "/service/rest/v1/security/users?userId=admin",
        headers: { authorization: "Basic {{basic}}" },
      },
      credentials: [{ username: "admin", password: "admin123" }],
      success: [OK, { regex: [/"userId"\s*:\s*"admin"/, /"roles"\s*:/] }],
      failure: [{ status: [401, 403] }],
    },
    fixtures: basicLoginFixtures(
      "jetty",
      {
        "/": html(
          "<!DOCTYPE html><html><head><title>Sonatype Nexus Repository</title></head><body></body></html>",
          200,
          { server: "Nexus/3.16.2-01 (OSS)" },
        ),
      },
      "/service/rest/v1/security/users?userId=admin",
      basicAuth("admin", "admin123"),
      {
        status: 200,
        headers: { "content-type": "application/json" },
        body:
          '[ {\n  "userId" : "admin",\n  "firstName" : "Administrator",\n  "source" : "default",\n  "status" : ' +
          '"active",\n  "roles" : [ "nx-admin" ]\n} ]',
      },
      { status: 401, headers: { "www-authenticate": 'BASIC realm="Sonatype Nexus Repository Manager"' }, body: "" },
    ),
  },
  {
    kind: "http.default-login.sonarqube",
    category: "default-login",
    protocol: "http",
    title: "SonarQube accepts admin / admin",
    severity: "high",
    description:
      "SonarQube accepted admin / admin, its installation default: whoever logs in reads the source code and " +
      "security findings of every project, and the tokens and settings of the instance.",
    remediation: "Change the admin password (My Account > Security), and set sonar.forceAuthentication=true.",
    references: [
      "https://docs.sonarsource.com/sonarqube/latest/instance-administration/security/",
      ...DEFAULT_LOGIN_REFS,
    ],
    cwe: [1392, 798],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N",
    service: { name: "sonarqube", ports: [9000] },
    detect: {
      paths: ["/api/system/status"],
      match: [OK, { json: { version: /^\d+\.\d+/, status: /^(UP|STARTING|DB_MIGRATION_NEEDED)$/ } }],
    },
    login: {
      request: { method: "GET", path: "/api/authentication/validate", headers: { authorization: "Basic {{basic}}" } },
      credentials: [{ username: "admin", password: "admin" }],
      success: [OK, { json: { valid: true } }],
      failure: [{ json: { valid: false } }],
    },
    fixtures: basicLoginFixtures(
      "go",
      { "/api/system/status": json({ id: "243F6A88-AYxx", version: "9.9.4.87374", status: "UP" }) },
      "/api/authentication/validate",
      basicAuth("admin", "admin"),
      json({ valid: true }),
      json({ valid: false }),
    ),
  },
  {
    kind: "http.default-login.harbor",
    category: "default-login",
    protocol: "http",
    title: "Harbor registry accepts admin / Harbor12345",
    severity: "critical",
    description:
      "The Harbor container registry accepted admin / Harbor12345, the password of its installer's harbor.yml: " +
      "whoever logs in pulls and replaces every image (a supply-chain attack) and manages users and robots.",
    remediation: "Change the admin password in the portal, set harbor_admin_password before installing, and use OIDC.",
    references: ["https://goharbor.io/docs/main/install-config/configure-yml-file/", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "harbor", ports: [443, 80] },
    detect: { paths: ["/api/v2.0/systeminfo"], match: [OK, { json: { harbor_version: /^v\d/ } }] },
    login: {
      request: { method: "GET", path: "/api/v2.0/users/current", headers: { authorization: "Basic {{basic}}" } },
      credentials: [{ username: "admin", password: "Harbor12345" }],
      success: [OK, { json: { username: "string", sysadmin_flag: true } }],
      failure: [{ status: [401] }],
    },
    fixtures: basicLoginFixtures(
      "nginx",
      {
        "/api/v2.0/systeminfo": json({
          auth_mode: "db_auth",
          harbor_version: "v2.10.0-b4b4dd2e",
          self_registration: false,
        }),
      },
      "/api/v2.0/users/current",
      basicAuth("admin", "Harbor12345"),
      json({
        user_id: 1,
        username: "admin",
        email: "admin@example.com",
        realname: "system admin",
        sysadmin_flag: true,
      }),
      json({ errors: [{ code: "UNAUTHORIZED", message: "unauthorized" }] }, 401),
    ),
  },
  {
    kind: "http.default-login.keycloak",
    category: "default-login",
    protocol: "http",
    title: "Keycloak master realm accepts admin / admin",
    severity: "critical",
    description:
      "Keycloak issued an admin-cli token for admin / admin in the master realm: whoever holds it administers " +
      "every realm, so every application that signs its users in through this Keycloak.",
    remediation:
      "Change the admin password (or create a new administrator and delete the bootstrap one), enable brute-force " +
      "detection on the master realm, and keep /admin and the master realm off the internet.",
    references: [
      "https://www.keycloak.org/server/configuration#_creating_the_initial_admin_user",
      ...DEFAULT_LOGIN_REFS,
    ],
    cwe: [1392, 798],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H",
    service: { name: "keycloak", ports: [8080, 8443] },
    detect: { paths: ["/realms/master"], match: [OK, { json: { realm: /^master$/, public_key: "string" } }] },
    login: {
      request: {
        method: "POST",
        path: "/realms/master/protocol/openid-connect/token",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=password&client_id=admin-cli&username={{username}}&password={{password}}",
      },
      credentials: [{ username: "admin", password: "admin" }],
      success: [OK, { json: { access_token: "string", token_type: /^Bearer$/i } }],
      failure: [{ status: [401] }, { json: { error: /^invalid_grant$/ } }],
    },
    fixtures: loginFixtures(
      "go",
      {
        "/realms/master": json({
          realm: "master",
          public_key: "MIIBIjANBgkq",
          "token-service": "http://kc/realms/master/protocol/openid-connect",
        }),
      },
      "POST /realms/master/protocol/openid-connect/token",
      {
        when: { body: /username=admin&password=admin$/ },
        ...json({ access_token: "eyJhbGciOi.x.y", expires_in: 60, token_type: "Bearer" }),
      },
      json({ error: "invalid_grant", error_description: "Invalid user credentials" }, 401),
    ),
  },
  {
    kind: "http.default-login.apisix-admin-key",
    category: "default-login",
    protocol: "http",
    title: "Apache APISIX Admin API accepts its default key",
    severity: "critical",
    description:
      "The APISIX Admin API accepted the key shipped in its default config.yaml (edd1c9f0…): whoever has it " +
      "rewrites routes and upstreams of the gateway, and the serverless plugins run code on it (CVE-2020-13945).",
    remediation:
      "Set your own deployment.admin.admin_key in config.yaml (APISIX 3 generates one when left empty), and allow " +
      "the Admin API only from the management network (deployment.admin.allow_admin).",
    references: [
      "https://nvd.nist.gov/vuln/detail/CVE-2020-13945",
      "https://apisix.apache.org/docs/apisix/admin-api/",
      ...DEFAULT_LOGIN_REFS,
    ],
    cwe: [1392, 798],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "apisix-admin", ports: [9180, 9080] },
    detect: {
      paths: ["/apisix/admin/routes"],
      match: [{ status: [401] }, { json: { error_msg: /failed to check token|missing apikey/i } }],
    },
    login: {
      request: { method: "GET", path: "/apisix/admin/routes", headers: { "x-api-key": "{{password}}" } },
      credentials: [{ username: "admin", password: "edd1c9f034335f136f87ad84b625c8f1" }],
      success: [OK, { json: { total: "number", list: "present" } }],
      failure: [{ status: [401] }],
    },
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/apisix/admin/routes": [
            {
              when: { headers: { "x-api-key": /^edd1c9f034335f136f87ad84b625c8f1$/ } },
              ...json({ total: 0, list: [] }),
            },
            json({ error_msg: "failed to check token" }, 401),
          ],
        },
      },
      clean: { server: "nginx", routes: { "/apisix/admin/routes": json({ error_msg: "failed to check token" }, 401) } },
    },
  },
  {
    kind: "http.default-login.rundeck",
    category: "default-login",
    protocol: "http",
    title: "Rundeck accepts admin / admin",
    severity: "critical",
    description:
      "Rundeck accepted admin / admin, the account of its default realm.properties: whoever logs in runs jobs and " +
      "ad-hoc commands on every node Rundeck manages.",
    remediation: "Change or remove the admin entry in realm.properties (or use LDAP/SSO), and restrict access.",
    references: ["https://docs.rundeck.com/docs/administration/security/authentication.html", ...DEFAULT_LOGIN_REFS],
    cwe: [1392, 798],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H",
    service: { name: "rundeck", ports: [4440] },
    detect: { paths: ["/user/login"], match: [OK, { regex: [/<title>[^<]*Rundeck[^<]*Login|j_security_check/] }] },
    login: {
      request: {
        method: "POST",
        path: "/j_security_check",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "j_username={{username}}&j_password={{password}}",
      },
      credentials: [{ username: "admin", password: "admin" }],
      // Rundeck sends a good login to the start page, a bad one to /user/error.
      success: [{ status: [302, 303] }, { part: "header:location", regex: [/\/(menu\/home|menu\/projects|)$/] }],
      failure: [{ status: [302, 303] }, { part: "header:location", regex: [/\/user\/error/] }],
    },
    fixtures: loginFixtures(
      "jetty",
      {
        "/user/login": html(
          "<!DOCTYPE html><html><head><title>Rundeck - Login</title></head><body><form " +
            'action="j_security_check"></form></body></html>',
        ),
      },
      "POST /j_security_check",
      {
        when: { body: /j_username=admin&j_password=admin$/ },
        status: 302,
        headers: { location: "http://rundeck.fixture.test/menu/home" },
      },
      { status: 302, headers: { location: "http://rundeck.fixture.test/user/error" } },
    ),
  },
  {
    kind: "http.default-login.minio",
    category: "default-login",
    protocol: "http",
    title: "MinIO console accepts minioadmin / minioadmin",
    severity: "critical",
    description:
      "The MinIO console accepted minioadmin / minioadmin, the root credentials of a server started without " +
      "MINIO_ROOT_USER / MINIO_ROOT_PASSWORD: whoever logs in reads, changes and deletes every bucket.",
    remediation:
      "Set MINIO_ROOT_USER and a long MINIO_ROOT_PASSWORD, restart, and rotate any access keys created since.",
    references: [
      "https://min.io/docs/minio/linux/administration/identity-access-management/minio-user-management.html",
      ...DEFAULT_LOGIN_REFS,
    ],
    cwe: [1392, 798],
    cvss: CVSS_FULL_CONTROL,
    service: { name: "minio-console", ports: [9001] },
    detect: { paths: ["/"], match: [OK, { regex: [/<title>MinIO Console<\/title>/] }] },
    login: {
      request: {
        method: "POST",
        path: "/api/v1/login",
        headers: { "content-type": "application/json" },
        body: '{"accessKey":"{{username}}","secretKey":"{{password}}"}',
      },
      credentials: [{ username: "minioadmin", password: "minioadmin" }],
      success: [{ status: [200, 204] }, { part: "header:set-cookie", regex: [/(^|\n)token=[^;\s]{8,}/] }],
      failure: [{ status: [401, 403] }],
    },
    fixtures: loginFixtures(
      "go",
      {
        "/": html('<!doctype html><html lang="en"><head><title>MinIO Console</title></head><body></body></html>'),
      },
      "POST /api/v1/login",
      {
        when: { body: /"secretKey":"minioadmin"/ },
        status: 204,
        headers: { "set-cookie": "token=AFcuUHhPbm9yZV9zZXNzaW9u; Path=/; HttpOnly; SameSite=Lax" },
      },
      json({ code: 401, detailedMessage: "invalid Login", message: "invalid Login" }, 401),
    ),
  },
]);
