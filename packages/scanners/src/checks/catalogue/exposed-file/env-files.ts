// Environment files beyond /.env (backups.ts): the per-environment variants frameworks read (.env.production,
// .env.local…), copies left by editors and deploys, examples that carry real values, direnv's .envrc and dotenv-vault's
// decryption keys. Judged by their line syntax and by whether the values look real (secretsIn), never by the status.
import {
  checks,
  CVSS_CREDENTIALS,
  CVSS_READ_HIGH,
  cwe,
  hasSecrets,
  NOT_HTML,
  NOT_HTML_TYPE,
  OK,
  OK_OR_PARTIAL,
  OWASP_FILES,
  secretsIn,
  text,
  type Verdict,
} from "../../declare.ts";

const ENV_REFS = ["https://12factor.net/config", cwe(538), OWASP_FILES];
const ASSIGNMENTS = /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_.]*\s*=.*$/gm;
/** Two assignment lines at least (one alone could be anything), nothing else that looks like a page. */
const ENV_SYNTAX = {
  regex: [
    // NAME=value, blank or comment lines, NAME=…
    /^\s*(?:export\s+)?[A-Za-z_][\w.]*\s*=[^\n]*\n(?:\s*(?:#[^\n]*)?\n)*\s*(?:export\s+)?[A-Za-z_][\w.]*\s*=/m,
  ],
};

/** Critical with real-looking secrets (shown masked), else the check's severity with the keys it sets. */
function envVerdict(r: { body: string }): Verdict {
  const secrets = secretsIn(r.body);
  if (secrets.length) return { matched: secrets.join("\n"), severity: "critical" };
  const keys = (r.body.match(ASSIGNMENTS) ?? []).slice(0, 3).map((l) => l.trim().replace(/=.*/, "=…"));
  return { matched: keys.join("\n") };
}

const LARAVEL_PROD =
  "APP_NAME=Shop\nAPP_ENV=production\nAPP_KEY=base64:3q2+7w0Z9pQ1mX4vB8nR6tY2uI5oP0aS7dF3gH1jK9l=\nAPP_DEBUG=false\n" +
  "DB_CONNECTION=mysql\nDB_HOST=10.0.3.12\nDB_DATABASE=shop\nDB_USERNAME=shop\nDB_PASSWORD=Xk93!pqLr\n";

export default checks([
  {
    kind: "http.exposed.env-variant",
    category: "exposed-file",
    protocol: "http",
    title: "Per-environment .env file exposed (.env.production, .env.local…)",
    severity: "high",
    description:
      "The site serves one of the per-environment files that Laravel, Symfony, Next.js, Vite, Rails (dotenv) and " +
      "others read on top of .env: settings of that environment, usually with its database password, API keys and " +
      "signing secrets.",
    remediation:
      "Serve only the public folder as the web root, deny dotfiles (nginx: location ~ /\\. { deny all; " +
      "}), and rotate " +
      "every secret the file held.",
    references: [
      "https://symfony.com/doc/current/configuration.html#configuring-environment-variables-in-env-files",
      ...ENV_REFS,
    ],
    cwe: [538, 200],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/.env.local", "/.env.production", "/.env.prod", "/.env.development", "/.env.dev", "/.env.staging"],
        match: [OK_OR_PARTIAL, NOT_HTML, NOT_HTML_TYPE, ENV_SYNTAX],
        judge: envVerdict,
      },
    ],
    fixtures: {
      vulnerable: [
        { server: "nginx", routes: { "/.env.production": text(LARAVEL_PROD) }, expect: { severity: "critical" } },
        {
          server: "caddy",
          routes: {
            "/.env.local": text(
              "# Next.js local overrides\nNEXT_PUBLIC_API_URL=https://api.example.com\nNEXT_PUBLIC_SITE=shop\n",
            ),
          },
        },
      ],
      clean: { server: "nginx", routes: { "/.env.production": { status: 403 }, "/.env.local": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.env-backup",
    category: "exposed-file",
    protocol: "http",
    title: "Backup copy of a .env file exposed (.env.bak, .env.old, .env~…)",
    severity: "high",
    description:
      "The site serves a copy of its .env left by an editor or a deploy (.env.bak, .env.old, .env.save, .env~): the " +
      "server denies .env itself but serves the copy, with the same database passwords, API keys and secrets.",
    remediation:
      "Delete the copies, deny every dotfile rather than .env alone (nginx: location ~ /\\. { deny all; }), and " +
      "rotate the secrets in them.",
    references: ENV_REFS,
    cwe: [538, 530],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/.env.bak", "/.env.old", "/.env.save", "/.env.backup", "/.env~", "/.env.txt"],
        match: [OK_OR_PARTIAL, NOT_HTML, NOT_HTML_TYPE, ENV_SYNTAX],
        judge: envVerdict,
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: { "/.env.bak": text(LARAVEL_PROD, { "content-type": "application/x-trash" }) },
          expect: { severity: "critical" },
        },
        { server: "nginx", routes: { "/.env~": text("APP_ENV=staging\nLOG_LEVEL=debug\nCACHE_DRIVER=redis\n") } },
      ],
      // Apache denies .env itself; the copies are not there.
      clean: { server: "apache", routes: { "/.env": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.env-example-secrets",
    category: "exposed-file",
    protocol: "http",
    title: "Example .env file with real-looking secrets exposed",
    severity: "high",
    description:
      "The site serves an example environment file (.env.example, .env.sample, .env.dist) whose values are not " +
      "placeholders: passwords, keys or tokens that look real, often copied from a working configuration.",
    remediation:
      "Replace the values with placeholders, keep the file out of the web root, and rotate the secrets it shows " +
      "(they " +
      "are also in the repository's history).",
    references: ENV_REFS,
    cwe: [538, 798],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/.env.example", "/.env.sample", "/.env.dist"],
        match: [OK, NOT_HTML, NOT_HTML_TYPE, ENV_SYNTAX],
        judge: hasSecrets,
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.env.example": text(
            "APP_ENV=local\nDB_HOST=127.0.0.1\nDB_USERNAME=shop\nDB_PASSWORD=Summer2025!\n" +
              "STRIPE_SECRET=sk_test_51Hc2eK8q0wZ3lT\n",
          ),
        },
      },
      // Laravel's own example: empty values and null, nothing secret.
      clean: {
        server: "nginx",
        routes: {
          "/.env.example": text(
            "APP_NAME=Laravel\nAPP_ENV=local\nAPP_KEY=\nAPP_DEBUG=true\nDB_CONNECTION=mysql\nDB_PASSWORD=\n" +
              "REDIS_PASSWORD=null\nMAIL_PASSWORD=null\nAWS_SECRET_ACCESS_KEY=\nPUSHER_APP_SECRET=\n",
          ),
        },
      },
    },
  },
  {
    kind: "http.exposed.envrc",
    category: "exposed-file",
    protocol: "http",
    title: "direnv environment file exposed (.envrc)",
    severity: "medium",
    description:
      "The site serves a direnv .envrc: the shell exports a developer or deploy account loads in this folder, often " +
      "cloud keys, tokens and database URLs.",
    remediation: "Remove .envrc from the web root, deny dotfiles, and rotate any credential it exported.",
    references: ["https://direnv.net/man/direnv-stdlib.1.html", ...ENV_REFS],
    cwe: [538],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/.envrc"],
        match: [OK, NOT_HTML, NOT_HTML_TYPE, { regex: [/^\s*export\s+[A-Za-z_][A-Za-z0-9_]*=/m] }],
        judge: envVerdict,
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/.envrc": text(
              "use nix\nexport AWS_PROFILE=prod\nexport AWS_SECRET_ACCESS_KEY=9drTJvcXLB89EXAMPLEKEYwJalrXUtnFEMI\n",
            ),
          },
          expect: { severity: "critical" },
        },
        { server: "apache", routes: { "/.envrc": text("layout python3\nexport FLASK_APP=shop\n") } },
      ],
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.dotenv-vault-keys",
    category: "exposed-file",
    protocol: "http",
    title: "dotenv-vault decryption keys exposed (.env.keys, .env.me)",
    severity: "critical",
    description:
      "The site serves dotenv-vault's .env.keys (the DOTENV_KEY of each environment) or .env.me (the account's " +
      "token): with them the encrypted .env.vault, usually committed and served too, decrypts to every secret.",
    remediation:
      "Remove the files from the web root, rotate the keys (npx dotenv-vault rotatekey) and the secrets in the " +
      "vault, " +
      "and keep .env.keys out of repositories and images.",
    references: ["https://www.dotenv.org/docs/security/env-keys", ...ENV_REFS],
    cwe: [538, 321],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.env.keys", "/.env.me"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [
              /^\s*(DOTENV_KEY_\w+\s*=\s*["']?dotenv:\/\/:key_[0-9a-f]{16,}|DOTENV_ME\s*=\s*["']?me_[0-9a-f]{16,})/m,
            ],
          },
        ],
        judge: (r) => ({ matched: /(DOTENV_KEY_\w+|DOTENV_ME)/.exec(r.body)![0] + "=…" }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.env.keys": text(
            "#/!!!!!!!!!!!!!!!!!!!.env.keys!!!!!!!!!!!!!!!!!!!!!!/\n" +
              'DOTENV_KEY_PRODUCTION="dotenv://:key_0dec82bea24ada79a983dcc11b431e28838eae59a07a8f983247c7ca9027a925' +
              '@dotenv.org/vault/.env.vault?environment=production"\n',
          ),
        },
      },
      clean: { server: "nginx", routes: { "/.env.keys": { status: 403 } } },
    },
  },
]);
