// PHP applications' own configuration served as text: copies of config.php with credentials, Symfony's
// parameters.yml, Phinx's migration settings, PHPUnit's configuration, PHP's own ini files, and Composer's auth.json.
import {
  checks,
  CVSS_CREDENTIALS,
  CVSS_READ_HIGH,
  CVSS_READ_LOW,
  cwe,
  hasSecrets,
  NOT_HTML,
  NOT_HTML_TYPE,
  OK,
  OK_OR_PARTIAL,
  OWASP_FILES,
  secretsRaise,
  text,
} from "../../declare.ts";

const REFS = [OWASP_FILES, cwe(538)];

export default checks([
  {
    kind: "http.exposed.php-config-backup",
    category: "exposed-file",
    protocol: "http",
    title: "Copy of a PHP configuration file with credentials exposed (config.php.bak…)",
    severity: "critical",
    description:
      "The site serves a copy of a PHP application's configuration (config.php.bak, config.inc.php~, db.php.bak) as " +
      "text instead of running it, and it holds credentials: database passwords, API keys or secrets.",
    remediation:
      "Delete the copy, deny backup and temporary files on the web server (nginx: location ~ " +
      "\\.(bak|old|orig|save)$|~$ { deny all; }), and change every credential it held.",
    references: [...REFS, cwe(530), cwe(260)],
    cwe: [530, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: [
          "/config.php.bak",
          "/config.php~",
          "/config.php.old",
          "/config.inc.php.bak",
          "/config.inc.php~",
          "/db.php.bak",
        ],
        match: [OK_OR_PARTIAL, NOT_HTML_TYPE, { regex: [/^\uFEFF?\s*<\?php/] }],
        judge: hasSecrets,
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/config.php.bak": text(
              "<?php\n// phpBB 3.3.x auto-generated configuration file\n$dbms = 'phpbb\\\\db\\\\driver\\\\mysqli';\n" +
                "$dbhost = 'localhost';\n$dbname = 'forum';\n$dbuser = 'forum';\n$dbpasswd = 'Jq7!mZ2rT';\n" +
                "$table_prefix = 'phpbb_';\n",
            ),
          },
        },
        {
          server: "nginx",
          routes: {
            "/config.inc.php~": text(
              "<?php\n$cfg['blowfish_secret'] = 'Zx8Jk2Lm4Np6Qr8St0Uv2Wx4Yz6Ab8Cd';\n$i = 0;\n$i++;\n" +
                "$cfg['Servers'][$i]['host'] = 'db';\n",
              { "content-type": "application/octet-stream" },
            ),
          },
        },
      ],
      // A copy without secrets is the backup check's (source), not this one: here the file is run, an empty page.
      clean: {
        server: "apache",
        routes: {
          "/config.php.bak": text("<?php\n$config['db_host'] = 'localhost';\n$config['db_password'] = '';\n"),
        },
      },
    },
  },
  {
    kind: "http.exposed.symfony-parameters",
    category: "exposed-file",
    protocol: "http",
    title: "Symfony parameters.yml exposed",
    severity: "high",
    description:
      "The site serves app/config/parameters.yml of a Symfony 2-3 application (PrestaShop 1.7 and other products " +
      "built on it too): the database and mail credentials and the kernel secret that signs cookies and CSRF tokens.",
    remediation:
      "Serve only the web/ (or public/) folder as the web root, change the database and mail passwords and the " +
      "secret.",
    references: ["https://symfony.com/doc/3.4/best_practices/configuration.html", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/app/config/parameters.yml"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^parameters:\s*$/m, /^\s+(database_(host|name|user|password)|mailer_\w+|secret):/m] },
        ],
        judge: secretsRaise("critical", "parameters: database_…"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/app/config/parameters.yml": text(
              "# This file is auto-generated during the composer install\nparameters:\n    database_host: 127.0.0.1\n" +
                "    database_port: null\n    database_name: shop\n    database_user: shop\n" +
                "    database_password: Lp4!xQ9w\n    mailer_transport: smtp\n    secret: 9f3c1a7e5b2d8f4a6c0e\n",
            ),
          },
          expect: { severity: "critical" },
        },
        {
          server: "nginx",
          routes: {
            "/app/config/parameters.yml": text(
              "parameters:\n    database_host: db\n    database_name: app\n    database_user: root\n" +
                "    database_password: null\n",
            ),
          },
        },
      ],
      clean: { server: "apache", routes: { "/app/config/parameters.yml": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.phinx-config",
    category: "exposed-file",
    protocol: "http",
    title: "Phinx migration settings exposed (phinx.yml)",
    severity: "medium",
    description:
      "The site serves phinx.yml, the database migration tool's settings: the database servers, names and users of " +
      "every environment, often with their passwords.",
    remediation:
      "Keep phinx.yml outside the web root (read the values from the environment), and change any password in it.",
    references: ["https://book.cakephp.org/phinx/0/en/configuration.html", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/phinx.yml"],
        match: [OK, NOT_HTML, { regex: [/^environments:\s*$/m, /^\s+adapter:\s*['"]?(mysql|pgsql|sqlite|sqlsrv)/m] }],
        judge: secretsRaise("critical", "environments: … adapter:"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/phinx.yml": text(
            "paths:\n    migrations: '%%PHINX_CONFIG_DIR%%/db/migrations'\n\nenvironments:\n" +
              "    default_migration_table: phinxlog\n    production:\n        adapter: mysql\n        host: " +
              "db.internal\n" +
              "        name: shop\n        user: shop\n        pass: 'Dq8!vL3z'\n        port: 3306\n",
          ),
        },
        expect: { severity: "critical" },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.phpunit-config",
    category: "exposed-file",
    protocol: "http",
    title: "PHPUnit configuration exposed (phpunit.xml)",
    severity: "low",
    description:
      "The site serves phpunit.xml: the test suite's layout and environment, sometimes with database or API " +
      "credentials, and a sign that the project root (vendor/ included, with its development tools) is the web root.",
    remediation:
      "Serve only the public folder as the web root and deploy without development files (composer install --no-dev).",
    references: ["https://docs.phpunit.de/en/11.5/configuration.html", ...REFS],
    cwe: [538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/phpunit.xml", "/phpunit.xml.dist"],
        match: [OK, NOT_HTML, { regex: [/<phpunit[\s>]/, /<testsuites?[\s>]|<\/phpunit>/] }],
        judge: secretsRaise("high", "<phpunit …>"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/phpunit.xml": text(
              '<?xml version="1.0" encoding="UTF-8"?>\n<phpunit bootstrap="vendor/autoload.php" colors="true">\n' +
                '    <testsuites>\n        <testsuite name="Unit">\n            <directory>tests/Unit</directory>\n' +
                '        </testsuite>\n    </testsuites>\n    <php>\n        <env name="APP_ENV" value="testing"/>\n' +
                "    </php>\n</phpunit>\n",
              { "content-type": "application/xml" },
            ),
          },
        },
        {
          server: "apache",
          routes: {
            "/phpunit.xml.dist": text(
              '<?xml version="1.0"?>\n<phpunit>\n  <php>\n    <env name="DB_PASSWORD" value="Ts9!pQ2k"/>\n' +
                "  </php>\n</phpunit>\n",
              { "content-type": "application/xml" },
            ),
          },
          expect: { severity: "high" },
        },
      ],
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.php-ini",
    category: "exposed-file",
    protocol: "http",
    title: "PHP settings file exposed (php.ini, .user.ini)",
    severity: "low",
    description:
      "The site serves a php.ini or .user.ini: PHP's limits, disabled functions, open_basedir, error display and " +
      "prepended files, which tell an attacker what an upload or injection can reach.",
    remediation:
      "Deny .user.ini and *.ini on the web server (nginx: location ~ \\.ini$ { deny all; " +
      "}) and keep php.ini outside the web root.",
    references: ["https://www.php.net/manual/en/configuration.file.per-user.php", ...REFS],
    cwe: [538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/php.ini", "/.user.ini"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [
              /^\s*(\[PHP\]|(memory_limit|upload_max_filesize|post_max_size|max_execution_time)\s*=)/m,
              /^\s*(display_errors|error_reporting|disable_functions|open_basedir|allow_url_fopen|date\.timezone)\s*=/m,
            ],
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.user.ini": text(
            "memory_limit = 512M\nupload_max_filesize = 64M\npost_max_size = 64M\ndisplay_errors = Off\n" +
              "auto_prepend_file = /var/www/html/wordfence-waf.php\n",
          ),
        },
      },
      clean: { server: "nginx", routes: { "/.user.ini": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.composer-auth",
    category: "exposed-file",
    protocol: "http",
    title: "Composer credentials exposed (auth.json)",
    severity: "critical",
    description:
      "The site serves Composer's auth.json: the user names and passwords or tokens of private package repositories " +
      "(Magento's repo.magento.com keys, Private Packagist) and of GitHub, GitLab or Bitbucket.",
    remediation:
      "Remove auth.json from the web root and the deployment, revoke the keys and tokens it held, and pass them as " +
      "the COMPOSER_AUTH environment variable at build time instead.",
    references: ["https://getcomposer.org/doc/articles/authentication-for-private-packages.md", cwe(522), ...REFS],
    cwe: [538, 522],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/auth.json", "/.composer/auth.json"],
        match: [
          OK,
          {
            any: [
              { json: { "http-basic": "object" } },
              { json: { "github-oauth": "object" } },
              { json: { "gitlab-token": "object" } },
              { json: { "gitlab-oauth": "object" } },
              { json: { "bitbucket-oauth": "object" } },
              { json: { bearer: "object" } },
            ],
          },
        ],
        // Which kinds of credential for which hosts, never the values.
        judge: (r) => {
          const doc = JSON.parse(r.body) as Record<string, unknown>;
          const hosts = Object.entries(doc).flatMap(([k, v]) =>
            v && typeof v === "object" ? Object.keys(v).map((h) => `${k} ${h}: …`) : [],
          );
          return hosts.length ? { matched: hosts.slice(0, 3).join("\n") } : null;
        },
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/auth.json": {
            headers: { "content-type": "application/json" },
            body:
              '{\n    "http-basic": {\n        "repo.magento.com": {\n            "username": ' +
              '"6f1c2e3d4b5a69788796a5b4c3d2e1f0",\n            "password": "0a1b2c3d4e5f60718293a4b5c6d7e8f9"\n' +
              '        }\n    },\n    "github-oauth": {\n        "github.com": ' +
              '"ghp_R4nd0mT0k3nV4lu3Xq9Zz2Lm8Pp1Ww6Kk0"\n    }\n}\n',
          },
        },
      },
      // An API answering /auth.json with its own JSON: not Composer's.
      clean: {
        server: "express",
        routes: {
          "/auth.json": {
            status: 401,
            headers: { "content-type": "application/json" },
            body: '{"error":"unauthorized"}',
          },
        },
      },
    },
  },
]);
