// Site archives and database files beyond the common names of backups.ts: archives named after the site and in every
// usual compression, SQL dumps judged by their tools' headers, PostgreSQL custom-format and MongoDB archive dumps, and
// live database files (SQLite, Access, SQL Server backups). Judged by magic bytes and headers only.
import { binary, checks, CVSS_READ_HIGH, cwe, NOT_HTML, OK_OR_PARTIAL, OWASP_FILES, text } from "../../declare.ts";

const REFS = [OWASP_FILES, cwe(530)];
const BACKUPS_ELSEWHERE =
  "Remove the file from the web root, keep backups in storage the web server does not serve (and encrypt them),";
const bytesOf = (r: { bytes?: Buffer; body: string }) => r.bytes ?? Buffer.from(r.body, "latin1");

/** Archive formats by their signatures (tar's "ustar" sits at offset 257). */
const ARCHIVES: Array<{ name: string; magic: string; offset?: number }> = [
  { name: "ZIP archive (PK\\x03\\x04)", magic: "504b0304" },
  { name: "gzip archive (\\x1f\\x8b)", magic: "1f8b08" },
  { name: "7-Zip archive (7z\\xBC\\xAF)", magic: "377abcaf271c" },
  { name: "RAR archive (Rar!)", magic: "526172211a07" },
  { name: "bzip2 archive (BZh)", magic: "425a6839" },
  { name: "xz archive (\\xFD7zXZ)", magic: "fd377a585a00" },
  { name: "tar archive (ustar)", magic: "7573746172", offset: 257 },
];
const archiveOf = (b: Buffer) =>
  ARCHIVES.find((a) =>
    b.subarray(a.offset ?? 0, (a.offset ?? 0) + a.magic.length / 2).equals(Buffer.from(a.magic, "hex")),
  );
const archiveMatch = { any: ARCHIVES.map((a) => ({ magic: a.magic, ...(a.offset ? { offset: a.offset } : {}) })) };

/** The first lines the dump tools write: mysqldump, MariaDB, pg_dump, phpMyAdmin, Adminer, sqlite3 .dump. */
const SQL_DUMP_HEADER = new RegExp(
  [
    String.raw`^-- (MySQL|MariaDB) dump \d`,
    "^-- PostgreSQL database dump",
    "^-- phpMyAdmin SQL Dump",
    String.raw`^-- Adminer [\d.]+ (MySQL|MariaDB|PostgreSQL|SQLite)`,
    String.raw`^PRAGMA foreign_keys=OFF;\r?\nBEGIN TRANSACTION;`,
  ].join("|"),
  "m",
);

