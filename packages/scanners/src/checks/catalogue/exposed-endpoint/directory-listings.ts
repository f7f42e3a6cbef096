// Directory listings of the directories where sites keep what should never be browsed (backups, dumps, logs,
// configuration, uploads, scratch copies), asked by a wordlist of common names: the crawl rarely links to them. The
// generic listing on the pages the crawl reaches is misconfiguration's http.directory-listing; here each family of
// directories is its own exposure, judged by what such a directory holds.
import type { CheckDeclaration } from "../../declare.ts";
import { checks, html, CVSS_READ_HIGH, CVSS_READ_LOW } from "../../declare.ts";

/**
 * A listing as each server renders it, never the words alone: Apache's and nginx's and lighttpd's "Index of /dir"
 * heading with the parent link, IIS's "[To Parent Directory]", Python's http.server heading, Caddy's browse footer.
 */
const LISTING = {
  regex: [
    /<h[12]>Index of \/[^<]*<\/h[12]>[\s\S]{0,800}?(Parent Directory<\/a>|<a href="\.\.\/">\.\.\/?<\/a>)/,
    /<pre><A HREF="[^"]*">\[To Parent Directory\]<\/A>/i,
    /<h1>Directory listing for \/[^<]*<\/h1>\s*<hr>\s*<ul>/,
    /<title>\/[^<]*<\/title>[\s\S]*Served with\s*<a[^>]*href="https:\/\/caddyserver\.com"/,
  ],
  condition: "or" as const,
};
const REFS = [
  "https://cwe.mitre.org/data/definitions/548.html",
  "https://httpd.apache.org/docs/2.4/mod/mod_autoindex.html",
  "https://nginx.org/en/docs/http/ngx_http_autoindex_module.html",
];
const OFF =
  'Turn listings off (Apache "Options -Indexes", nginx "autoindex off;", IIS "directoryBrowse enabled=false", ' +
  'Caddy without "file_server browse") and';

const apache = (dir: string, files: string[]) =>
  html(
    `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN">\n<html>\n <head>\n  <title>Index of /${dir}</title>\n` +
      ` </head>\n <body>\n<h1>Index of /${dir}</h1>\n  <table>\n   <tr><th valign="top"><img src="/icons/blank.gif"` +
      ' alt="[ICO]"></th><th><a href="?C=N;O=D">Name</a></th><th><a href="?C=M;O=A">Last modified</a></th></tr>\n' +
      '<tr><td valign="top"><img src="/icons/back.gif" alt="[PARENTDIR]"></td><td><a href="/">Parent Directory</a>' +
      "</td></tr>\n" +
      files
        .map((f) => `<tr><td><a href="${f}">${f}</a></td><td align="right">2026-11-02 03:00  </td></tr>\n`)
        .join("") +
      "</table>\n<address>Apache/2.4.62 (Debian) Server</address>\n</body></html>\n",
  );
const nginx = (dir: string, files: string[]) =>
  html(
    `<html>\r\n<head><title>Index of /${dir}/</title></head>\r\n<body>\r\n<h1>Index of /${dir}/</h1><hr><pre>` +
      '<a href="../">../</a>\r\n' +
      files.map((f) => `<a href="${f}">${f}</a>                 02-Nov-2026 03:00     184213\r\n`).join("") +
      "</pre><hr></body>\r\n</html>\r\n",
  );
const iis = (dir: string, files: string[]) =>
  html(
    `<html><head><title>www.example.test - /${dir}/</title></head><body><H1>www.example.test - /${dir}/</H1><hr>\r\n` +
      '\r\n<pre><A HREF="/">[To Parent Directory]</A><br><br>' +
      files.map((f) => ` 11/2/2026  3:00 AM        48213 <A HREF="/${dir}/${f}">${f}</A><br>`).join("") +
      "</pre><hr></body></html>",
  );
const python = (dir: string, files: string[]) =>
  html(
    '<!DOCTYPE HTML>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Directory listing for /' +
      `${dir}/</title>\n</head>\n<body>\n<h1>Directory listing for /${dir}/</h1>\n<hr>\n<ul>\n` +
      files.map((f) => `<li><a href="${f}">${f}</a></li>\n`).join("") +
      "</ul>\n<hr>\n</body>\n</html>\n",
    200,
    { server: "SimpleHTTP/0.6 Python/3.11.2" },
  );
const lighttpd = (dir: string, files: string[]) =>
  html(
    '<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>Index of /' +
      `${dir}/</title>\n</head>\n<body>\n<h2>Index of /${dir}/</h2>\n<div class="list">\n<table summary="Directory` +
      ' Listing" cellpadding="0" cellspacing="0">\n<tbody>\n<tr class="d"><td class="n"><a href="../">..</a>/</td>' +
      "</tr>\n" +
      files.map((f) => `<tr><td class="n"><a href="${f}">${f}</a></td><td class="s">1.2M</td></tr>\n`).join("") +
      '</tbody>\n</table>\n</div>\n<div class="foot">lighttpd/1.4.69</div>\n</body>\n</html>\n',
  );
