// Editors' and operating systems' artefacts copied to the server with the site: Windows' Thumbs.db and desktop.ini,
// macOS' AppleDouble files, JetBrains, VS Code, NetBeans and Eclipse project folders, Emacs auto-saves and Vim's
// viminfo. Proven by their magic bytes or their own syntax; the file name alone proves nothing.
import {
  binary,
  checks,
  CVSS_READ_HIGH,
  CVSS_READ_LOW,
  cwe,
  json,
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
      "The site serves desktop.ini, Explorer's folder settings: a sign the site was copied from a Windows workstation " +
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
    remediation: `${DEPLOY} run dot_clean (or find . -name '._*' -delete) before deploying, and deny names starting with "._".`,
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
    kind: "http.exposed.idea-workspace",
    category: "exposed-file",
    protocol: "http",
    title: "JetBrains project folder exposed (.idea/workspace.xml)",
    severity: "medium",
    description:
      "The site serves a JetBrains IDE's project folder (PhpStorm, IntelliJ, WebStorm, PyCharm): the workspace lists " +
      "the project's files, recent searches, run configurations with their environment, and the developer's paths.",
    remediation: `${DEPLOY} and deny /.idea/ on the web server (nginx: location ~ /\\.idea { deny all; }).`,
    references: ["https://www.jetbrains.com/help/idea/creating-and-managing-projects.html#project-formats", ...REFS],
    cwe: [538, 200],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.idea/workspace.xml", "/.idea/modules.xml", "/.idea/misc.xml"],
        match: [OK, { regex: [/<project version="4">/, /<component name="\w+"/] }],
        judge: secretsRaise("high", '<project version="4"> <component name="…">'),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/.idea/workspace.xml": text(
              '<?xml version="1.0" encoding="UTF-8"?>\n<project version="4">\n  <component name="ChangeListManager">\n' +
                '    <list default="true" id="1" name="Changes" />\n  </component>\n  <component name="RunManager">\n' +
                '    <configuration name="serve" type="PhpLocalRunConfigurationType">\n      <envs>\n' +
                '        <env name="STRIPE_SECRET" value="sk_live_51Hx9qLmQ2e" />\n      </envs>\n    </configuration>\n' +
                "  </component>\n</project>\n",
              { "content-type": "application/xml" },
            ),
          },
          expect: { severity: "high" },
        },
        {
          server: "apache",
          routes: {
            "/.idea/modules.xml": text(
              '<?xml version="1.0" encoding="UTF-8"?>\n<project version="4">\n  <component name="ProjectModuleManager">\n' +
                '    <modules>\n      <module fileurl="file://$PROJECT_DIR$/.idea/shop.iml" filepath="$PROJECT_DIR$/.idea/shop.iml" />\n' +
                "    </modules>\n  </component>\n</project>\n",
            ),
          },
          expect: { severity: "medium" },
        },
      ],
      clean: { server: "nginx", routes: { "/.idea/workspace.xml": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.idea-datasources",
    category: "exposed-file",
    protocol: "http",
    title: "JetBrains database connections exposed (.idea/dataSources.xml)",
    severity: "high",
    description:
      "The site serves the database connections a JetBrains IDE keeps for the project: JDBC URLs with hosts, ports, " +
      "databases and users (and passwords when they were written into the URL or the local file).",
    remediation: `${DEPLOY} deny /.idea/, and change the passwords of the databases it names.`,
    references: ["https://www.jetbrains.com/help/idea/configuring-database-connections.html", ...REFS],
    cwe: [538, 256],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/.idea/dataSources.xml", "/.idea/dataSources.local.xml"],
        match: [
          OK,
          { regex: [/<component name="DataSource(ManagerImpl|Storage)"/, /<(jdbc-url|data-source|user-name)\b/] },
        ],
        extract: [{ name: "url", regex: /<jdbc-url>(jdbc:\w+:\/\/[^/<]+)/ }],
        judge: secretsRaise("critical", '<component name="DataSourceManagerImpl"> <jdbc-url>…'),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.idea/dataSources.xml": text(
            '<?xml version="1.0" encoding="UTF-8"?>\n<project version="4">\n  <component name="DataSourceManagerImpl" ' +
              'format="xml" multifile-model="true">\n    <data-source source="LOCAL" name="shop@prod" uuid="2f1e">\n' +
              "      <driver-ref>postgresql</driver-ref>\n      <jdbc-driver>org.postgresql.Driver</jdbc-driver>\n" +
              "      <jdbc-url>jdbc:postgresql://10.0.2.5:5432/shop</jdbc-url>\n    </data-source>\n  </component>\n" +
              "</project>\n",
          ),
        },
        expect: { extracted: { url: "jdbc:postgresql://10.0.2.5:5432" } },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.vscode-workspace",
    category: "exposed-file",
    protocol: "http",
    title: "VS Code workspace settings exposed (.vscode/settings.json, launch.json)",
    severity: "low",
    description:
      "The site serves the project's .vscode folder: editor settings, debug and task configurations with their " +
      "environment and paths; raised to high when they hold a password or token (database connections, env).",
    remediation: `${DEPLOY} deny /.vscode/ on the web server, and rotate any secret the files hold.`,
    references: ["https://code.visualstudio.com/docs/editor/debugging#_launch-configurations", ...REFS],
    cwe: [538, 200],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.vscode/settings.json"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^\s*\{/] },
          {
            regex: [/"(editor|files|workbench|search|python|eslint|typescript|php|intelephense|sqltools)\.[\w.]+"\s*:/],
          },
        ],
        judge: secretsRaise("high", '"editor.…": …'),
      },
      {
        paths: ["/.vscode/launch.json", "/.vscode/tasks.json"],
        match: [OK, NOT_HTML, { regex: [/"version"\s*:\s*"[\d.]+"/, /"(configurations|tasks)"\s*:\s*\[/] }],
        judge: secretsRaise("high", '"version": "0.2.0", "configurations": […]'),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/.vscode/settings.json": text(
              '{\n  "editor.formatOnSave": true,\n  "sqltools.connections": [\n    {\n      "name": "prod",\n' +
                '      "driver": "MySQL",\n      "server": "10.0.2.5",\n      "username": "shop",\n' +
                '      "password": "Pq7#mx02"\n    }\n  ]\n}\n',
              { "content-type": "application/json" },
            ),
          },
          expect: { severity: "high" },
        },
        {
          server: "express",
          routes: {
            "/.vscode/launch.json": json({
              version: "0.2.0",
              configurations: [
                { type: "node", request: "launch", name: "server", program: "${workspaceFolder}/app.js" },
              ],
            }),
          },
          expect: { severity: "low" },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.netbeans-project",
    category: "exposed-file",
    protocol: "http",
    title: "NetBeans project folder exposed (nbproject/)",
    severity: "medium",
    description:
      "The site serves NetBeans' project folder: the project's layout and source paths, and in private.properties " +
      "the deployment server, its user and sometimes its password.",
    remediation: `${DEPLOY} deny /nbproject/ on the web server, and change any deployment password it holds.`,
    references: ["https://netbeans.apache.org/tutorial/main/kb/docs/php/project-setup/", ...REFS],
    cwe: [538, 256],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/nbproject/project.xml"],
        match: [OK, { regex: [/<project xmlns="http:\/\/www\.netbeans\.org\/ns\/project\/1"/] }],
        extract: [{ name: "name", regex: /<name>([^<]+)<\/name>/ }],
        matched: '<project xmlns="http://www.netbeans.org/ns/project/1">',
      },
      {
        paths: ["/nbproject/project.properties", "/nbproject/private/private.properties"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/^(src\.dir|source\.encoding|web\.root|include\.path|copy\.src\.\w+|remote\.\w+)=/m] },
        ],
        judge: secretsRaise("critical", "src.dir=… web.root=…"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/nbproject/project.xml": text(
              '<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns="http://www.netbeans.org/ns/project/1">\n' +
                "    <type>org.netbeans.modules.php.project</type>\n    <configuration>\n" +
                '        <data xmlns="http://www.netbeans.org/ns/php-project/1">\n            <name>shop</name>\n' +
                "        </data>\n    </configuration>\n</project>\n",
              { "content-type": "application/xml" },
            ),
          },
          expect: { extracted: { name: "shop" } },
        },
        {
          server: "apache",
          routes: {
            "/nbproject/private/private.properties": text(
              "copy.src.files=false\ncopy.src.target=\nremote.connection=shop-ftp\nremote.directory=/public_html\n" +
                "remote.password=Ft9!xq2L\nremote.upload=ON_SAVE\n",
            ),
          },
          expect: { severity: "critical" },
        },
      ],
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.eclipse-project",
    category: "exposed-file",
    protocol: "http",
    title: "Eclipse project files exposed (.project, .classpath)",
    severity: "low",
    description:
      "The site serves Eclipse's project files: the project's name, natures and builders, its source folders and the " +
      "libraries on its class path (names and versions an attacker can match with known flaws).",
    remediation: `${DEPLOY} deny /.project, /.classpath and /.settings/ on the web server.`,
    references: [
      "https://help.eclipse.org/latest/topic/org.eclipse.platform.doc.isv/reference/misc/project_description_file.html",
      ...REFS,
    ],
    cwe: [538],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.project"],
        match: [OK, { regex: [/<projectDescription>/, /<(natures|buildSpec)>/] }],
        extract: [{ name: "name", regex: /<projectDescription>\s*<name>([^<]+)<\/name>/ }],
        matched: "<projectDescription><name>…</name>",
      },
      {
        paths: ["/.classpath"],
        match: [OK, { regex: [/<classpath>/, /<classpathentry [^>]*kind="(src|lib|con|output)"/] }],
        matched: '<classpath><classpathentry kind="…" path="…"/>',
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/.project": text(
            '<?xml version="1.0" encoding="UTF-8"?>\n<projectDescription>\n\t<name>shop-web</name>\n\t<comment></comment>\n' +
              "\t<buildSpec>\n\t\t<buildCommand>\n\t\t\t<name>org.eclipse.jdt.core.javabuilder</name>\n\t\t</buildCommand>\n" +
              "\t</buildSpec>\n\t<natures>\n\t\t<nature>org.eclipse.jdt.core.javanature</nature>\n\t</natures>\n" +
              "</projectDescription>\n",
            { "content-type": "application/xml" },
          ),
        },
        expect: { extracted: { name: "shop-web" } },
      },
      clean: { server: "tomcat", routes: {} },
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
              "<?php\ndefine( 'DB_NAME', 'shop' );\ndefine( 'DB_USER', 'shop' );\ndefine( 'DB_PASSWORD', 'Lp3!xq9Z' );\n",
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