export default checks([
  {
    kind: "http.exposed.site-archive",
    category: "exposed-file",
    protocol: "http",
    title: "Site archive exposed (named after the site, or a web folder's name)",
    severity: "high",
    description:
      "The site serves an archive of itself: named after its host (shop.example.com.zip, example.tar.gz) or its web " +
      "folder (public_html.zip, htdocs.7z), in ZIP, gzip, 7-Zip, RAR, bzip2, xz or tar. It holds the source code and " +
      "its configuration files with their credentials.",
    remediation: `${BACKUPS_ELSEWHERE} and rotate the credentials the site's configuration holds.`,
    references: REFS,
    cwe: [530, 538],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: [
          "/{{host}}.zip",
          "/{{rdn}}.zip",
          "/{{dn}}.zip",
          "/{{host}}.tar.gz",
          "/{{dn}}.tar.gz",
          "/{{dn}}.tgz",
          "/{{dn}}.7z",
          "/{{dn}}.rar",
          "/public_html.zip",
          "/htdocs.zip",
          "/wwwroot.zip",
          "/html.zip",
          "/web.zip",
          "/site.tar.gz",
          "/www.tar.gz",
          "/backup.7z",
          "/backup.rar",
          "/backup.tar",
          "/backup.tar.bz2",
        ],
        match: [OK_OR_PARTIAL, archiveMatch],
        judge: (r) => {
          const a = archiveOf(bytesOf(r));
          return a ? { matched: a.name } : null;
        },
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: { "/fixture.7z": binary(Buffer.concat([Buffer.from("377abcaf271c0004", "hex"), Buffer.alloc(24)])) },
        },
        {
          server: "apache",
          routes: {
            "/backup.tar": binary(
              Buffer.concat([Buffer.from("index.php"), Buffer.alloc(248), Buffer.from("ustar\x0000")]),
            ),
          },
        },
        {
          server: "iis",
          routes: { "/wwwroot.zip": binary(Buffer.concat([Buffer.from("504b030414000000", "hex"), Buffer.alloc(24)])) },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.database-dump",
    category: "exposed-file",
    protocol: "http",
    title: "Database dump exposed (SQL, PostgreSQL custom format, MongoDB archive)",
    severity: "critical",
    description:
      "The site serves a dump of a database: every table's rows (customers, orders, password hashes, sessions) " +
      "under a name the common backup names miss (named after the site, mysql.sql, latest.dump, dump.archive), " +
      "recognised by the dump tool's header or signature.",
    remediation:
      `${BACKUPS_ELSEWHERE} assume the data is known (notify as your obligations require), and reset the ` +
      `passwords and tokens it held.`,
    references: ["https://dev.mysql.com/doc/refman/8.0/en/mysqldump.html", ...REFS],
    cwe: [530, 538],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: [
          "/{{dn}}.sql",
          "/{{host}}.sql",
          "/mysql.sql",
          "/data.sql",
          "/users.sql",
          "/localhost.sql",
          "/db_backup.sql",
          "/backup/db.sql",
        ],
        match: [OK_OR_PARTIAL, NOT_HTML, { regex: [SQL_DUMP_HEADER] }],
        extract: [{ name: "version", regex: /^-- (?:Server version|Dumped from database version)[:\s]+([\d.]+)/m }],
        judge: (r) => ({ matched: SQL_DUMP_HEADER.exec(r.body)![0].split(/\r?\n/)[0]! }),
      },
      {
        paths: ["/{{dn}}.sql.gz", "/dump.sql.gz", "/database.sql.gz", "/mysql.sql.gz", "/db.sql.bz2", "/db.sql.zip"],
        match: [OK_OR_PARTIAL, { any: [{ magic: "1f8b08" }, { magic: "425a6839" }, { magic: "504b0304" }] }],
        judge: (r) => ({ matched: `compressed SQL dump (${archiveOf(bytesOf(r))!.name})` }),
      },
      {
        paths: ["/latest.dump", "/db.dump", "/database.dump", "/backup.dump", "/{{dn}}.dump"],
        match: [OK_OR_PARTIAL, { magic: "5047444d50" }],
        matched: "pg_dump custom format (PGDMP)",
      },
      {
        paths: ["/dump.archive", "/mongodump.archive", "/backup.archive", "/mongo.archive"],
        match: [OK_OR_PARTIAL, { magic: "6de29981" }],
        matched: "mongodump archive (\\x6d\\xe2\\x99\\x81)",
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/fixture.sql": text(
              "-- phpMyAdmin SQL Dump\n-- version 5.2.1\n-- https://www.phpmyadmin.net/\n--\n-- Host: localhost\n" +
                "-- Server version: 10.11.6-MariaDB\n\nCREATE TABLE `wp_users` (\n  `ID` bigint(20) unsigned NOT " +
                "NULL\n);\n",
              { "content-type": "application/sql" },
            ),
          },
          expect: { extracted: { version: "10.11.6" } },
        },
        {
          server: "nginx",
          routes: {
            "/backup/db.sql": text(
              "--\n-- PostgreSQL database dump\n--\n\n-- Dumped from database version 16.2\n-- Dumped by pg_dump " +
                "version 16.2\n" +
                "SET statement_timeout = 0;\n",
            ),
          },
          expect: { extracted: { version: "16.2" } },
        },
        {
          server: "nginx",
          routes: {
            "/latest.dump": binary(Buffer.concat([Buffer.from("PGDMP"), Buffer.from([1, 14, 0, 4, 8, 8, 1])])),
          },
        },
        {
          server: "go",
          routes: { "/dump.archive": binary(Buffer.concat([Buffer.from("6de29981", "hex"), Buffer.alloc(28)])) },
        },
        {
          server: "apache",
          routes: { "/mysql.sql.gz": binary(Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3])) },
        },
      ],
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.sqlite-database",
    category: "exposed-file",
    protocol: "http",
    title: "SQLite database exposed",
    severity: "critical",
    description:
      "The site serves an SQLite database file (Laravel's database.sqlite, Rails' db/*.sqlite3, an app's data.db): " +
      "the application's whole data, users and password hashes included.",
    remediation:
      "Move the database out of the document root (or deny the path), and treat its contents as known: reset the " +
      "users' passwords and the sessions and tokens it held.",
    references: ["https://www.sqlite.org/fileformat.html#the_database_header", ...REFS],
    cwe: [530, 538, 552],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: [
          "/db.sqlite",
          "/db.sqlite3",
          "/database.sqlite",
          "/database.db",
          "/data.db",
          "/app.db",
          "/database/database.sqlite",
          "/db/production.sqlite3",
          "/db/development.sqlite3",
          "/storage/database.sqlite",
        ],
        match: [OK_OR_PARTIAL, { magic: "53514c69746520666f726d6174203300" }],
        matched: "SQLite format 3",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/database/database.sqlite": binary(
            Buffer.concat([Buffer.from("SQLite format 3\0"), Buffer.from("1000010100402020", "hex"), Buffer.alloc(24)]),
            "application/vnd.sqlite3",
          ),
        },
      },
      clean: { server: "nginx", routes: { "/database/database.sqlite": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.access-database",
    category: "exposed-file",
    protocol: "http",
    title: "Microsoft Access database exposed (.mdb, .accdb)",
    severity: "critical",
    description:
      "The site serves a Microsoft Access database, as classic ASP sites keep them beside the pages: its tables " +
      "(users, passwords, orders) can be opened by anyone who downloads it.",
    remediation:
      "Move the database to a folder the web server does not serve (App_Data on IIS is never served), and treat " +
      "its contents as known.",
    references: [
      "https://learn.microsoft.com/en-us/iis/configuration/system.webserver/security/requestfiltering/",
      ...REFS,
    ],
    cwe: [530, 538, 552],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/db.mdb", "/database.mdb", "/data.mdb", "/{{dn}}.mdb", "/db/db.mdb", "/database.accdb", "/db.accdb"],
        match: [
          OK_OR_PARTIAL,
          {
            any: [
              { magic: "5374616e64617264204a6574204442", offset: 4 },
              { magic: "5374616e6461726420414345204442", offset: 4 },
            ],
          },
        ],
        judge: (r) => ({ matched: bytesOf(r).subarray(4, 19).toString("latin1") }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/db/db.mdb": binary(
            Buffer.concat([Buffer.from("00010000", "hex"), Buffer.from("Standard Jet DB\0"), Buffer.alloc(24)]),
          ),
        },
      },
      clean: { server: "iis", routes: {} },
    },
  },
  {
    kind: "http.exposed.mssql-backup",
    category: "exposed-file",
    protocol: "http",
    title: "SQL Server backup exposed (.bak)",
    severity: "critical",
    description:
      "The site serves a SQL Server backup (Microsoft Tape Format, as BACKUP DATABASE writes it): the whole " +
      "database, restorable on any SQL Server.",
    remediation:
      "Write backups to a folder outside every site's physical path (or to backup storage), delete the copy, and " +
      "treat the database's contents as known.",
    references: ["https://learn.microsoft.com/en-us/sql/t-sql/statements/backup-transact-sql", ...REFS],
    cwe: [530, 538],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/backup.bak", "/db.bak", "/database.bak", "/{{dn}}.bak", "/{{dn}}_db.bak"],
        // The MTF tape descriptor block: "TAPE", then binary attributes and offsets (NUL bytes no text file has).
        match: [OK_OR_PARTIAL, { magic: "54415045" }],
        judge: (r) => (bytesOf(r).subarray(4, 16).includes(0) ? { matched: "Microsoft Tape Format (TAPE)" } : null),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/fixture.bak": binary(
            Buffer.concat([Buffer.from("TAPE"), Buffer.from("0000000000000e00", "hex"), Buffer.alloc(32)]),
          ),
        },
      },
      clean: { server: "iis", routes: {} },
    },
  },
]);
