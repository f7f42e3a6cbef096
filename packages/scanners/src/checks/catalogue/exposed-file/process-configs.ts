// Services' and process managers' configuration files copied into the web root: Redis, Supervisor, PM2, Prometheus,
// Procfile and the Sentry CLI's token. Proven by their directives; raised when they hold a secret (shown masked).
import {
  checks,
  CVSS_CREDENTIALS,
  CVSS_READ_LOW,
  cwe,
  NOT_HTML,
  OK,
  OWASP_FILES,
  secretsRaise,
  text,
} from "../../declare.ts";

const REFS = [cwe(538), OWASP_FILES];
const OUT = "Keep server configuration outside the document root (deny the path on the web server),";

export default checks([
  {
    kind: "http.exposed.redis-config",
    category: "exposed-file",
    protocol: "http",
    title: "Redis configuration exposed (redis.conf)",
    severity: "medium",
    description:
      "The site serves a Redis configuration: where Redis listens and whether it is protected, and its password " +
      "(requirepass, masterauth) when one is set, raised to critical then.",
    remediation: `${OUT} and change requirepass (CONFIG SET requirepass, then update the clients) if it is set.`,
    references: ["https://redis.io/docs/latest/operate/oss_and_stack/management/config-file/", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/redis.conf", "/redis/redis.conf"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [
              /^(bind|port|protected-mode|daemonize|supervised)\s+\S+/m,
              /^(save|appendonly|maxmemory(-policy)?|dir|dbfilename|requirepass)\s+\S+/m,
            ],
          },
        ],
        judge: (r) => {
          const pass = /^(requirepass|masterauth)\s+("?)(\S+)\2\s*$/m.exec(r.body);
          return pass && !/^(foobared|<.*>)$/.test(pass[3]!)
            ? { matched: `${pass[1]} …`, severity: "critical" }
            : { matched: "bind … port … (Redis directives)" };
        },
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/redis.conf": text(
              "bind 0.0.0.0\nprotected-mode no\nport 6379\ndaemonize no\nsave 900 1\ndir /var/lib/redis\n" +
                "requirepass Rq8!wz2Lk\n",
            ),
          },
          expect: { severity: "critical" },
        },
        {
          server: "nginx",
          routes: {
            "/redis/redis.conf": text("bind 127.0.0.1 -::1\nport 6379\n# requirepass foobared\nappendonly yes\n"),
          },
          expect: { severity: "medium" },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.supervisor-config",
    category: "exposed-file",
    protocol: "http",
    title: "Supervisor configuration exposed (supervisord.conf)",
    severity: "low",
    description:
      "The site serves a Supervisor configuration: the commands the server runs, their users and environment " +
      "(raised when it sets secrets), and the control interface's credentials ([inet_http_server]).",
    remediation: `${OUT} and rotate the secrets set in environment= or the control interface's password.`,
    references: ["http://supervisord.org/configuration.html", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/supervisord.conf", "/supervisor.conf", "/supervisor/supervisord.conf"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [/^\[(supervisord|program:[\w.-]+|inet_http_server|unix_http_server)\]\s*$/m, /^command\s*=\s*\S+/m],
          },
        ],
        judge: secretsRaise("high", "[program:…] command=…"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/supervisord.conf": text(
            "[supervisord]\nnodaemon=true\n\n[program:worker]\ncommand=php /var/www/artisan " +
              "queue:work\nuser=www-data\n" +
              'environment=APP_ENV="production",MAIL_PASSWORD="Mq2!zk7P"\n',
          ),
        },
        expect: { severity: "high" },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.pm2-ecosystem",
    category: "exposed-file",
    protocol: "http",
    title: "PM2 process file exposed (ecosystem.config.js)",
    severity: "low",
    description:
      "The site serves a PM2 process file: the Node applications the server runs, their paths and environment " +
      "variables (raised to high when they hold secrets), and sometimes the deployment's hosts and repository.",
    remediation: `${OUT} keep secrets out of it (an .env outside the web root), and rotate any it holds.`,
    references: ["https://pm2.keymetrics.io/docs/usage/application-declaration/", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/ecosystem.config.js", "/ecosystem.config.cjs", "/ecosystem.json", "/process.json", "/pm2.json"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [
              /(module\.exports\s*=\s*\{|^\s*\{)\s*["']?apps["']?\s*:\s*\[/m,
              /["']?script["']?\s*:\s*["'][^"']+["']/,
            ],
          },
        ],
        judge: secretsRaise("high", "module.exports = { apps: [ { script: … } ] }"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "express",
        routes: {
          "/ecosystem.config.js": text(
            "module.exports = {\n  apps: [\n    {\n      name: 'api',\n      script: './dist/server.js',\n" +
              "      env_production: {\n        NODE_ENV: 'production',\n        JWT_SECRET: 'c2a9f71e0b44d8a3',\n" +
              "      },\n    },\n  ],\n};\n",
            { "content-type": "application/javascript" },
          ),
        },
        expect: { severity: "high" },
      },
      clean: { server: "express", routes: {} },
    },
  },
  {
    kind: "http.exposed.prometheus-yml",
    category: "exposed-file",
    protocol: "http",
    title: "Prometheus configuration exposed (prometheus.yml)",
    severity: "low",
    description:
      "The site serves a Prometheus configuration: every scrape target (internal hosts and ports), and the " +
      "credentials used to scrape them when basic_auth or bearer_token are written in it (raised then).",
    remediation: `${OUT} and move scrape credentials to password_file / credentials_file.`,
    references: ["https://prometheus.io/docs/prometheus/latest/configuration/configuration/", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/prometheus.yml", "/prometheus/prometheus.yml"],
        match: [OK, NOT_HTML, { regex: [/^scrape_configs:\s*$/m, /^\s*-\s*job_name:\s*\S+/m] }],
        extract: [{ name: "jobs", regex: /job_name:\s*['"]?([\w.-]+)/g, all: true }],
        judge: secretsRaise("high", "scrape_configs: - job_name: …"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/prometheus.yml": text(
            "global:\n  scrape_interval: 15s\nscrape_configs:\n  - job_name: node\n    static_configs:\n" +
              "      - targets: ['10.0.2.5:9100']\n  - job_name: api\n    basic_auth:\n      username: prom\n" +
              "      password: Pm7!xw2q\n    static_configs:\n      - targets: ['10.0.2.15:8080']\n",
          ),
        },
        expect: { severity: "high", extracted: { jobs: ["node", "api"] } },
      },
      clean: { server: "go", routes: {} },
    },
  },
  {
    kind: "http.exposed.procfile",
    category: "exposed-file",
    protocol: "http",
    title: "Procfile exposed",
    severity: "info",
    description:
      "The site serves its Procfile (Heroku, Dokku, Foreman): the commands that start its processes, a sign the " +
      "project's root is served rather than its public folder (its other files may be too).",
    remediation: "Serve only the public folder (the web server's root must not be the project's root).",
    references: ["https://devcenter.heroku.com/articles/procfile", ...REFS],
    cwe: [538],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N",
    http: [
      {
        paths: ["/Procfile"],
        match: [OK, NOT_HTML, { regex: [/^(web|worker|release|clock|scheduler):[ \t]+\S+/m] }],
        extract: [{ name: "web", regex: /^web:[ \t]+(.+)$/m }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: { "/Procfile": text("web: gunicorn shop.wsgi --log-file -\nrelease: python manage.py migrate\n") },
        expect: { extracted: { web: "gunicorn shop.wsgi --log-file -" } },
      },
      clean: { server: "gunicorn", routes: {} },
    },
  },
  {
    kind: "http.exposed.sentry-cli-token",
    category: "exposed-file",
    protocol: "http",
    title: "Sentry CLI token exposed (.sentryclirc)",
    severity: "high",
    description:
      "The site serves the Sentry CLI's configuration with its auth token: whoever reads it reads the organisation's " +
      "error reports (with their request data and users) and uploads releases and source maps.",
    remediation:
      `${OUT} revoke the token in Sentry (Settings, Auth Tokens), and ` + "pass a new one to CI as SENTRY_AUTH_TOKEN.",
    references: ["https://docs.sentry.io/cli/configuration/", ...REFS],
    cwe: [538, 798],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.sentryclirc"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^\[auth\]\s*$/m, /^token\s*=\s*(sntrys_\S{20,}|sntryu_[0-9a-f]{64}|[0-9a-f]{64})\s*$/m] },
        ],
        matched: "[auth] token=…",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.sentryclirc": text(
            "[defaults]\norg=shop\nproject=web\n\n[auth]\n" +
              "token=9f2c1e8a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e\n",
          ),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
]);
