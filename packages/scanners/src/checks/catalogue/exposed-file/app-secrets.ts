// Applications' own secret stores and database client settings copied into the web root: Jenkins' credentials.xml,
// GitLab's gitlab-secrets.json, Nextcloud's config.php copies, ODBC data sources and Oracle's tnsnames.ora. Proven by
// their own structure; secrets are shown masked.
import {
  checks,
  CVSS_CRACK,
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

const REFS = [cwe(538), OWASP_FILES];

export default checks([
  {
    kind: "http.exposed.jenkins-credentials",
    category: "exposed-file",
    protocol: "http",
    title: "Jenkins credentials store exposed (credentials.xml)",
    severity: "high",
    description:
      "The site serves Jenkins' credentials.xml from a served JENKINS_HOME: every credential Jenkins holds (source " +
      "code hosts, clouds, deployment servers), encrypted with the instance's key, which sits in the same folder " +
      "(secrets/master.key) and decrypts them offline.",
    remediation:
      "Move JENKINS_HOME out of every served folder, and rotate every credential the file lists (its ids and " +
      "descriptions name them).",
    references: ["https://www.jenkins.io/doc/developer/security/secrets/", ...REFS],
    cwe: [538, 522],
    cvss: CVSS_CRACK,
    http: [
      {
        paths: ["/credentials.xml", "/jenkins/credentials.xml", "/.jenkins/credentials.xml"],
        match: [
          OK,
          { regex: [/<com\.cloudbees\.plugins\.credentials\.SystemCredentialsProvider[\s>]/] },
          { regex: [/<(password|secret|privateKey|passphrase)>\{[A-Za-z0-9+/=]{20,}\}<\//] },
        ],
        extract: [{ name: "ids", regex: /<id>([^<]+)<\/id>/g, all: true }],
        matched: "<SystemCredentialsProvider> … <password>{AQAAAB…}</password>",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/credentials.xml": text(
            "<?xml version='1.1' encoding='UTF-8'?>\n<com.cloudbees.plugins.credentials.SystemCredentialsProvider " +
              'plugin="credentials@1319.v7eb_51b_3a_c97b_">\n' +
              '  <domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash">' +
              "\n    <entry>\n      <java.util.concurrent.CopyOnWriteArrayList>\n" +
              "        <com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n" +
              "          <id>deploy-prod</id>\n          <username>deploy</username>\n" +
              "          <password>{AQAAABAAAAAQ8xQ2n5Lk0aVb3Yt7Rw1zQ9Xq2e9LmKz8Yt4Vb3n7Rw=}</password>\n" +
              "        </com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n",
            { "content-type": "application/xml" },
          ),
        },
        expect: { extracted: { ids: ["deploy-prod"] } },
      },
      clean: { server: "jetty", routes: {} },
    },
  },
  {
    kind: "http.exposed.gitlab-secrets",
    category: "exposed-file",
    protocol: "http",
    title: "GitLab secrets file exposed (gitlab-secrets.json)",
    severity: "critical",
    description:
      "The site serves GitLab's gitlab-secrets.json: the keys that encrypt CI variables, runner tokens and " +
      "two-factor secrets in GitLab's database, and sign its sessions (secret_key_base, db_key_base, otp_key_base).",
    remediation:
      "Remove the file (and any backup it came with) from the web root; rotating these keys needs GitLab's " +
      "procedure for a lost secrets file: reset CI variables, runner tokens and two-factor enrolments.",
    references: [
      "https://docs.gitlab.com/ee/administration/backup_restore/troubleshooting_backup_gitlab.html",
      ...REFS,
    ],
    cwe: [538, 321],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/gitlab-secrets.json", "/etc/gitlab/gitlab-secrets.json"],
        match: [
          OK,
          { json: { "gitlab_rails.secret_key_base": /^[0-9a-f]{64,}$/, "gitlab_rails.db_key_base": "string" } },
        ],
        matched: '"gitlab_rails": { "secret_key_base": "…", "db_key_base": "…" }',
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/gitlab-secrets.json": json({
            gitlab_workhorse: { secret_token: "c2VjcmV0LXRva2VuLWZvci13b3JraG9yc2U=" },
            gitlab_rails: {
              secret_key_base: "9f2c1e8a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e",
              db_key_base: "0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9",
              otp_key_base: "1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90a",
            },
          }),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.nextcloud-config-backup",
    category: "exposed-file",
    protocol: "http",
    title: "Nextcloud or ownCloud configuration copy exposed (config/config.php.bak)",
    severity: "critical",
    description:
      "The site serves a copy of Nextcloud's (or ownCloud's) config.php as text: the database password, the " +
      "instance's secret and password salt, and the mail and object-store credentials.",
    remediation:
      "Delete the copy (the web server must deny /config/ entirely, as Nextcloud's .htaccess does), change the " +
      "database and mail passwords, and rotate the instance's secret.",
    references: [
      "https://docs.nextcloud.com/server/latest/admin_manual/configuration_server/config_sample_php_parameters.html",
      ...REFS,
    ],
    cwe: [538, 260],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/config/config.php.bak", "/config/config.php~", "/config/config.php.old", "/config/config.php.save"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/\$CONFIG\s*=\s*array\s*\(/, /'(instanceid|passwordsalt|datadirectory|dbtype)'\s*=>/] },
        ],
        judge: secretsRaise("critical", "$CONFIG = array ( 'instanceid' => …"),
        severity: "high",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/config/config.php.bak": text(
            "<?php\n$CONFIG = array (\n  'instanceid' => 'oc8k2x7q1z9w',\n" +
              "  'passwordsalt' => 'Zq2x9Lm1Xb7c5v0n2m4k6j8h',\n" +
              "  'datadirectory' => '/var/www/nextcloud/data',\n  'dbtype' => 'mysql',\n  'dbuser' => 'nextcloud',\n" +
              "  'dbpassword' => 'Nc7!wq2Lz',\n);\n",
          ),
        },
        expect: { severity: "critical" },
      },
      clean: { server: "apache", routes: { "/config/config.php.bak": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.odbc-config",
    category: "exposed-file",
    protocol: "http",
    title: "ODBC data sources with a password exposed (odbc.ini)",
    severity: "critical",
    description:
      "The site serves an ODBC configuration: database servers, names and users, with the password written in the " +
      "data source (Password= or PWD=).",
    remediation: "Remove the file from the web root and change the passwords of the data sources it lists.",
    references: ["https://www.unixodbc.org/odbcinst.html", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/odbc.ini", "/.odbc.ini"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^\[[^\]\n]+\]\s*$/m, /^\s*Driver\s*=\s*\S+/im, /^\s*(Server|Servername|Host)\s*=\s*\S+/im] },
        ],
        judge: hasSecrets,
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/odbc.ini": text(
            "[shop]\nDescription = Shop database\nDriver      = PostgreSQL Unicode\nServername  = 10.0.2.5\n" +
              "Database    = shop\nUserName    = report\nPassword    = Od8!kq2Wz\nPort        = 5432\n",
          ),
        },
      },
      // A data source without a password (given by the application at connect time) proves nothing secret.
      clean: {
        server: "apache",
        routes: {
          "/odbc.ini": text("[shop]\nDriver      = PostgreSQL Unicode\nServername  = 10.0.2.5\nDatabase    = shop\n"),
        },
      },
    },
  },
  {
    kind: "http.exposed.oracle-tnsnames",
    category: "exposed-file",
    protocol: "http",
    title: "Oracle net service names exposed (tnsnames.ora)",
    severity: "low",
    description:
      "The site serves an Oracle tnsnames.ora: the database servers (often internal ones), their listener ports and " +
      "service names, what an attacker needs to aim at them.",
    remediation:
      "Remove the file from the web root; keep client network files in $ORACLE_HOME/network/admin or TNS_ADMIN.",
    references: [
      "https://docs.oracle.com/en/database/oracle/oracle-database/19/netrf/local-naming-parameters-in-tnsnames-ora-file.html",
      ...REFS,
    ],
    cwe: [538, 200],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/tnsnames.ora", "/network/admin/tnsnames.ora"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [
              /\(\s*DESCRIPTION\s*=/i,
              /\(\s*ADDRESS\s*=\s*\(\s*PROTOCOL\s*=\s*TCPS?\s*\)\s*\(\s*HOST\s*=\s*[\w.-]+\s*\)/i,
            ],
          },
        ],
        extract: [{ name: "hosts", regex: /\(\s*HOST\s*=\s*([\w.-]+)\s*\)/gi, all: true }],
        matched: "… = (DESCRIPTION = (ADDRESS = (PROTOCOL = TCP)(HOST = …)(PORT = …)) …)",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/tnsnames.ora": text(
            "ERP =\r\n  (DESCRIPTION =\r\n" +
              "    (ADDRESS = (PROTOCOL = TCP)(HOST = ora01.corp.example.com)(PORT = 1521))\r\n" +
              "    (CONNECT_DATA =\r\n      (SERVER = DEDICATED)\r\n      (SERVICE_NAME = erp)\r\n    )\r\n  )\r\n",
          ),
        },
        expect: { extracted: { hosts: ["ora01.corp.example.com"] } },
      },
      clean: { server: "iis", routes: {} },
    },
  },
]);