const caddy = (dir: string, files: string[]) =>
  html(
    `<!DOCTYPE html>\n<html>\n\t<head>\n\t\t<title>/${dir}/</title>\n\t\t<meta charset="utf-8">\n\t</head>\n` +
      '\t<body>\n\t\t<header><h1><a href="/">/</a><a href="/' +
      `${dir}/">${dir}/</a></h1></header>\n\t\t<main><table>` +
      files.map((f) => `<tr class="file"><td><a href="./${f}"><span class="name">${f}</span></a></td></tr>`).join("") +
      '</table></main>\n\t\t<footer>\n\t\t\tServed with\n\t\t\t<a rel="noopener noreferrer" ' +
      'href="https://caddyserver.' +
      'com">Caddy</a>\n\t\t</footer>\n\t</body>\n</html>\n',
  );

interface ListingSpec {
  slug: string;
  what: string;
  dirs: string[];
  severity: CheckDeclaration["severity"];
  cvss: string;
  cwe: number[];
  description: string;
  remove: string;
  server: "apache" | "nginx" | "iis" | "go" | "lighttpd" | "caddy";
  body: (dir: string, files: string[]) => ReturnType<typeof html>;
  files: string[];
}

function listing(s: ListingSpec): CheckDeclaration {
  const dir = s.dirs[0] ?? "";
  return {
    kind: `http.exposed.listing.${s.slug}`,
    category: "exposed-endpoint",
    protocol: "http",
    title: `Directory listing of ${s.what}`,
    severity: s.severity,
    description: s.description,
    remediation: `${OFF} ${s.remove}`,
    references: REFS,
    cwe: s.cwe,
    cvss: s.cvss,
    http: [
      {
        paths: s.dirs.map((d) => `/${d}/`),
        match: [{ status: [200] }, LISTING],
        extract: [{ name: "entries", regex: /<a href="(?!\.\.\/|\/"|\?)(?:\.\/)?([^"]+)">/i, all: true }],
      },
    ],
    fixtures: {
      vulnerable: { server: s.server, routes: { [`/${dir}/`]: s.body(dir, s.files) } },
      clean: { server: s.server, routes: { [`/${dir}/`]: { status: 403 } } },
    },
  };
}

export default checks([
  listing({
    slug: "backups",
    what: "a backup directory",
    dirs: ["backup", "backups", "bak", "old", "archive", "_backup"],
    severity: "high",
    cvss: CVSS_READ_HIGH,
    cwe: [548, 530],
    description:
      "A backup directory lists its files: archives of the site and its database, which hold the source, the " +
      "configuration with its passwords and the users' data, downloadable by anyone.",
    remove: "move backups out of the web root (to storage that is not served), encrypted.",
    server: "apache",
    body: apache,
    files: ["site-2026-11-01.tar.gz", "db-2026-11-01.sql.gz"],
  }),
  listing({
    slug: "dumps",
    what: "a database dump directory",
    dirs: ["dump", "dumps", "db", "database", "sql", "export", "exports"],
    severity: "high",
    cvss: CVSS_READ_HIGH,
    cwe: [548, 530],
    description:
      "A directory of database dumps or exports lists its files: every row of the database (users, password " +
      "hashes, orders) is one download away.",
    remove: "delete the dumps from the web root and keep exports in private storage with expiring links.",
    server: "lighttpd",
    body: lighttpd,
    files: ["prod.sql", "customers.csv"],
  }),
  listing({
    slug: "config",
    what: "a configuration directory",
    dirs: ["conf", "config", "configs", "private", "secret", "secrets", "keys", "etc", "admin"],
    severity: "high",
    cvss: CVSS_READ_HIGH,
    cwe: [548, 538],
    description:
      "A configuration or private directory lists its files: configuration with database passwords and API keys, " +
      "private keys and certificates.",
    remove: "move configuration and keys outside the web root (or deny the directory), and rotate what was listed.",
    server: "go",
    body: python,
    files: ["settings.ini", "server.key"],
  }),
  listing({
    slug: "logs",
    what: "a log directory",
    dirs: ["logs", "log", "_logs", "debug", "error_log"],
    severity: "medium",
    cvss: CVSS_READ_LOW,
    cwe: [548, 532],
    description:
      "A log directory lists its files: access and error logs carry the users' addresses, session tokens in URLs, " +
      "stack traces and paths of the server.",
    remove: "write logs outside the web root (or deny the directory).",
    server: "nginx",
    body: nginx,
    files: ["access.log", "error.log.1"],
  }),
  listing({
    slug: "uploads",
    what: "an upload directory",
    dirs: ["uploads", "upload", "files", "attachments", "documents", "media/uploads", "userfiles"],
    severity: "medium",
    cvss: CVSS_READ_LOW,
    cwe: [548],
    description:
      "A directory of uploaded files lists them: documents users sent (invoices, identity papers, CVs) meant to be " +
      "reached only by their own unguessable links become browsable by all.",
    remove: "serve uploads through the application with an access check, or with random names and no index.",
    server: "iis",
    body: iis,
    files: ["invoice-10231.pdf", "passport-scan.jpg"],
  }),
  listing({
    slug: "scratch",
    what: "a temporary or test directory",
    dirs: ["tmp", "temp", "test", "tests", "dev", "staging", "new", "data"],
    severity: "medium",
    cvss: CVSS_READ_LOW,
    cwe: [548],
    description:
      "A scratch directory (temporary, test, staging or data files) lists its files: copies of the site, test " +
      "data and scripts left behind, often older and weaker than what the site runs.",
    remove: "delete what does not belong in production.",
    server: "caddy",
    body: caddy,
    files: ["index.php.bak", "import.json"],
  }),
]);
