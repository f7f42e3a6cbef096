// Credentials and keys left where the web server serves them: password files, private keys, cloud and registry
// tokens, deployment credentials. Each is proven by the file's own syntax, never by the status.
import { checks, NOT_HTML, OK, text } from "../../declare.ts";

const SECRET_REFS = [
  "https://cwe.mitre.org/data/definitions/538.html",
  "https://owasp.org/www-project-top-ten/2017/A3_2017-Sensitive_Data_Exposure",
];
const ROTATE = "Rotate every credential it holds: assume it is known.";

export default checks([
  {
    kind: "http.exposed.htpasswd",
    category: "exposed-file",
    protocol: "http",
    title: "Password file (.htpasswd) exposed",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    description:
      "The site serves an .htpasswd file: user names with password hashes (often MD5-crypt or SHA-1), which can be " +
      "cracked offline.",
    remediation:
      "Deny access to .ht* files (Apache does by default; nginx needs a rule) and keep the file outside the web " +
      `root. ${ROTATE}`,
    references: ["https://httpd.apache.org/docs/2.4/programs/htpasswd.html", ...SECRET_REFS],
    cwe: [538, 522],
    http: [
      {
        paths: ["/.htpasswd"],
        match: [OK, NOT_HTML, { regex: [/^[\w.@-]+:(\$apr1\$|\$2[aby]\$|\{SHA\}|\$[156]\$|[./0-9A-Za-z]{13}$)/m] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.htpasswd": text("admin:$apr1$x7Zq2v1D$5VhY3Cz0RZ3qB3jz8n6Xl1\ndeploy:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=\n"),
        },
      },
      clean: { server: "apache", routes: { "/.htpasswd": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.private-key",
    category: "exposed-file",
    protocol: "http",
    title: "Private key exposed (SSH or TLS)",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N",
    description:
      "The site serves a private key. An SSH key lets anyone log in where it is authorised; a TLS key lets them " +
      "impersonate the site or decrypt recorded traffic.",
    remediation:
      "Remove it from the web root, revoke it (remove it from authorized_keys; have the certificate reissued) and " +
      `issue a new one. ${ROTATE}`,
    references: ["https://cwe.mitre.org/data/definitions/321.html", ...SECRET_REFS],
    cwe: [538, 321],
    http: [
      {
        paths: [
          "/id_rsa",
          "/.ssh/id_rsa",
          "/id_ed25519",
          "/.ssh/id_ed25519",
          "/server.key",
          "/privatekey.pem",
          "/key.pem",
        ],
        match: [
          OK,
          { regex: [/^-----BEGIN (OPENSSH |RSA |EC |DSA |ENCRYPTED )?PRIVATE KEY-----\r?\n[A-Za-z0-9+/=\r\n]{20}/m] },
        ],
        judge: (r) => ({ matched: /-----BEGIN [A-Z ]*PRIVATE KEY-----/.exec(r.body)![0] }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.ssh/id_rsa": text(
            "-----BEGIN OPENSSH PRIVATE KEY-----\n" +
              "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n" +
              "QyNTUxOQAAACBcyT2ZQm9s8o2tvl3b9a8Qn1kV0a4d9kG2t5x0n8yVxwAAAJg=\n-----END OPENSSH PRIVATE KEY-----\n",
            { "content-type": "application/octet-stream" },
          ),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.aws-credentials",
    category: "exposed-file",
    protocol: "http",
    title: "AWS credentials file exposed",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    description:
      "The site serves an AWS credentials file (aws_access_key_id / aws_secret_access_key): whoever reads it acts " +
      "in the AWS account with those keys' permissions.",
    remediation:
      "Deactivate the access key in IAM now, remove the file, and use instance or task roles instead of keys on " +
      `servers. ${ROTATE}`,
    references: ["https://docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html", ...SECRET_REFS],
    cwe: [538, 798],
    http: [
      {
        paths: ["/.aws/credentials", "/aws/credentials", "/.aws/config"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^\s*\[[\w-]+\]\s*$/m, /^\s*aws_access_key_id\s*=\s*(AKIA|ASIA)[A-Z0-9]{12,}/m] },
        ],
        judge: (r) => ({ matched: /aws_access_key_id\s*=\s*(AKIA|ASIA)[A-Z0-9]{4}/.exec(r.body)![0] + "…" }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/.aws/credentials": text(
            "[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key =" +
              " wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n",
          ),
        },
      },
      clean: { server: "apache", routes: { "/.aws/credentials": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.npmrc",
    category: "exposed-file",
    protocol: "http",
    title: "npm configuration with a registry token exposed (.npmrc)",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:H/A:N",
    description:
      "The site serves an .npmrc holding a registry token: whoever reads it can download private packages and, " +
      "with a publish token, ship malicious versions of them.",
    remediation: `Remove the file from the web root and revoke the token (npm token revoke). ${ROTATE}`,
    references: ["https://docs.npmjs.com/cli/configuring-npm/npmrc", ...SECRET_REFS],
    cwe: [538, 798],
    http: [{ paths: ["/.npmrc"], match: [OK, NOT_HTML, { regex: [/(_authToken|_auth|_password)\s*=\s*\S{8,}/] }] }],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.npmrc": text(
            "registry=https://registry.npmjs.org/\n" +
              "//registry.npmjs.org/:_authToken=npm_8b3fZx0qQm1c2d3e4f5g6h7i8j9k0L\n",
          ),
        },
      },
      clean: { server: "nginx", routes: { "/.npmrc": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.docker-config",
    category: "exposed-file",
    protocol: "http",
    title: "Docker registry credentials exposed (.docker/config.json)",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N",
    description:
      "The site serves a Docker client configuration with registry credentials (auths): whoever reads it can pull " +
      "and push the organisation's images.",
    remediation: `Remove the file, log out of the registries it names and revoke those tokens or passwords. ${ROTATE}`,
    references: ["https://docs.docker.com/reference/cli/docker/login/", ...SECRET_REFS],
    cwe: [538, 522],
    http: [
      {
        paths: ["/.docker/config.json", "/.dockercfg"],
        match: [OK, { json: { auths: "object" } }, { regex: [/"auth"\s*:\s*"[A-Za-z0-9+/=]{8,}"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.docker/config.json": {
            headers: { "content-type": "application/json" },
            body: '{"auths":{"registry.example.com":{"auth":"ZGVwbG95OnMzY3JldC1wYXNz"}}}',
          },
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.git-credentials",
    category: "exposed-file",
    protocol: "http",
    title: "Git credentials file exposed (.git-credentials)",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N",
    description:
      "The site serves a .git-credentials file: URLs with user names and tokens for the source-code host, which give " +
      "access to the repositories (and often to CI secrets).",
    remediation: `Remove the file and revoke the tokens it holds at the source-code host. ${ROTATE}`,
    references: ["https://git-scm.com/docs/git-credential-store", ...SECRET_REFS],
    cwe: [538, 798],
    http: [
      {
        paths: ["/.git-credentials"],
        match: [OK, NOT_HTML, { regex: [/^https?:\/\/[^:\s/]+:[^@\s]+@[\w.-]+/m] }],
        judge: (r) => ({ matched: /^https?:\/\/[^:\s/]+:/m.exec(r.body)![0] + "…@…" }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: { "/.git-credentials": text("https://deploy:ghp_16C7e42F292c6912E7710c838347Ae178B4a@github.com\n") },
      },
      clean: { server: "nginx", routes: { "/.git-credentials": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.sftp-config",
    category: "exposed-file",
    protocol: "http",
    title: "Editor deployment settings with a password exposed (sftp-config.json)",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:L/A:N",
    description:
      "The site serves an editor's SFTP deployment settings (Sublime SFTP, VS Code SFTP): the server's address, user " +
      "name and often its password.",
    remediation: `Remove the file from the web root and keep editor folders out of deployments. ${ROTATE}`,
    references: ["https://codexns.io/products/sftp_for_subl/settings", ...SECRET_REFS],
    cwe: [538, 256],
    http: [
      {
        paths: ["/sftp-config.json", "/.vscode/sftp.json"],
        match: [
          OK,
          { regex: [/"(host)"\s*:\s*"[^"]+"/, /"(user|username)"\s*:\s*"[^"]+"/] },
          { regex: [/"password"\s*:\s*"[^"]+"/] },
        ],
        judge: (r) => ({ matched: /"(host)"\s*:\s*"[^"]+"/.exec(r.body)![0] + ', "password": "…"' }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/.vscode/sftp.json": {
            headers: { "content-type": "application/json" },
            body:
              '{\n  "name": "prod",\n  "host": "203.0.113.7",\n  "protocol": "sftp",\n  "port": 22,\n ' +
              ' "username": "www",\n  "password": "Summer2026!",\n  "remotePath": "/var/www"\n}\n',
          },
        },
      },
      clean: { server: "apache", routes: {} },
    },
  },
]);
