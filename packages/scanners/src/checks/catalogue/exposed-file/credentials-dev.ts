// Developer and client credential files from a home directory served as the web root: package registries (PyPI,
// RubyGems, crates.io), .netrc, PostgreSQL's .pgpass, MySQL's .my.cnf, the GitHub CLI's token and msmtp's SMTP
// account. Each is proven by its own syntax; the secret itself is never shown.
import {
  checks,
  CVSS_CREDENTIALS,
  cwe,
  hasSecrets,
  NOT_HTML,
  NOT_HTML_TYPE,
  OK,
  OWASP_FILES,
  text,
} from "../../declare.ts";

const REFS = [cwe(522), cwe(538), OWASP_FILES];
const HOME = "Serve a dedicated folder rather than a home directory, deny dotfiles on the web server,";

export default checks([
  {
    kind: "http.exposed.pypirc",
    category: "exposed-file",
    protocol: "http",
    title: "PyPI upload credentials exposed (.pypirc)",
    severity: "critical",
    description:
      "The site serves a .pypirc: the password or API token used to upload packages to PyPI (or a private index), " +
      "with which anyone publishes new, malicious versions of the organisation's packages.",
    remediation:
      `${HOME} and revoke the token on PyPI (Account settings, API ` + "tokens); publish with trusted publishing.",
    references: ["https://packaging.python.org/en/latest/specifications/pypirc/", ...REFS],
    cwe: [522, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.pypirc"],
        match: [OK, NOT_HTML, { regex: [/^\[(pypi|testpypi|distutils)\]\s*$/m, /^\s*password\s*[=:]\s*\S+/m] }],
        judge: hasSecrets,
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.pypirc": text(
            "[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\n" +
              "password = pypi-AgEIcHlwaS5vcmcCJDk4ZjA2ZTgxLWQ5YjEtNGZkMS1hNjc0\n",
          ),
        },
      },
      clean: { server: "nginx", routes: { "/.pypirc": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.rubygems-credentials",
    category: "exposed-file",
    protocol: "http",
    title: "RubyGems API key exposed (.gem/credentials)",
    severity: "critical",
    description:
      "The site serves ~/.gem/credentials: the RubyGems API key that pushes and yanks the owner's gems, enough to " +
      "ship a malicious release to everyone who depends on them.",
    remediation: `${HOME} and reset the API key on rubygems.org (Settings, API keys).`,
    references: ["https://guides.rubygems.org/api-key-scopes/", ...REFS],
    cwe: [522, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.gem/credentials"],
        match: [OK, NOT_HTML, { regex: [/^:rubygems_api_key:\s*\S{10,}/m] }],
        matched: ":rubygems_api_key: …",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/.gem/credentials": text("---\n:rubygems_api_key: rubygems_8f2b6c1d4e3a49f7b0c52d8e6a1f9b3c7d5e\n"),
        },
      },
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.cargo-credentials",
    category: "exposed-file",
    protocol: "http",
    title: "Cargo registry token exposed (.cargo/credentials.toml)",
    severity: "critical",
    description:
      "The site serves Cargo's credentials file: the crates.io (or private registry) token that publishes and yanks " +
      "the owner's crates.",
    remediation: `${HOME} and revoke the token on crates.io (Account settings, API tokens).`,
    references: ["https://doc.rust-lang.org/cargo/reference/config.html#credentials", ...REFS],
    cwe: [522, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.cargo/credentials.toml", "/.cargo/credentials"],
        match: [OK, NOT_HTML, { regex: [/^\[registr(y|ies\.[\w-]+)\]\s*$/m, /^\s*token\s*=\s*"[^"\s]{10,}"/m] }],
        matched: '[registry] token = "…"',
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: { "/.cargo/credentials.toml": text('[registry]\ntoken = "cioQx7Z9L2M4N6P8R1TkLq8Zx2Vm5Rt9Wb"\n') },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.netrc",
    category: "exposed-file",
    protocol: "http",
    title: "Login credentials file exposed (.netrc)",
    severity: "critical",
    description:
      "The site serves a .netrc: machine names with the login and password curl, git, ftp and the Heroku CLI use " +
      "for them, in clear.",
    remediation: `${HOME} and change every password (or revoke every token) it lists.`,
    references: ["https://everything.curl.dev/usingcurl/netrc.html", ...REFS],
    cwe: [522, 256],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.netrc", "/_netrc"],
        match: [
          OK,
          NOT_HTML,
          NOT_HTML_TYPE,
          { regex: [/^\s*(machine\s+\S+|default)\b/m, /\blogin\s+\S+/, /\bpassword\s+\S+/] },
        ],
        judge: (r) => ({ matched: `machine ${/machine\s+(\S+)/.exec(r.body)?.[1] ?? "…"} login … password …` }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/.netrc": text(
            "machine api.heroku.com\n  login ops@example.com\n  password 8f2b6c1d-4e3a-49f7-b0c5-2d8e6a1f9b3c\n" +
              "machine git.heroku.com\n  login ops@example.com\n  password 8f2b6c1d-4e3a-49f7-b0c5-2d8e6a1f9b3c\n",
          ),
        },
      },
      clean: { server: "apache", routes: { "/.netrc": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.pgpass",
    category: "exposed-file",
    protocol: "http",
    title: "PostgreSQL password file exposed (.pgpass)",
    severity: "critical",
    description:
      "The site serves a .pgpass: host, port, database, user and password lines that psql and pg_dump read, in " +
      "clear, for every database the account reaches.",
    remediation: `${HOME} and change the passwords of the database users it lists.`,
    references: ["https://www.postgresql.org/docs/current/libpq-pgpass.html", ...REFS],
    cwe: [522, 256],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.pgpass"],
        match: [OK, NOT_HTML, NOT_HTML_TYPE, { regex: [/^[^:\s#]+:(\d{2,5}|\*):[^:\s]+:[^:\s]+:\S+$/m] }],
        judge: (r) => ({ matched: /^[^:\s#]+:(\d{2,5}|\*):[^:\s]+:[^:\s]+:/m.exec(r.body)![0] + "…" }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: { "/.pgpass": text("db.internal:5432:shop:shop_admin:Pg7!kq2Lz\n*:5432:*:postgres:S3cr3tPg\n") },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.mysql-client-config",
    category: "exposed-file",
    protocol: "http",
    title: "MySQL client settings with a password exposed (.my.cnf)",
    severity: "critical",
    description:
      "The site serves a .my.cnf (or my.cnf) with a password: the MySQL account the mysql and mysqldump clients " +
      "log in with, often root or a backup user that reads every database.",
    remediation: `${HOME} and change the MySQL user's password.`,
    references: ["https://dev.mysql.com/doc/refman/8.0/en/option-files.html", ...REFS],
    cwe: [522, 256],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.my.cnf", "/my.cnf"],
        match: [OK, NOT_HTML, { regex: [/^\[(client|mysql|mysqldump|mysqladmin)\]\s*$/m, /^\s*password\s*=/m] }],
        judge: hasSecrets,
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: { "/.my.cnf": text('[client]\nuser=backup\npassword="My5!qz8Lw"\nhost=localhost\n') },
      },
      // A server's own my.cnf: settings, no client password.
      clean: {
        server: "apache",
        routes: {
          "/my.cnf": text("[mysqld]\ndatadir=/var/lib/mysql\nsocket=/var/lib/mysql/mysql.sock\n[client]\npassword=\n"),
        },
      },
    },
  },
  {
    kind: "http.exposed.github-cli-token",
    category: "exposed-file",
    protocol: "http",
    title: "GitHub CLI token exposed (.config/gh/hosts.yml)",
    severity: "critical",
    description:
      "The site serves the GitHub CLI's hosts.yml with an oauth_token: the user's GitHub token, with access to their " +
      "repositories and organisations (private ones included) as far as its scopes go.",
    remediation: `${HOME} and revoke the token (GitHub, Settings, Applications, GitHub CLI; or gh auth logout).`,
    references: ["https://cli.github.com/manual/gh_auth_login", ...REFS],
    cwe: [522, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.config/gh/hosts.yml"],
        match: [OK, NOT_HTML, { regex: [/^[\w.-]+:\s*$/m, /^\s+oauth_token:\s*(gh[opus]_[A-Za-z0-9]{20,})/m] }],
        judge: (r) => ({ matched: `oauth_token: ${/oauth_token:\s*(gh[opus]_)/.exec(r.body)![1]}…` }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.config/gh/hosts.yml": text(
            "github.com:\n    user: jdoe\n    oauth_token: gho_16C7e42F292c6912E7710c838347Ae178B4a\n    " +
              "git_protocol: https\n",
          ),
        },
      },
      // Recent gh versions keep the token in the system keyring: the file names the user only.
      clean: {
        server: "nginx",
        routes: { "/.config/gh/hosts.yml": text("github.com:\n    user: jdoe\n    git_protocol: https\n") },
      },
    },
  },
  {
    kind: "http.exposed.msmtprc",
    category: "exposed-file",
    protocol: "http",
    title: "SMTP client credentials exposed (.msmtprc)",
    severity: "critical",
    description:
      "The site serves msmtp's configuration (the sendmail replacement PHP's mail() often uses): the SMTP server and " +
      "the account's user and password in clear, with which anyone sends mail as the organisation.",
    remediation: `${HOME} change the SMTP account's password, and use passwordeval or a keyring instead of password.`,
    references: ["https://marlam.de/msmtp/msmtp.html#Authentication", ...REFS],
    cwe: [522, 256],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.msmtprc", "/msmtprc", "/etc/msmtprc"],
        match: [OK, NOT_HTML, { regex: [/^\s*account\s+\S+/m, /^\s*host\s+[\w.-]+/m, /^\s*password\s+\S+/m] }],
        extract: [{ name: "host", regex: /^\s*host\s+([\w.-]+)/m }],
        matched: "account … host … user … password …",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/.msmtprc": text(
            "defaults\nauth on\ntls on\n\naccount shop\nhost smtp.example.com\nport 587\nfrom shop@example.com\n" +
              "user shop@example.com\npassword Sm7!tp2Qz\n\naccount default : shop\n",
          ),
        },
        expect: { extracted: { host: "smtp.example.com" } },
      },
      // The same account with its password fetched from a keyring names no secret.
      clean: {
        server: "apache",
        routes: {
          "/.msmtprc": text(
            "account shop\nhost smtp.example.com\nuser shop@example.com\npasswordeval secret-tool lookup smtp shop\n",
          ),
        },
      },
    },
  },
]);
