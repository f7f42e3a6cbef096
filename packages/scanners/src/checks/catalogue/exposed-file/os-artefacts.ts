// Operating systems' and editors' stray files copied to the server with the site: Windows' Thumbs.db and desktop.ini,
// macOS' AppleDouble files, Emacs auto-saves and Vim's viminfo. Proven by their magic bytes or their own syntax; the
// file name alone proves nothing.
import {
  checks,
  binary,
  CVSS_READ_HIGH,
  CVSS_READ_LOW,
  cwe,
  NOT_HTML,
  OK,
  OK_OR_PARTIAL,
  OWASP_FILES,
  secretsRaise,
  text,
} from "../../declare.ts";

const REFS = [cwe(538), OWASP_FILES];
const DEPLOY = "Deploy from a clean build (git archive, CI artefact) rather than a copy of the workstation's folder,";

/** An OLE2 compound file (Thumbs.db, .doc, .msi). */
const ole2 = Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(24)]);

export default checks([
  {
    kind: "http.exposed.thumbs-db",
    category: "exposed-file",
    protocol: "http",
    title: "Windows thumbnail cache exposed (Thumbs.db)",
    severity: "low",
    description:
      "The site serves Thumbs.db, the thumbnail cache Windows Explorer writes into image folders: small copies of " +
      "the pictures the folder held on the workstation, including ones never published.",
    remediation: `${DEPLOY} delete Thumbs.db files on the server, and deny the name (IIS: a hiddenSegments entry).`,
    references: ["https://learn.microsoft.com/en-us/troubleshoot/windows-client/shell-experience/thumbs-db", ...REFS],
    cwe: [538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/Thumbs.db", "/images/Thumbs.db", "/img/Thumbs.db"],
        match: [OK_OR_PARTIAL, { magic: "d0cf11e0a1b11ae1" }],
        matched: "OLE2 compound file (Thumbs.db)",
      },
    ],
    fixtures: {
      vulnerable: { server: "iis", routes: { "/images/Thumbs.db": binary(ole2) } },
      clean: { server: "iis", routes: {} },
    },
  },
  {
    kind: "http.exposed.desktop-ini",
    category: "exposed-file",
    protocol: "http",
    title: "Windows folder settings exposed (desktop.ini)",
    severity: "info",
    description:
      "The site serves desktop.ini, Explorer's folder settings: a sign the site was copied from a Windows " +
      "workstation " +
      "(its other files, backups and editor folders may have come along).",
    remediation: `${DEPLOY} and delete desktop.ini files on the server.`,
    references: [
      "https://learn.microsoft.com/en-us/windows/win32/shell/how-to-customize-folders-with-desktop-ini",
      ...REFS,
    ],
    cwe: [538],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N",
    http: [
      {
        paths: ["/desktop.ini", "/Desktop.ini"],
        match: [OK_OR_PARTIAL, NOT_HTML, { regex: [/^\uFEFF?\s*\[\.ShellClassInfo\]\s*$/m] }],
        matched: "[.ShellClassInfo]",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/desktop.ini": text("\r\n[.ShellClassInfo]\r\nIconResource=C:\\Windows\\System32\\imageres.dll,-3\r\n"),
        },
      },
      clean: { server: "iis", routes: {} },
    },
  },
  {
    kind: "http.exposed.appledouble",
    category: "exposed-file",
    protocol: "http",
    title: "macOS AppleDouble files exposed (._ files)",
    severity: "low",
    description:
      "The site serves macOS AppleDouble files (._name), written beside every file copied from a Mac to a non-Apple " +
      "disk: they confirm the names of files in the folder and carry their metadata (where they were downloaded from).",
    remediation:
      `${DEPLOY} run dot_clean (or find . -name '._*' -delete) before deploying, and deny names starting ` +
      `with "._".`,
    references: ["https://datatracker.ietf.org/doc/html/rfc1740", ...REFS],
    cwe: [538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/._.DS_Store", "/._index.php", "/._index.html"],
        match: [OK_OR_PARTIAL, { magic: "00051607" }],
        matched: "AppleDouble header (\\x00\\x05\\x16\\x07)",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/._.DS_Store": binary(
            Buffer.concat([Buffer.from("0005160700020000", "hex"), Buffer.from("Mac OS X        ")]),
          ),
        },
      },
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.emacs-autosave",
    category: "exposed-file",
    protocol: "http",
    title: "Emacs auto-save file exposed (#index.php#)",
    severity: "high",
    description:
      "The site serves an Emacs auto-save file (#name#), written while a file was edited on the server: the " +
      "script's source as text, with whatever credentials it holds.",
    remediation:
      "Delete the #…# files, deny names starting with # on the web server, and set auto-save-file-name-transforms " +
      "so that Emacs saves elsewhere; rotate any credential in the source.",
    references: ["https://www.gnu.org/software/emacs/manual/html_node/emacs/Auto-Save-Files.html", ...REFS],
    cwe: [530, 540],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/%23index.php%23", "/%23wp-config.php%23", "/%23config.php%23", "/%23.env%23"],
        match: [OK_OR_PARTIAL, NOT_HTML, { regex: [/^\uFEFF?\s*<\?php|^\s*[A-Z_][A-Z0-9_]*=\S/m] }],
        judge: secretsRaise("critical", "<?php …"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/%23wp-config.php%23": text(
              "<?php\ndefine( 'DB_NAME', 'shop' );\ndefine( 'DB_USER', 'shop' );\ndefine( 'DB_PASSWORD', 'Lp3!xq9Z' " +
                ");\n",
              { "content-type": "application/octet-stream" },
            ),
          },
          expect: { severity: "critical" },
        },
        {
          server: "nginx",
          routes: { "/%23index.php%23": text("<?php\nrequire __DIR__ . '/app/bootstrap.php';\n") },
          expect: { severity: "high" },
        },
      ],
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.viminfo",
    category: "exposed-file",
    protocol: "http",
    title: "Vim history exposed (.viminfo)",
    severity: "medium",
    description:
      "The site serves a .viminfo file: the commands, searches and registers of someone's Vim sessions, with the " +
      "paths of the files they edited on the server (and text they copied, sometimes passwords).",
    remediation:
      "Delete the file, keep home directories out of the web root, and set viminfofile=NONE for accounts that edit " +
      "the site in place.",
    references: ["https://vimhelp.org/starting.txt.html#viminfo", ...REFS],
    cwe: [538, 200],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.viminfo"],
        match: [OK, NOT_HTML, { regex: [/^# This viminfo file was generated by Vim/m] }],
        matched: "# This viminfo file was generated by Vim …",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.viminfo": text(
            "# This viminfo file was generated by Vim 9.0.\n# You may edit it if you're careful!\n\n" +
              "# Command Line History (newest to oldest):\n:wq\n\n# File marks:\n'0  12  0  /var/www/html/.env\n",
          ),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
]);
