// Environment files, backups, dumps, archives and source copies left in the web root. Judged by content (magic
// bytes, line shapes), never by the status: sites that answer 200 to everything report nothing.
import { checks, NOT_HTML, NOT_HTML_TYPE, OK_OR_PARTIAL, text } from "../../declare.ts";

const ENV_LINE = /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_.]*\s*=.*$/gm;
const SQL_DUMP = /(-- MySQL dump|-- PostgreSQL database dump|-- MariaDB dump|CREATE TABLE\s|INSERT INTO\s)/i;
const firstLine = (s: string) => s.split(/\r?\n/)[0]!.slice(0, 200);

const BACKUP_REFS = [
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/04-Review_Old_Backup_and_Unreferenced_Files_for_Sensitive_Information",
  "https://cwe.mitre.org/data/definitions/530.html",
];

const zip = (name: string) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]), Buffer.from(name), Buffer.alloc(16)]);

export default checks([
  {
    kind: "http.exposed.env",
    category: "exposed-file",
    protocol: "http",
    title: "Environment file (.env) exposed",
    severity: "critical",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N",
    description:
      "The site serves its .env file: application settings that usually include database passwords, API keys and " +
      "signing secrets.",
    remediation:
      "Block access to dotfiles, move the file out of the web root, and rotate every secret in it: assume they are " +
      "known.",
    references: ["https://cwe.mitre.org/data/definitions/538.html", ...BACKUP_REFS.slice(0, 1)],
    cwe: [538, 200],
    http: [
      {
        paths: ["/.env"],
        match: [OK_OR_PARTIAL, NOT_HTML, NOT_HTML_TYPE, { regex: [/^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_.]*\s*=/m] }],
        // Shows the keys, never the values.
        judge: (r) => {
          const lines = r.body.match(ENV_LINE) ?? [];
          if (!lines.length) return null;
          return {
            matched: lines
              .slice(0, 3)
              .map((l) => l.replace(/=.*/, "=…"))
              .join("\n"),
          };
        },
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.env": text(
            "APP_NAME=Shop\nAPP_ENV=production\nAPP_KEY=base64:Zm9vYmFyYmF6\nDB_CONNECTION=mysql\n" +
              "DB_PASSWORD=hunter2\n",
          ),
        },
      },
      clean: { server: "nginx", routes: { "/.env": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.backup",
    category: "exposed-file",
    protocol: "http",
    title: "Backup or source file exposed",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    description:
      "A backup, database dump or source file can be downloaded from the site. These files hand out source code, " +
      "database contents and credentials (a .DS_Store, medium, lists the folder's files).",
    remediation: "Remove them from the web root, keep backups elsewhere, and rotate credentials they contain.",
    references: BACKUP_REFS,
    cwe: [530, 538],
    http: [
      {
        paths: ["/backup.zip", "/site.zip", "/www.zip"],
        match: [OK_OR_PARTIAL, { magic: "504b0304" }],
        matched: "ZIP archive (PK\\x03\\x04)",
      },
      {
        paths: ["/backup.tar.gz", "/backup.tgz", "/backup.sql.gz", "/db.sql.gz"],
        match: [OK_OR_PARTIAL, { magic: "1f8b" }],
        matched: "gzip archive (\\x1f\\x8b)",
      },
      {
        paths: ["/db.sql", "/dump.sql", "/backup.sql", "/database.sql"],
        match: [OK_OR_PARTIAL, NOT_HTML, { regex: [SQL_DUMP] }],
      },
      {
        paths: ["/index.php.bak", "/config.php.bak", "/wp-config.php.bak", "/index.php~", "/wp-config.php~"],
        // Source, not a page: starts with <?php, or holds it and is not served as HTML (soft-404 pages are).
        match: [OK_OR_PARTIAL, { regex: [/<\?php/] }],
        judge: (r) =>
          /^\uFEFF?\s*<\?php/.test(r.body) ||
          (/<\?php/.test(r.body.slice(0, 4096)) && !/html/i.test(r.headers["content-type"] ?? ""))
            ? { matched: firstLine(r.body.replace(/^\uFEFF?\s*/, "")) }
            : null,
      },
      {
        paths: ["/.DS_Store"],
        match: [OK_OR_PARTIAL, { magic: "0000000142756431" }],
        matched: ".DS_Store (Bud1)",
        severity: "medium",
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: { "/backup.zip": { headers: { "content-type": "application/zip" }, body: zip("index.php") } },
        },
        {
          server: "apache",
          routes: {
            "/backup.tgz": {
              headers: { "content-type": "application/x-gzip" },
              body: Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]),
            },
          },
        },
        {
          server: "nginx",
          routes: {
            "/dump.sql": text(
              "-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)\n--\n-- Host: localhost    Database: shop\n" +
                "CREATE TABLE `users` (\n  `id` int NOT NULL AUTO_INCREMENT,\n  `email` varchar(255)\n);\n",
              { "content-type": "application/sql" },
            ),
          },
        },
        {
          server: "apache",
          routes: { "/wp-config.php.bak": text("<?php\ndefine( 'DB_PASSWORD', 'hunter2' );\n") },
        },
        {
          server: "apache",
          routes: {
            "/.DS_Store": {
              headers: { "content-type": "application/octet-stream" },
              body: Buffer.from([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31, 0, 0, 0x10, 0, 0, 0, 8, 0]),
            },
          },
          expect: { severity: "medium" },
        },
      ],
      // The same servers without the files; PHP backups executed rather than served give an empty page.
      clean: { server: "apache", routes: { "/index.php~": { headers: { "content-type": "text/html" }, body: "" } } },
    },
  },
]);
