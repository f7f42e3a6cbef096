// Ruby on Rails, Django, Flask and SQLAlchemy configuration served because the project root is the web root: database
// settings, the keys that sign sessions and decrypt credentials. Proven by each framework's own keys.
import {
  checks,
  CVSS_CREDENTIALS,
  CVSS_READ_HIGH,
  CVSS_READ_LOW,
  cwe,
  NOT_HTML,
  NOT_HTML_TYPE,
  OK,
  OWASP_FILES,
  secretsRaise,
  text,
} from "../../declare.ts";

const REFS = [OWASP_FILES, cwe(538)];
const RAILS_ROOT =
  "Serve only the application's public/ folder (the web server's root, or Passenger's public directory) and keep " +
  "config/ out of it";

export default checks([
  {
    kind: "http.exposed.rails-database-yml",
    category: "exposed-file",
    protocol: "http",
    title: "Rails database settings exposed (config/database.yml)",
    severity: "medium",
    description:
      "The site serves a Rails application's config/database.yml: the database adapter, hosts, names and users of " +
      "every environment, with the passwords when they are not read from the environment.",
    remediation: `${RAILS_ROOT}; change any password the file held and read it from ENV instead.`,
    references: ["https://guides.rubyonrails.org/configuring.html#configuring-a-database", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/config/database.yml"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [
              /^(default|development|production|test|staging):/m,
              /^\s+adapter:\s*(postgresql|postgis|mysql2?|trilogy|sqlite3|sqlserver|oracle_enhanced)\b/m,
            ],
          },
        ],
        judge: secretsRaise("critical", "production: adapter: …"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/config/database.yml": text(
              "default: &default\n  adapter: postgresql\n  encoding: unicode\n  pool: <%= " +
                'ENV.fetch("RAILS_MAX_THREADS")' +
                " { 5 } %>\n\nproduction:\n  <<: *default\n  database: shop_production\n  username: shop\n" +
                '  password: <%= ENV["SHOP_DATABASE_PASSWORD"] %>\n',
            ),
          },
        },
        {
          server: "apache",
          routes: {
            "/config/database.yml": text(
              "production:\n  adapter: mysql2\n  host: 10.0.4.7\n  database: shop\n  username: rails\n" +
                "  password: Wq3!zK8v\n",
            ),
          },
          expect: { severity: "critical" },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.rails-secrets-yml",
    category: "exposed-file",
    protocol: "http",
    title: "Rails secrets.yml exposed",
    severity: "high",
    description:
      "The site serves config/secrets.yml (Rails 4.1-5.1): secret_key_base signs and encrypts the session cookies, " +
      "so whoever holds it can forge any user's session; other API keys are often kept beside it.",
    remediation: `${RAILS_ROOT}; generate a new secret_key_base (bin/rails secret) and rotate the other secrets.`,
    references: ["https://guides.rubyonrails.org/v5.1/security.html#custom-secrets", ...REFS],
    cwe: [538, 321],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/config/secrets.yml"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^(development|production|test|staging|shared):/m, /^\s+secret_key_base:\s*\S+/m] },
        ],
        judge: secretsRaise("critical", "secret_key_base: <%= ENV[…] %>"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/config/secrets.yml": text(
            'development:\n  secret_key_base: <%= ENV["SECRET_KEY_BASE"] %>\n\nproduction:\n  secret_key_base: ' +
              "3b7cd727ee24e8444053437c36cc66c3a5c8d1e0f2b4a6c8e0d2f4a6b8c0e2d4f6a8b0c2e4d6f8a0b2c4d6e8f0a2b4c6\n",
          ),
        },
        expect: { severity: "critical" },
      },
      clean: { server: "nginx", routes: { "/config/secrets.yml": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.rails-master-key",
    category: "exposed-file",
    protocol: "http",
    title: "Rails master key exposed (config/master.key)",
    severity: "critical",
    description:
      "The site serves config/master.key (or an environment's key): it decrypts config/credentials.yml.enc, which " +
      "holds the application's secret_key_base and its database, cloud and payment credentials.",
    remediation:
      `${RAILS_ROOT}; rotate the key (bin/rails credentials:edit with a new key) and every credential the encrypted ` +
      "file held.",
    references: ["https://guides.rubyonrails.org/security.html#custom-credentials", ...REFS],
    cwe: [538, 321],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/config/master.key", "/config/credentials/production.key"],
        match: [OK, NOT_HTML_TYPE, { regex: [/^[0-9a-f]{32}\s*$/] }],
        judge: (r) => ({ matched: `${r.body.trim().slice(0, 4)}… (32 hex digits)` }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/config/master.key": {
            headers: { "content-type": "application/octet-stream" },
            body: "5f2c8e1a9b3d7c4e6a0f2b8d1c3e5a79",
          },
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.rails-secret-token",
    category: "exposed-file",
    protocol: "http",
    title: "Rails secret token initializer exposed (secret_token.rb)",
    severity: "critical",
    description:
      "The site serves config/initializers/secret_token.rb of an older Rails application: the secret that signs its " +
      "session cookies. With it anyone forges sessions, and on Rails versions that store sessions with Marshal, " +
      "runs code on the server.",
    remediation:
      `${RAILS_ROOT}; generate a new secret (rake secret), read it from the environment, and upgrade Rails (JSON ` +
      "cookie serializer).",
    references: ["https://guides.rubyonrails.org/v4.0/security.html#session-storage", cwe(502), ...REFS],
    cwe: [538, 321],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/config/initializers/secret_token.rb"],
        match: [OK, NOT_HTML, { regex: [/\.config\.secret_(key_base|token)\s*=\s*['"][0-9a-f]{30,}['"]/] }],
        judge: (r) => ({ matched: /\.config\.secret_(key_base|token)\s*=/.exec(r.body)![0] + " '…'" }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/config/initializers/secret_token.rb": text(
            "# Be sure to restart your server when you modify this file.\nShop::Application.config.secret_token = " +
              "'9c7a5e3f1b2d4c6e8a0f1b3d5c7e9a2b4d6f8e0a1c3e5b7d9f0a2c4e6b8d0f1a3c5e7b9d'\n",
          ),
        },
      },
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.django-settings",
    category: "exposed-file",
    protocol: "http",
    title: "Django settings file exposed (settings.py)",
    severity: "high",
    description:
      "The site serves a Django project's settings.py: the SECRET_KEY (which signs sessions, password reset links " +
      "and, with some serializers, leads to code execution), the database credentials and the installed apps.",
    remediation:
      "Serve only STATIC_ROOT and MEDIA_ROOT from the web server (never the project folder), then generate a new " +
      "SECRET_KEY and change the database password; read both from the environment.",
    references: ["https://docs.djangoproject.com/en/5.1/ref/settings/#secret-key", ...REFS],
    cwe: [538, 321],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/settings.py", "/{{dn}}/settings.py", "/config/settings.py"],
        match: [OK, NOT_HTML, { regex: [/^(SECRET_KEY|INSTALLED_APPS|DATABASES|ROOT_URLCONF)\s*=/m, /['"]django\./] }],
        judge: secretsRaise("critical", "INSTALLED_APPS = [ 'django.…' ]"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "gunicorn",
          routes: {
            "/settings.py": text(
              '"""\nDjango settings for shop project.\n"""\nfrom pathlib import Path\n\nSECRET_KEY = ' +
                "'django-insecure-q8#v2!k9m3z@x7p1w5r0t4y6u8i2o'\n\nDEBUG = False\n\nINSTALLED_APPS = [\n" +
                "    'django.contrib.admin',\n    'django.contrib.auth',\n]\n",
              { "content-type": "text/x-python" },
            ),
          },
          expect: { severity: "critical" },
        },
        {
          server: "nginx",
          routes: {
            "/fixture/settings.py": text(
              "import os\nSECRET_KEY = os.environ['DJANGO_SECRET_KEY']\nROOT_URLCONF = 'fixture.urls'\n" +
                "INSTALLED_APPS = ['django.contrib.auth', 'shop']\n",
            ),
          },
        },
      ],
      clean: { server: "gunicorn", routes: {} },
    },
  },
  {
    kind: "http.exposed.flask-config",
    category: "exposed-file",
    protocol: "http",
    title: "Flask configuration file exposed (config.py)",
    severity: "medium",
    description:
      "The site serves a Flask application's config.py: its SECRET_KEY (which signs the session cookie: with it " +
      "anyone forges a logged-in session), the SQLAlchemy database URL and mail credentials.",
    remediation:
      "Serve only the static folder from the web server, generate a new SECRET_KEY, change the database and mail " +
      "passwords, and read them from the environment.",
    references: ["https://flask.palletsprojects.com/en/stable/config/#SECRET_KEY", ...REFS],
    cwe: [538, 321],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/config.py", "/instance/config.py"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^\s*(SECRET_KEY|SQLALCHEMY_DATABASE_URI|SESSION_COOKIE_\w+|MAIL_PASSWORD|WTF_CSRF_\w+)\s*=/m] },
          { regex: [/^\s*(import \w+|from \w[\w.]* import |class \w+(\(\w*\))?:)/m] },
        ],
        judge: secretsRaise("critical", "SQLALCHEMY_DATABASE_URI = os.environ…"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/config.py": text(
            "import os\n\nclass Config:\n    SECRET_KEY = 'f8a1c3e5b7d9f0a2c4e6'\n" +
              "    SQLALCHEMY_DATABASE_URI = 'postgresql://shop:Rt5!pL9q@db/shop'\n",
            { "content-type": "text/x-python" },
          ),
        },
        expect: { severity: "critical" },
      },
      clean: { server: "gunicorn", routes: {} },
    },
  },
  {
    kind: "http.exposed.alembic-ini",
    category: "exposed-file",
    protocol: "http",
    title: "Alembic migration settings exposed (alembic.ini)",
    severity: "low",
    description:
      "The site serves alembic.ini, SQLAlchemy's migration settings: where the migrations live and the database URL, " +
      "with the user and password when they are written in it.",
    remediation: "Keep alembic.ini outside the web root and set sqlalchemy.url from the environment in env.py.",
    references: ["https://alembic.sqlalchemy.org/en/latest/tutorial.html#editing-the-ini-file", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/alembic.ini"],
        match: [OK, NOT_HTML, { regex: [/^\[alembic\]\s*$/m, /^script_location\s*=/m] }],
        judge: secretsRaise("critical", "[alembic] script_location = …"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/alembic.ini": text(
              "[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql://app:Yh6!pQ2w@10.0.2.5/app\n",
            ),
          },
          expect: { severity: "critical" },
        },
        {
          server: "nginx",
          routes: {
            "/alembic.ini": text(
              "# A generic, single database configuration.\n[alembic]\nscript_location = alembic\n" +
                "sqlalchemy.url = driver://user:pass@localhost/dbname\n",
            ),
          },
        },
      ],
      clean: { server: "nginx", routes: { "/alembic.ini": { status: 403 } } },
    },
  },
]);
