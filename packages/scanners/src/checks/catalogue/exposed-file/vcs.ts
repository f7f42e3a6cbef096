// Version-control metadata served from the web root: the whole source and its history can be rebuilt from it.
import { checks, NOT_HTML, OK, OK_OR_PARTIAL, text } from "../../declare.ts";

const VCS_REFS = [
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/04-Review_Old_Backup_and_Unreferenced_Files_for_Sensitive_Information",
  "https://cwe.mitre.org/data/definitions/527.html",
];

export default checks([
  {
    kind: "http.exposed.git",
    category: "exposed-file",
    protocol: "http",
    title: "Git repository exposed",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    description:
      "The site serves its .git directory. With it anyone can download the whole source code and history, often " +
      "with passwords, API keys and configuration committed at some point.",
    remediation:
      "Block access to /.git (nginx: location ~ /\\.git { deny all; }) or deploy without it, and rotate any secret " +
      "that was ever committed.",
    references: VCS_REFS,
    cwe: [527, 538],
    http: [
      {
        paths: ["/.git/HEAD"],
        // A ref or a detached commit id, and nothing else (a page that merely mentions one is longer).
        match: [
          OK_OR_PARTIAL,
          { regex: [/^\s*(ref:\s*refs\/\S+|[0-9a-f]{40})\s*$/] },
          { regex: [/^[\s\S]{300}/], negative: true },
        ],
      },
      { paths: ["/.git/config"], match: [OK_OR_PARTIAL, { regex: [/^\s*\[core\]/m] }, NOT_HTML] },
    ],
    fixtures: {
      vulnerable: [
        { server: "nginx", routes: { "/.git/HEAD": text("ref: refs/heads/main\n") } },
        {
          server: "apache",
          routes: {
            "/.git/config": text(
              "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n" +
                '[remote "origin"]\n\turl = git@github.com:acme/shop.git\n\tfetch =' +
                " +refs/heads/*:refs/remotes/origin/*\n",
            ),
          },
        },
      ],
      clean: { server: "nginx", routes: { "/.git/HEAD": { status: 403, body: "" }, "/.git/config": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.svn",
    category: "exposed-file",
    protocol: "http",
    title: "Subversion working copy (.svn) exposed",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    description:
      "The site serves its .svn directory. Its wc.db (or entries file, before Subversion 1.7) lists every file of " +
      "the working copy and holds pristine copies of the source, configuration included.",
    remediation: "Deny access to /.svn on the web server and deploy with svn export rather than a checkout.",
    references: VCS_REFS,
    cwe: [527, 538],
    http: [
      {
        paths: ["/.svn/wc.db"],
        match: [OK_OR_PARTIAL, { magic: "53514c69746520666f726d6174203300" }],
        matched: "SQLite format 3",
      },
      // Pre-1.7 entries: a format number on the first line, then "dir" and the repository URL.
      { paths: ["/.svn/entries"], match: [OK, { regex: [/^(8|9|10|12)\s*\n\s*\ndir\n/] }, NOT_HTML] },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/.svn/wc.db": {
              headers: { "content-type": "application/octet-stream" },
              body: Buffer.concat([Buffer.from("SQLite format 3\0", "latin1"), Buffer.alloc(84)]),
            },
          },
        },
        {
          server: "apache",
          routes: { "/.svn/entries": text("10\n\ndir\n1742\nhttps://svn.example.org/repos/shop/trunk\n") },
        },
      ],
      clean: { server: "apache", routes: { "/.svn/wc.db": { status: 403, body: "Forbidden" } } },
    },
  },
  {
    kind: "http.exposed.mercurial",
    category: "exposed-file",
    protocol: "http",
    title: "Mercurial repository (.hg) exposed",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    description:
      "The site serves its .hg directory: the repository's store can be downloaded and the source and its history " +
      "rebuilt, secrets committed at any time included.",
    remediation: "Deny access to /.hg on the web server, or deploy without the repository.",
    references: VCS_REFS,
    cwe: [527, 538],
    http: [
      {
        paths: ["/.hg/requires"],
        match: [OK, { regex: [/^(revlogv1|store|fncache|dotencode|generaldelta)\s*$/m] }, NOT_HTML],
      },
      { paths: ["/.hg/hgrc"], match: [OK, { regex: [/^\s*\[paths\]\s*$/m, /^\s*default\s*=\s*\S+/m] }, NOT_HTML] },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: { "/.hg/requires": text("dotencode\nfncache\ngeneraldelta\nrevlogv1\nstore\n") },
      },
      clean: { server: "nginx", routes: { "/.hg/requires": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.bazaar",
    category: "exposed-file",
    protocol: "http",
    title: "Bazaar repository (.bzr) exposed",
    severity: "high",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    description: "The site serves its .bzr directory, from which the source and its history can be downloaded.",
    remediation: "Deny access to /.bzr on the web server, or deploy without the repository.",
    references: VCS_REFS,
    cwe: [527, 538],
    http: [{ paths: ["/.bzr/branch-format"], match: [OK, { words: ["Bazaar-NG meta directory"] }, NOT_HTML] }],
    fixtures: {
      vulnerable: { server: "apache", routes: { "/.bzr/branch-format": text("Bazaar-NG meta directory, format 1\n") } },
      clean: { server: "apache", routes: {} },
    },
  },
]);
