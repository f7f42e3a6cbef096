// Deployment tools' settings left in the web root: Capistrano's recipes (servers, users, repository), Grunt's
// .ftppass (FTP and SFTP accounts in clear) and Chef's knife configuration. Proven by their own syntax; secrets are
// shown masked.
import {
  checks,
  CVSS_CREDENTIALS,
  CVSS_READ_LOW,
  cwe,
  hasSecrets,
  NOT_HTML,
  OK,
  OWASP_FILES,
  secretsRaise,
  text,
} from "../../declare.ts";

const REFS = [cwe(538), OWASP_FILES];

export default checks([
  {
    kind: "http.exposed.capistrano-config",
    category: "exposed-file",
    protocol: "http",
    title: "Capistrano deployment recipe exposed (config/deploy.rb)",
    severity: "medium",
    description:
      "The site serves a Capistrano recipe: the servers the application is deployed to, the SSH user, the " +
      "repository's address and the deployment paths (raised to critical when it holds a password).",
    remediation:
      "Serve only the application's public/ folder (the web root must never be the project's root), and rotate " +
      "any secret set in the recipe (keep them in the servers' linked files instead).",
    references: ["https://capistranorb.com/documentation/getting-started/configuration/", ...REFS],
    cwe: [538, 200],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/config/deploy.rb", "/config/deploy/production.rb", "/config/deploy/staging.rb"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [
              /^\s*set :(application|repo_url|deploy_to|branch|keep_releases),\s*\S/m,
              /^\s*(server|role) [:"'][\w.-]+/m,
            ],
            condition: "or",
          },
          { regex: [/^\s*(lock\s+["'][~><=\s\d.]+["']|set :\w+,|server ["'][^"']+["'],\s*(user|roles):|role :\w+,)/m] },
        ],
        extract: [{ name: "servers", regex: /^\s*server\s+["']([^"']+)["']/gm, all: true }],
        judge: secretsRaise("critical", 'set :application, … / server "…", user: …'),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/config/deploy.rb": text(
              'lock "~> 3.18.0"\n\nset :application, "shop"\nset :repo_url, "git@github.com:acme/shop.git"\n' +
                'set :deploy_to, "/var/www/shop"\nappend :linked_files, "config/master.key"\n',
            ),
          },
        },
        {
          server: "nginx",
          routes: {
            "/config/deploy/production.rb": text(
              'server "203.0.113.21", user: "deploy", roles: %w{app db web}\n' +
                'set :ssh_options, { password: "Dp7!qz2Wk", forward_agent: false }\n',
            ),
          },
          expect: { severity: "critical", extracted: { servers: ["203.0.113.21"] } },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.ftppass",
    category: "exposed-file",
    protocol: "http",
    title: "Grunt FTP credentials exposed (.ftppass)",
    severity: "critical",
    description:
      "The site serves .ftppass, where grunt-ftp-deploy and grunt-sftp-deploy keep the accounts they upload with: " +
      "user names and passwords in clear for the server the site is deployed to.",
    remediation:
      "Remove the file from the web root (and from the deployed folder: exclude it in the task's exclusions), and " +
      "change the passwords of the accounts it lists.",
    references: ["https://github.com/zonak/grunt-ftp-deploy#authentication-parameters", ...REFS],
    cwe: [256, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.ftppass"],
        match: [OK, NOT_HTML, { regex: [/^\s*\{/, /"(username|user)"\s*:\s*"[^"]+"/, /"password"\s*:\s*"[^"]+"/] }],
        // A placeholder password ("your-password") is not a finding.
        judge: hasSecrets,
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/.ftppass": text('{\n  "key1": {\n    "username": "shopftp",\n    "password": "Gr8!ftp2026"\n  }\n}\n'),
        },
      },
      // The same file holding only a key path (the SFTP variant's private key) names no password.
      clean: {
        server: "apache",
        routes: {
          "/.ftppass": text(
            '{\n  "key1": {\n    "username": "deploy",\n    "keyLocation": "/home/dev/.ssh/id_rsa"\n  }\n}\n',
          ),
        },
      },
    },
  },
  {
    kind: "http.exposed.chef-knife-config",
    category: "exposed-file",
    protocol: "http",
    title: "Chef knife configuration exposed (.chef/knife.rb)",
    severity: "medium",
    description:
      "The site serves a Chef workstation's knife configuration: the Chef server's address and organisation, the " +
      "client's name and where its key lives (often beside it, in the same served folder).",
    remediation:
      "Remove the .chef folder from the web root, and if its client key was served too, reset that client's key " +
      "(knife client key regenerate) on the Chef server.",
    references: ["https://docs.chef.io/workstation/config_rb/", ...REFS],
    cwe: [538, 200],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.chef/knife.rb", "/.chef/config.rb", "/knife.rb"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [
              /^\s*chef_server_url\s+["']https?:\/\/[^"']+["']/m,
              /^\s*(node_name|client_key|validation_key)\s+["'#]/m,
            ],
          },
        ],
        extract: [{ name: "server", regex: /^\s*chef_server_url\s+["'](https?:\/\/[^"']+)["']/m }],
        matched: 'chef_server_url "…" node_name "…" client_key "…"',
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.chef/knife.rb": text(
            'current_dir = File.dirname(__FILE__)\nlog_level                :info\nnode_name                "ops"\n' +
              'client_key               "#{current_dir}/ops.pem"\n' +
              'chef_server_url          "https://chef.example.com/organizations/acme"\n',
          ),
        },
        expect: { extracted: { server: "https://chef.example.com/organizations/acme" } },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
]);
