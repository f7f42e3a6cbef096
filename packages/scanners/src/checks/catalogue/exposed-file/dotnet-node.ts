// .NET and Node.js applications' configuration served as files: appsettings.json and connection strings, NuGet's
// feed credentials, node-config and ORM settings with secrets, Yarn's registry token, and dependency manifests.
import {
  checks,
  CVSS_CREDENTIALS,
  CVSS_READ_HIGH,
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

const REFS = [OWASP_FILES, cwe(538)];
const xml = (body: string) =>
  text(`<?xml version="1.0" encoding="utf-8"?>\n${body}`, { "content-type": "application/xml" });
const DIALECT = /^(mysql|mariadb|postgres|sqlite|mssql|oracle|mongodb|cockroachdb|better-sqlite3|db2|snowflake)$/;

export default checks([
  {
    kind: "http.exposed.aspnet-appsettings",
    category: "exposed-file",
    protocol: "http",
    title: "ASP.NET Core settings exposed (appsettings.json)",
    severity: "medium",
    description:
      "The site serves an ASP.NET Core appsettings file: logging and host settings, connection strings with their " +
      "passwords, and the keys of the services the application calls.",
    remediation:
      "Serve static files from wwwroot only, never the publish folder; keep secrets in environment variables or a " +
      "key vault, and change any the file held.",
    references: ["https://learn.microsoft.com/en-us/aspnet/core/fundamentals/configuration/", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/appsettings.json", "/appsettings.Production.json", "/appsettings.Development.json"],
        match: [
          OK,
          {
            any: [
              { json: { "Logging.LogLevel": "object" } },
              { json: { ConnectionStrings: "object" } },
              { json: { Kestrel: "object" } },
            ],
          },
        ],
        judge: secretsRaise("critical", '"Logging": { "LogLevel": … }'),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "iis",
          routes: {
            "/appsettings.json": json({
              Logging: { LogLevel: { Default: "Information", "Microsoft.AspNetCore": "Warning" } },
              AllowedHosts: "*",
              ConnectionStrings: { Default: "Server=sql01;Database=Shop;User Id=shop;Password=Hq4!zP9w;" },
            }),
          },
          expect: { severity: "critical" },
        },
        {
          server: "kestrel",
          routes: {
            "/appsettings.Production.json": json({ Logging: { LogLevel: { Default: "Warning" } }, AllowedHosts: "*" }),
          },
        },
      ],
      clean: { server: "iis", routes: {} },
    },
  },
  {
    kind: "http.exposed.connection-strings-config",
    category: "exposed-file",
    protocol: "http",
    title: ".NET connection strings file exposed (connectionStrings.config)",
    severity: "high",
    description:
      "The site serves the connectionStrings.config that web.config includes: the database servers, names and " +
      "accounts of the application, with their passwords unless it uses integrated security.",
    remediation:
      "Keep included configuration files under App_Data or outside the site (IIS request filtering: hide the " +
      "segment or deny .config), and change the passwords they held.",
    references: [
      "https://learn.microsoft.com/en-us/dotnet/framework/data/adonet/connection-strings-and-configuration-files",
      ...REFS,
    ],
    cwe: [538, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/connectionStrings.config"],
        match: [OK, NOT_HTML, { regex: [/<connectionStrings[\s>]/, /<add\s[^>]*connectionString\s*=/] }],
        judge: secretsRaise("critical", '<add name="…" connectionString="…"/>'),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/connectionStrings.config": xml(
            '<connectionStrings>\r\n  <add name="ShopDb" connectionString="Data Source=sql01;Initial Catalog=Shop;' +
              'User ID=shop;Password=Xw7!kq3P" providerName="System.Data.SqlClient" />\r\n</connectionStrings>\r\n',
          ),
        },
        expect: { severity: "critical" },
      },
      clean: { server: "iis", routes: {} },
    },
  },
  {
    kind: "http.exposed.nuget-config",
    category: "exposed-file",
    protocol: "http",
    title: "NuGet feed credentials exposed (NuGet.Config)",
    severity: "high",
    description:
      "The site serves a NuGet.Config with packageSourceCredentials: the user names and passwords or tokens of " +
      "private package feeds (Azure Artifacts, GitHub Packages, ProGet), which read and often publish packages.",
    remediation:
      "Remove the file from the web root, revoke the tokens, and give feed credentials to builds through the CI's " +
      "secret store or a credential provider.",
    references: [
      "https://learn.microsoft.com/en-us/nuget/reference/nuget-config-file#packagesourcecredentials",
      ...REFS,
    ],
    cwe: [538, 522],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/NuGet.Config", "/nuget.config"],
        match: [OK, NOT_HTML, { regex: [/<configuration[\s>]/, /<packageSourceCredentials>/] }],
        judge: secretsRaise("critical", "<packageSourceCredentials> (encrypted password)"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/NuGet.Config": xml(
            '<configuration>\r\n  <packageSources>\r\n    <add key="acme" ' +
              'value="https://pkgs.dev.azure.com/acme/_pack' +
              'aging/feed/nuget/v3/index.json" />\r\n  </packageSources>\r\n  <packageSourceCredentials>\r\n    ' +
              "<acme>" +
              '\r\n      <add key="Username" value="build" />\r\n      <add key="ClearTextPassword" value="4xkq7' +
              'vtz2m3pl9wq8rj5s6yd0nb1ce" />\r\n    </acme>\r\n  </packageSourceCredentials>\r\n</configuration>\r\n',
          ),
        },
        expect: { severity: "critical" },
      },
      clean: { server: "iis", routes: {} },
    },
  },
  {
    kind: "http.exposed.node-config-secrets",
    category: "exposed-file",
    protocol: "http",
    title: "Node.js configuration with secrets exposed (config.json, config/default.json)",
    severity: "critical",
    description:
      "The site serves a Node.js application's JSON configuration (node-config's config/*.json, a config.json) and " +
      "it holds secrets: database passwords, JWT signing secrets, API keys and tokens.",
    remediation:
      "Serve only the public or build folder (express.static on a dedicated folder), keep configuration outside it, " +
      "and rotate every secret the file held.",
    references: ["https://github.com/node-config/node-config/wiki/Configuration-Files", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/config.json", "/config/default.json", "/config/production.json"],
        match: [OK, { json: { "": "object" } }],
        judge: hasSecrets,
      },
    ],
    fixtures: {
      vulnerable: {
        server: "express",
        routes: {
          "/config/default.json": json({
            port: 3000,
            db: { host: "10.0.1.4", user: "api", password: "Mz5!wq8K" },
            jwtSecret: "7c1e9a3f5b2d8c4e6a0f",
          }),
        },
      },
      // A single-page app's public settings: no secret in them.
      clean: {
        server: "express",
        routes: { "/config.json": json({ apiUrl: "https://api.example.com", locale: "en", features: { chat: true } }) },
      },
    },
  },
  {
    kind: "http.exposed.orm-config",
    category: "exposed-file",
    protocol: "http",
    title: "Node.js ORM database settings exposed (Sequelize config.json, ormconfig.json)",
    severity: "medium",
    description:
      "The site serves the database settings of Sequelize (config/config.json) or TypeORM (ormconfig.json): the " +
      "dialect, host, database and user of each environment, with the passwords when they are written there.",
    remediation:
      "Keep ORM settings outside the served folder, read credentials from the environment, and change any the file " +
      "held.",
    references: [
      "https://sequelize.org/docs/v6/other-topics/migrations/#configuration",
      "https://typeorm.io/data-source-options",
      ...REFS,
    ],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/config/config.json"],
        match: [
          OK,
          { any: [{ json: { "development.dialect": DIALECT } }, { json: { "production.dialect": DIALECT } }] },
        ],
        judge: secretsRaise("critical", '"production": { "dialect": … }'),
      },
      {
        paths: ["/ormconfig.json"],
        match: [OK, { any: [{ json: { type: DIALECT, database: "present" } }, { json: { "[].type": DIALECT } }] }],
        judge: secretsRaise("critical", '{ "type": …, "database": … }'),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "express",
          routes: {
            "/config/config.json": json({
              development: {
                username: "root",
                password: null,
                database: "shop_dev",
                host: "127.0.0.1",
                dialect: "mysql",
              },
              production: { username: "shop", password: "Pq9!vx2L", database: "shop", host: "db", dialect: "mysql" },
            }),
          },
          expect: { severity: "critical" },
        },
        {
          server: "express",
          routes: {
            "/ormconfig.json": json({ type: "postgres", host: "db", database: "orders", entities: ["dist/**/*.js"] }),
          },
        },
      ],
      clean: { server: "express", routes: {} },
    },
  },
  {
    kind: "http.exposed.yarnrc-token",
    category: "exposed-file",
    protocol: "http",
    title: "Yarn configuration with a registry token exposed (.yarnrc.yml)",
    severity: "critical",
    description:
      "The site serves a .yarnrc.yml with npmAuthToken or npmAuthIdent: the token of an npm registry, which " +
      "downloads private packages and, with publish rights, ships new versions of them.",
    remediation:
      "Remove the file from the web root, revoke the token at the registry, and set it from the environment " +
      "(npmAuthToken: ${NPM_TOKEN}).",
    references: ["https://yarnpkg.com/configuration/yarnrc#npmAuthToken", ...REFS],
    cwe: [538, 798],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.yarnrc.yml"],
        match: [OK, NOT_HTML, { regex: [/^\s*npmAuth(Token|Ident):\s*["']?[^\s"'$]{8,}/m] }],
        judge: (r) => ({ matched: /npmAuth(Token|Ident)/.exec(r.body)![0] + ": …" }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.yarnrc.yml": text(
            'nodeLinker: node-modules\nnpmScopes:\n  acme:\n    npmRegistryServer: "https://npm.pkg.github.com"\n' +
              '    npmAuthToken: "ghp_K2f8Lq0Zx5Vn3Rt7Wy1Pa9Sd4Gh6Jk2Mb8Nc"\n',
          ),
        },
      },
      // The same file reading the token from the environment.
      clean: {
        server: "nginx",
        routes: { "/.yarnrc.yml": text("nodeLinker: node-modules\nnpmAuthToken: ${NPM_TOKEN}\n") },
      },
    },
  },
  {
    kind: "http.exposed.dependency-manifest",
    category: "exposed-file",
    protocol: "http",
    title: "Dependency manifest exposed (package.json, composer.lock, installed.json, Gemfile.lock)",
    severity: "low",
    description:
      "The site serves its dependency manifest or lock file: every library and exact version it runs, which points " +
      "an attacker at known vulnerabilities, and the scripts and private package names it uses.",
    remediation: "Serve only the public or build folder; deploy manifests and lock files outside the web root.",
    references: ["https://docs.npmjs.com/cli/configuring-npm/package-json", cwe(200), ...REFS],
    cwe: [538, 200],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/package.json"],
        match: [
          OK,
          { json: { name: "string" } },
          { any: [{ json: { dependencies: "object" } }, { json: { devDependencies: "object" } }] },
        ],
        extract: [{ name: "name", json: "name" }],
      },
      { paths: ["/composer.json"], match: [OK, { json: { require: "object" } }] },
      { paths: ["/composer.lock"], match: [OK, { json: { packages: "array", "content-hash": "string" } }] },
      // Composer 2's record of what vendor/ holds, served where the project's root is the web root.
      {
        paths: ["/vendor/composer/installed.json"],
        match: [OK, { json: { packages: "array", "packages[].name": /^[\w.-]+\/[\w.-]+$/ } }],
      },
      {
        paths: ["/Gemfile.lock"],
        match: [OK, NOT_HTML, { regex: [/^GEM\r?\n\s+remote: https?:\/\//m, /^\s+specs:\s*$/m] }],
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "express",
          routes: {
            "/package.json": json({
              name: "shop-api",
              version: "2.3.1",
              scripts: { start: "node server.js" },
              dependencies: { express: "4.17.1", jsonwebtoken: "8.5.1" },
            }),
          },
          expect: { extracted: { name: "shop-api" } },
        },
        {
          server: "apache",
          routes: {
            "/composer.lock": json({
              "content-hash": "8c9f2e1a",
              packages: [{ name: "laravel/framework", version: "v8.12.3" }],
            }),
          },
        },
        {
          server: "nginx",
          routes: {
            "/Gemfile.lock": text(
              "GEM\n  remote: https://rubygems.org/\n  specs:\n    rails (6.1.4)\n    rack (2.2.3)\n",
            ),
          },
        },
        {
          server: "nginx",
          routes: {
            "/vendor/composer/installed.json": json({
              packages: [{ name: "symfony/http-kernel", version: "v5.4.21", type: "library" }],
              dev: false,
            }),
          },
        },
      ],
      clean: { server: "express", routes: {} },
    },
  },
]);
