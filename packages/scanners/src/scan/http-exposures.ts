// The files and paths the HTTP check requests on every web root, with what
// makes a response count as the real thing (magic bytes, a line shape) rather
// than a catch-all page. Split from http-scan.ts, which runs them.
import type { HttpResult } from "../http.ts";
import type { Severity } from "./types.ts";

export const looksLikeHtml = (s: string) => /<!doctype|<html|<head|<body|<script/i.test(s.slice(0, 2048));

export interface Exposure {
  path: string;
  kind: string;
  title: string;
  description: string;
  /** Severity when the content proves the exposure, null when it does not. */
  judge(r: HttpResult, bytes: Buffer): { severity: Severity; matched: string } | null;
}

const starts = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);
const firstLine = (s: string) => s.split(/\r?\n/)[0]!.slice(0, 200);

const ENV_LINE = /^\s*(?:export\s+)?[A-Za-z_][A-Za-z0-9_.]*\s*=.*$/gm;
const SQL_DUMP = /(-- MySQL dump|-- PostgreSQL database dump|-- MariaDB dump|CREATE TABLE\s|INSERT INTO\s)/i;
const PHP_SOURCE = /<\?php/;
/** stub_status's exact text: "Active connections: N", then "server accepts handled requests" and three numbers. */
const NGINX_STATUS = /^Active connections:\s*\d+\s*\n\s*server accepts handled requests\s*\n\s*\d+\s+\d+\s+\d+/m;
/** PHP-FPM status (plain text): "pool:" and "process manager:" lines. */
const FPM_STATUS = /^pool:\s+\S+\s*\n\s*process manager:\s+(static|dynamic|ondemand)/m;

const GIT: Omit<Exposure, "path" | "judge"> = {
  kind: "http.exposed.git",
  title: "Git repository exposed",
  description:
    "The site serves its .git directory. With it anyone can download the whole source code and history, often with " +
    "passwords, API keys and configuration committed at some point. Block access to /.git (nginx: location ~ " +
    "/\\.git { deny all; }) or deploy without it, and rotate any secret that was ever committed.",
};
const BACKUP: Omit<Exposure, "path" | "judge"> = {
  kind: "http.exposed.backup",
  title: "Backup or source file exposed",
  description:
    "A backup, database dump or source file can be downloaded from the site. These files hand out source code, " +
    "database contents and credentials. Remove them from the web root, keep backups elsewhere, and rotate " +
    "credentials they contain.",
};

