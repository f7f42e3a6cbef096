// Version-control metadata beyond git, svn, hg and bzr (vcs.ts): CVS, darcs, Fossil and Perforce working copies, and
// the git files that hand out more than source (a token in a remote's URL, a user's git settings).
import {
  checks,
  CVSS_CREDENTIALS,
  CVSS_READ_HIGH,
  CVSS_READ_LOW,
  cwe,
  NOT_HTML,
  OK,
  OK_OR_PARTIAL,
  OWASP_FILES,
  text,
} from "../../declare.ts";

const VCS_REFS = [OWASP_FILES, cwe(527)];
const SQLITE = "53514c69746520666f726d6174203300";

export default checks([
  {
    kind: "http.exposed.cvs",
    category: "exposed-file",
    protocol: "http",
    title: "CVS working copy metadata (CVS/Entries, CVS/Root) exposed",
    severity: "medium",
    description:
      "The site serves a CVS folder of its working copy: Entries lists every file of the folder with its revision " +
      "(hidden scripts and backups included) and Root names the CVS server, its path and the account used.",
    remediation:
      "Deny access to CVS/ folders on the web server (Apache: RedirectMatch 404 /CVS/; nginx: location ~ /CVS/ { " +
      "deny " +
      "all; }) and deploy with cvs export rather than a checkout.",
    references: [
      "https://www.gnu.org/software/trans-coord/manual/cvs/html_node/Working-directory-storage.html",
      ...VCS_REFS,
    ],
    cwe: [527, 538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/CVS/Entries"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^(\/[^/\n]+\/(\d+(\.\d+)+|0|-[\d.]+)\/[^/\n]*\/[^/\n]*\/[^/\n]*|D\/[^/\n]+\/\/\/\/)$/m] },
        ],
      },
      {
        paths: ["/CVS/Root"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^:(pserver|ext|gserver|kserver|server|fork|local|sspi|extssh):\S*:?\/\S*\s*$/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/CVS/Entries": text(
              "/index.php/1.14/Tue Mar  5 10:22:13 2024//\n/config.inc.php/1.3/Mon Jan  8 09:01:44 2024//\n" +
                "D/admin////\nD/includes////\n",
            ),
          },
        },
        { server: "apache", routes: { "/CVS/Root": text(":pserver:builder@cvs.example.org:/var/lib/cvsroot\n") } },
      ],
      clean: { server: "apache", routes: { "/CVS/Entries": { status: 403 }, "/CVS/Root": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.darcs",
    category: "exposed-file",
    protocol: "http",
    title: "Darcs repository (_darcs) exposed",
    severity: "high",
    description:
      "The site serves its _darcs directory: the inventory names every patch and the patches themselves can be " +
      "downloaded, which rebuilds the source and its history.",
    remediation: "Deny access to /_darcs on the web server, or deploy a copy without the repository.",
    references: ["https://darcs.net/Using/Model", ...VCS_REFS],
    cwe: [527, 538],
    cvss: CVSS_READ_HIGH,
    http: [
      { paths: ["/_darcs/format"], match: [OK, NOT_HTML, { regex: [/^(hashed|darcs-1\.0)\s*$/m, /^darcs-[12]/m] }] },
      {
        paths: ["/_darcs/hashed_inventory"],
        match: [OK_OR_PARTIAL, NOT_HTML, { regex: [/^\[[^\n]*\n[^\n]*\*[*-]\d{14}/m] }],
      },
    ],
    fixtures: {
      vulnerable: [
        { server: "nginx", routes: { "/_darcs/format": text("hashed\ndarcs-2\n") } },
        {
          server: "lighttpd",
          routes: {
            "/_darcs/hashed_inventory": text(
              "pristine:0000000222-8bd8b5bd0dcd0a5b0e6f1c0d9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b\n" +
                "[Add payment callback\nJane Doe <jane@example.com>**20240305102213\n" +
                " Ignore-this: 1f2e3d4c5b6a79880\n] hash: 0000000361-2a9c7b1d\n",
            ),
          },
        },
      ],
      clean: { server: "nginx", routes: { "/_darcs/format": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.fossil",
    category: "exposed-file",
    protocol: "http",
    title: "Fossil checkout database (.fslckout) exposed",
    severity: "medium",
    description:
      "The site serves the SQLite database of a Fossil checkout: the files under version control, their hashes, " +
      "the path of the repository on the server and the checkout's settings.",
    remediation:
      "Deny access to .fslckout and _FOSSIL_ on the web server, and deploy with fossil tarball or a clean copy " +
      "rather than an open checkout.",
    references: ["https://fossil-scm.org/home/doc/trunk/www/tech_overview.wiki", ...VCS_REFS],
    cwe: [527, 538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.fslckout", "/_FOSSIL_"],
        match: [OK_OR_PARTIAL, { magic: SQLITE }],
        matched: "SQLite database (Fossil checkout)",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/.fslckout": {
            headers: { "content-type": "application/octet-stream" },
            body: Buffer.concat([Buffer.from("SQLite format 3\0", "latin1"), Buffer.alloc(84)]),
          },
        },
      },
      clean: { server: "apache", routes: { "/.fslckout": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.perforce",
    category: "exposed-file",
    protocol: "http",
    title: "Perforce client settings or tickets exposed (.p4config, .p4tickets)",
    severity: "medium",
    description:
      "The site serves a Perforce client file: .p4config names the server, user and workspace (sometimes with the " +
      "password in P4PASSWD), and .p4tickets holds login tickets that open the depot without a password.",
    remediation:
      "Remove the files from the web root and deny dotfiles; run p4 logout -a for the ticket's user and change any " +
      "password the file held.",
    references: ["https://www.perforce.com/manuals/cmdref/Content/CmdRef/P4CONFIG.html", ...VCS_REFS],
    cwe: [538, 522],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.p4config"],
        match: [OK, NOT_HTML, { regex: [/^P4PORT=\S+/m, /^P4(USER|CLIENT|PASSWD)=\S+/m] }],
        judge: (r) =>
          /^P4PASSWD=\S{3,}/m.test(r.body)
            ? { matched: "P4PASSWD=…", severity: "high" }
            : { matched: /^P4PORT=\S+/m.exec(r.body)![0] },
      },
      {
        paths: ["/.p4tickets"],
        match: [OK, NOT_HTML, { regex: [/^[\w.-]+:\d+=[^:\s]+:[0-9A-F]{32}\s*$/m] }],
        judge: (r) => ({ matched: /^[\w.-]+:\d+=[^:\s]+:/m.exec(r.body)![0] + "…", severity: "critical" }),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: { "/.p4config": text("P4PORT=ssl:perforce.example.com:1666\nP4USER=build\nP4CLIENT=web-prod\n") },
        },
        {
          server: "nginx",
          routes: { "/.p4config": text("P4PORT=perforce:1666\nP4USER=build\nP4PASSWD=Winter2026\n") },
          expect: { severity: "high" },
        },
        {
          server: "nginx",
          routes: { "/.p4tickets": text("perforce.example.com:1666=build:8F2C4E6A1B3D5F7092A4C6E8B0D2F415\n") },
          expect: { severity: "critical" },
        },
      ],
      clean: { server: "nginx", routes: { "/.p4config": { status: 403 }, "/.p4tickets": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.git-remote-credentials",
    category: "exposed-file",
    protocol: "http",
    title: "Git remote URL with credentials exposed (.git/config)",
    severity: "critical",
    description:
      "The site serves its .git/config, and a remote's URL carries a user name and password or access token: " +
      "whoever reads it can clone, and often push to, the repository on the source-code host.",
    remediation:
      "Revoke the token or change the password at the source-code host, then deny access to /.git and use a " +
      "credential helper or a deploy key instead of credentials in URLs.",
    references: ["https://git-scm.com/docs/gitcredentials", cwe(798), ...VCS_REFS],
    cwe: [798, 538],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.git/config"],
        match: [
          OK_OR_PARTIAL,
          NOT_HTML,
          { regex: [/^\s*\[remote /m, /^\s*url\s*=\s*https?:\/\/[^:@\s/]+:[^@\s/]{3,}@/m] },
        ],
        judge: (r) => ({ matched: /url\s*=\s*https?:\/\/[^:@\s/]+:/.exec(r.body)![0] + "…@…" }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.git/config": text(
            "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n" +
              '[remote "origin"]\n\turl = https://deploy:glpat-x2Rk9v7QmZ3sT1yW8pLc@gitlab.example.com/shop/web.git\n' +
              "\tfetch = +refs/heads/*:refs/remotes/origin/*\n",
          ),
        },
      },
      // The same repository exposed with an SSH remote: the repository is http.exposed.git, no credential here.
      clean: {
        server: "nginx",
        routes: {
          "/.git/config": text(
            '[core]\n\trepositoryformatversion = 0\n[remote "origin"]\n\turl = git@github.com:acme/shop.git\n',
          ),
        },
      },
    },
  },
  {
    kind: "http.exposed.gitconfig",
    category: "exposed-file",
    protocol: "http",
    title: "User's git settings exposed (.gitconfig)",
    severity: "low",
    description:
      "The site serves a user's .gitconfig: the name and e-mail address of the person deploying, their aliases and " +
      "credential helper, a sign that a home directory is the web root.",
    remediation: "Remove dotfiles from the web root, deny /.git* on the web server, and serve a dedicated folder.",
    references: ["https://git-scm.com/docs/git-config#FILES", cwe(538)],
    cwe: [538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.gitconfig"],
        match: [OK, NOT_HTML, { regex: [/^\s*\[user\]\s*$/m, /^\s*(name|email)\s*=\s*\S+/m] }],
        extract: [{ name: "email", regex: /^\s*email\s*=\s*(\S+@\S+)/m }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/.gitconfig": text(
            "[user]\n\tname = Jane Doe\n\temail = jane@example.com\n[credential]\n\thelper = store\n" +
              "[alias]\n\tco = checkout\n",
          ),
        },
        expect: { extracted: { email: "jane@example.com" } },
      },
      clean: { server: "apache", routes: {} },
    },
  },
]);
