// Cloud credentials served as files (beyond ~/.aws/credentials, secrets.ts): boto and s3cmd configurations, Google
// Cloud service-account keys and user credentials, OAuth client secrets, Azure service principals and CLI tokens,
// and rclone's remotes. Proven by each tool's own keys; the values are never shown.
import {
  checks,
  CVSS_CREDENTIALS,
  CVSS_READ_LOW,
  cwe,
  hasSecrets,
  json,
  NOT_HTML,
  OK,
  OWASP_FILES,
  secretsRaise,
  text,
} from "../../declare.ts";

const REFS = [cwe(522), cwe(538), OWASP_FILES];
const REVOKE = "Remove the file from the web root and serve a folder other than a home directory;";

/** A remote's storage type, as rclone config writes it. */
const RCLONE_TYPE =
  /^type\s*=\s*(s3|drive|dropbox|onedrive|b2|s?ftp|azureblob|google cloud storage|gcs|webdav|mega|box|swift)\s*$/m;

export default checks([
  {
    kind: "http.exposed.boto-config",
    category: "exposed-file",
    protocol: "http",
    title: "boto / gsutil credentials exposed (.boto)",
    severity: "critical",
    description:
      "The site serves a .boto file, the configuration of boto and gsutil: AWS access keys or Google Cloud Storage " +
      "HMAC keys and OAuth refresh tokens, which act on the account's storage and services.",
    remediation: `${REVOKE} deactivate the keys (IAM, or Cloud Storage HMAC keys) and revoke the refresh token.`,
    references: ["https://cloud.google.com/storage/docs/boto-gsutil", ...REFS],
    cwe: [522, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.boto", "/boto.cfg"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [
              /^\[Credentials\]\s*$/m,
              /^\s*(aws|gs)_(access_key_id|secret_access_key|oauth2_refresh_token)\s*=\s*\S{8,}/m,
            ],
          },
        ],
        judge: (r) => ({
          matched: `[Credentials] ${/^\s*(aws_access_key_id|aws_secret_access_key|gs_\w+)\s*=/m.exec(r.body)![1]} = …`,
        }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/.boto": text(
            "[Credentials]\ngs_oauth2_refresh_token = 1//0gLq8Zx2Vm5Rt9Wb3Kp7Nd1Hf4Js6Gc0Ay2Eu\n\n[Boto]\n" +
              "https_validate_certificates = True\n",
          ),
        },
      },
      clean: { server: "apache", routes: { "/.boto": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.s3cmd-config",
    category: "exposed-file",
    protocol: "http",
    title: "s3cmd credentials exposed (.s3cfg)",
    severity: "critical",
    description:
      "The site serves s3cmd's .s3cfg: the access key and secret key of an S3 (or S3-compatible: DigitalOcean " +
      "Spaces, Wasabi, MinIO) account, which read and write its buckets.",
    remediation:
      `${REVOKE} deactivate the access key at the provider and issue ` + "a new one with only the rights it needs.",
    references: ["https://s3tools.org/kb/item14.htm", ...REFS],
    cwe: [522, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.s3cfg"],
        match: [OK, NOT_HTML, { regex: [/^\[default\]\s*$/m, /^access_key\s*=/m, /^secret_key\s*=/m] }],
        judge: hasSecrets,
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.s3cfg": text(
            "[default]\naccess_key = DO00QX7Z9L2M4N6P8R1T\nhost_base = fra1.digitaloceanspaces.com\n" +
              "secret_key = kq8Lz2Vm5Rt9Wb1Kp7Nd4Hf6Js0Gc3Ay8Eu2Qo5Iw\nuse_https = True\n",
          ),
        },
      },
      // s3cmd's template: the keys empty.
      clean: {
        server: "nginx",
        routes: { "/.s3cfg": text("[default]\naccess_key = \nsecret_key = \nuse_https = True\n") },
      },
    },
  },
  {
    kind: "http.exposed.gcp-service-account-key",
    category: "exposed-file",
    protocol: "http",
    title: "Google Cloud service account key exposed",
    severity: "critical",
    description:
      "The site serves a Google Cloud (or Firebase Admin SDK) service account key: its private key signs tokens for " +
      "the service account, with all the roles it has in the project.",
    remediation:
      `${REVOKE} delete the key (IAM, Service accounts, Keys), and ` + "use workload identity instead of key files.",
    references: ["https://cloud.google.com/iam/docs/best-practices-for-managing-service-account-keys", ...REFS],
    cwe: [522, 321],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/service-account.json", "/serviceAccountKey.json", "/credentials.json", "/keyfile.json"],
        match: [
          OK,
          { json: { type: /^service_account$/, private_key: /BEGIN (RSA )?PRIVATE KEY/, client_email: "string" } },
        ],
        extract: [{ name: "account", json: "client_email" }],
        judge: () => ({ matched: '"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----…"' }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "express",
        routes: {
          "/serviceAccountKey.json": json({
            type: "service_account",
            project_id: "acme-shop",
            private_key_id: "3f1c2a9e7b5d4c6e8a0f1b3d5c7e9a2b4d6f8e0a",
            private_key: "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n",
            client_email: "firebase-adminsdk-x1y2z@acme-shop.iam.gserviceaccount.com",
          }),
        },
        expect: { extracted: { account: "firebase-adminsdk-x1y2z@acme-shop.iam.gserviceaccount.com" } },
      },
      clean: { server: "express", routes: {} },
    },
  },
  {
    kind: "http.exposed.gcp-user-credentials",
    category: "exposed-file",
    protocol: "http",
    title: "Google OAuth refresh token exposed (application_default_credentials.json, token.json)",
    severity: "critical",
    description:
      "The site serves a Google user's OAuth credentials (gcloud's application default credentials, a quickstart's " +
      "token.json): the refresh token gives that user's access to the APIs it was granted, until revoked.",
    remediation:
      `${REVOKE} revoke the token (gcloud auth application-default revoke, or the account's third-party ` +
      `access page).`,
    references: ["https://cloud.google.com/docs/authentication/application-default-credentials", ...REFS],
    cwe: [522, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: [
          "/application_default_credentials.json",
          "/.config/gcloud/application_default_credentials.json",
          "/token.json",
          "/credentials.json",
        ],
        match: [OK, { json: { refresh_token: /^\S{20,}$/, client_id: /\.apps\.googleusercontent\.com$/ } }],
        judge: () => ({ matched: '"client_id": "….apps.googleusercontent.com", "refresh_token": "…"' }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/token.json": json({
            token: "ya29.a0AfB_byDq8Lz2Vm5Rt9Wb1Kp7Nd4Hf6",
            refresh_token: "1//03Lq8Zx2Vm5Rt9Wb3Kp7Nd1Hf4Js6Gc0Ay2Eu",
            client_id: "123456789012-a1b2c3d4e5f6.apps.googleusercontent.com",
            client_secret: "GOCSPX-Zq8Lm2Vx5Rt9Wb3Kp7Nd1Hf4J",
            scopes: ["https://www.googleapis.com/auth/drive"],
          }),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.google-oauth-client-secret",
    category: "exposed-file",
    protocol: "http",
    title: "Google OAuth client secret exposed (client_secret.json)",
    severity: "medium",
    description:
      "The site serves a Google OAuth client's client_secret.json: with the client id and secret, anyone can pose " +
      "as the application in OAuth flows (consent screens in its name, codes exchanged for tokens).",
    remediation:
      "Remove the file from the web root, reset the client secret in the Google Cloud console (Credentials), and " +
      "keep it server-side.",
    references: ["https://developers.google.com/identity/protocols/oauth2/web-server#creatingcred", ...REFS],
    cwe: [522, 538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/client_secret.json", "/client_secrets.json", "/credentials.json"],
        match: [
          OK,
          {
            any: [
              { json: { "web.client_secret": /^\S{10,}$/, "web.client_id": /\.apps\.googleusercontent\.com$/ } },
              {
                json: {
                  "installed.client_secret": /^\S{10,}$/,
                  "installed.client_id": /\.apps\.googleusercontent\.com$/,
                },
              },
            ],
          },
        ],
        judge: () => ({ matched: '"client_id": "….apps.googleusercontent.com", "client_secret": "…"' }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/client_secret.json": json({
            web: {
              client_id: "123456789012-q1w2e3r4t5y6.apps.googleusercontent.com",
              project_id: "acme-shop",
              auth_uri: "https://accounts.google.com/o/oauth2/auth",
              token_uri: "https://oauth2.googleapis.com/token",
              client_secret: "GOCSPX-Lq8Zx2Vm5Rt9Wb3Kp7Nd1Hf4J",
            },
          }),
        },
      },
      clean: { server: "gunicorn", routes: {} },
    },
  },
  {
    kind: "http.exposed.azure-credentials",
    category: "exposed-file",
    protocol: "http",
    title: "Azure service principal or CLI tokens exposed (azureauth.json, accessTokens.json)",
    severity: "critical",
    description:
      "The site serves Azure credentials: a service principal's client secret (an SDK auth file, the output of az ad " +
      "sp create-for-rbac) or the Azure CLI's cached access and refresh tokens, which act in the subscription with " +
      "their roles.",
    remediation:
      `${REVOKE} delete the service principal's secret (or sign the CLI out: az logout) and issue new ` +
      `credentials.`,
    references: ["https://learn.microsoft.com/en-us/cli/azure/azure-cli-sp-tutorial-1", ...REFS],
    cwe: [522, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/azureauth.json", "/.azure/accessTokens.json"],
        match: [
          OK,
          {
            any: [
              { json: { clientId: "string", clientSecret: /^\S{8,}$/, tenantId: "string" } },
              { json: { appId: "string", password: /^\S{8,}$/, tenant: "string" } },
              { json: { "[].refreshToken": /^\S{20,}$/, "[].accessToken": "string" } },
            ],
          },
        ],
        judge: (r) => ({
          matched: /"refreshToken"/.test(r.body)
            ? '[{ "accessToken": "…", "refreshToken": "…" }]'
            : '"clientSecret": "…"',
        }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/azureauth.json": json({
            clientId: "6f1c2e3d-4b5a-4978-8796-a5b4c3d2e1f0",
            clientSecret: "Qx8~Lz2Vm5Rt9Wb1Kp7Nd4Hf6Js0Gc3Ay8Eu2Q",
            subscriptionId: "0a1b2c3d-4e5f-4071-8293-a4b5c6d7e8f9",
            tenantId: "9f8e7d6c-5b4a-4392-8170-f1e2d3c4b5a6",
            activeDirectoryEndpointUrl: "https://login.microsoftonline.com",
          }),
        },
      },
      clean: { server: "iis", routes: {} },
    },
  },
  {
    kind: "http.exposed.rclone-config",
    category: "exposed-file",
    protocol: "http",
    title: "rclone remotes with credentials exposed (rclone.conf)",
    severity: "high",
    description:
      "The site serves rclone.conf: the cloud storage remotes a server syncs to (S3, Google Drive, OneDrive, SFTP…) " +
      "with their keys and OAuth tokens; rclone's obscured passwords are reversible, not encrypted.",
    remediation:
      `${REVOKE} rotate the keys and tokens of every remote in it, and encrypt the configuration (rclone ` +
      `config encryption).`,
    references: ["https://rclone.org/docs/#configuration-encryption", ...REFS],
    cwe: [522, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/rclone.conf", "/.config/rclone/rclone.conf"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [/^\[[^\]\n]+\]\s*$/m, RCLONE_TYPE],
          },
        ],
        judge: secretsRaise("critical", "[remote] type = …"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/rclone.conf": text(
            "[backup]\ntype = s3\nprovider = AWS\naccess_key_id = AKIAQX7Z9L2M4N6P8R1T\n" +
              "secret_access_key = kq8Lz2Vm5Rt9Wb1Kp7Nd4Hf6Js0Gc3Ay8Eu2Qo5Iw\nregion = eu-west-1\n",
          ),
        },
        expect: { severity: "critical" },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
]);