export const EXPOSURES: Exposure[] = [
  {
    path: "/.git/HEAD",
    ...GIT,
    judge: (r) => {
      const t = r.body.trim();
      return t.length < 300 && /^(ref:\s*refs\/\S+|[0-9a-f]{40})$/.test(t) ? { severity: "high", matched: t } : null;
    },
  },
  {
    path: "/.git/config",
    ...GIT,
    judge: (r) =>
      /^\s*\[core\]/m.test(r.body) && !looksLikeHtml(r.body) ? { severity: "high", matched: "[core]" } : null,
  },
  {
    path: "/.env",
    kind: "http.exposed.env",
    title: "Environment file (.env) exposed",
    description:
      "The site serves its .env file: application settings that usually include database passwords, API keys and " +
      "signing secrets. Block access to dotfiles, move the file out of the web root, and rotate every secret in " +
      "it: assume they are known.",
    judge: (r) => {
      if (looksLikeHtml(r.body) || /html/i.test(r.headers["content-type"] ?? "")) return null;
      const lines = r.body.match(ENV_LINE) ?? [];
      return lines.length
        ? {
            severity: "critical",
            matched: lines
              .slice(0, 3)
              .map((l) => l.replace(/=.*/, "=…"))
              .join("\n"),
          }
        : null;
    },
  },
  ...["/backup.zip", "/site.zip", "/www.zip"].map((path): Exposure => ({
    path,
    ...BACKUP,
    judge: (_r, b) =>
      starts(b, [0x50, 0x4b, 0x03, 0x04]) ? { severity: "high", matched: "ZIP archive (PK\\x03\\x04)" } : null,
  })),
  ...["/backup.tar.gz", "/backup.tgz"].map((path): Exposure => ({
    path,
    ...BACKUP,
    judge: (_r, b) => (starts(b, [0x1f, 0x8b]) ? { severity: "high", matched: "gzip archive (\\x1f\\x8b)" } : null),
  })),
  ...["/db.sql", "/dump.sql", "/backup.sql", "/database.sql"].map((path): Exposure => ({
    path,
    ...BACKUP,
    judge: (r) =>
      !looksLikeHtml(r.body) && SQL_DUMP.test(r.body) ? { severity: "high", matched: SQL_DUMP.exec(r.body)![0] } : null,
  })),
  ...["/index.php.bak", "/config.php.bak", "/wp-config.php.bak", "/index.php~", "/wp-config.php~"].map(
    (path): Exposure => ({
      path,
      ...BACKUP,
      // Source, not a page: starts with <?php, or holds it and is not served as HTML (soft-404 pages are).
      judge: (r) =>
        /^\uFEFF?\s*<\?php/.test(r.body) ||
        (PHP_SOURCE.test(r.body.slice(0, 4096)) && !/html/i.test(r.headers["content-type"] ?? ""))
          ? { severity: "high", matched: firstLine(r.body.replace(/^\uFEFF?\s*/, "")) }
          : null,
    }),
  ),
  {
    path: "/.DS_Store",
    ...BACKUP,
    judge: (_r, b) =>
      starts(b, [0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31]) ? { severity: "medium", matched: ".DS_Store (Bud1)" } : null,
  },
  {
    path: "/server-status",
    kind: "http.exposed.server-status",
    title: "Apache server-status page exposed",
    description:
      "Apache's mod_status page is public. It shows the client addresses and URLs being served right now (including " +
      "private paths and tokens in query strings), uptime and load. Allow it only from localhost or the monitoring " +
      "network (Require local / Require ip).",
    judge: (r) =>
      /Apache Server Status|Server uptime:/i.test(r.body)
        ? { severity: "medium", matched: /Apache Server Status|Server uptime:/i.exec(r.body)![0] }
        : null,
  },
  ...["/nginx_status", "/status", "/basic_status"].map((path): Exposure => ({
    path,
    kind: "http.exposed.nginx-status",
    title: "nginx stub_status page exposed",
    description:
      "nginx's stub_status page is public. It shows live connection and request counters, which tell an attacker " +
      "how busy the server is and whether a denial-of-service attempt works. Allow it only from localhost or the " +
      "monitoring network (allow 127.0.0.1; deny all;).",
    judge: (r) => {
      const m = NGINX_STATUS.exec(r.body);
      return m ? { severity: "low", matched: m[0].replace(/\s+/g, " ").trim() } : null;
    },
  })),
  ...["/status", "/fpm-status", "/php-fpm-status"].map((path): Exposure => ({
    path,
    kind: "http.exposed.php-fpm-status",
    title: "PHP-FPM status page exposed",
    description:
      "PHP-FPM's status page is public. It shows the pool's processes and, in full mode, the URI, script and " +
      "client of every request being served. Allow it only from localhost or the monitoring network.",
    judge: (r) => {
      const m = FPM_STATUS.exec(r.body);
      return m ? { severity: "medium", matched: m[0].replace(/\s+/g, " ").trim() } : null;
    },
  })),
  {
    path: "/server-info",
    kind: "http.exposed.server-info",
    title: "Apache server-info page exposed",
    description:
      "Apache's mod_info page is public. It shows the server's complete configuration: modules, paths, virtual hosts " +
      "and access rules. Allow it only from localhost or the monitoring network, or unload mod_info.",
    judge: (r) =>
      /Apache Server Information|Server Settings/i.test(r.body)
        ? { severity: "medium", matched: /Apache Server Information|Server Settings/i.exec(r.body)![0] }
        : null,
  },
];

/** "backup.zip" → ".zip", "site.tar.gz" → ".tar.gz", "index.php~" → "~", ".env" → ".env"; null without one. */
function fileKey(path: string): string | null {
  const name = path.split("/").pop()!.toLowerCase();
  if (name.endsWith(".tar.gz")) return ".tar.gz";
  if (name.endsWith("~")) return "~";
  if (name.startsWith(".")) return name;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot) : null;
}

/** The exposure whose file type a linked path has (a dump linked from a listing, say), or null. */
export function exposureForFile(path: string): Exposure | null {
  const key = fileKey(path);
  return key ? (EXPOSURES.find((e) => fileKey(e.path) === key) ?? null) : null;
}
