// IDE project folders deployed with the site: JetBrains (.idea), VS Code (.vscode), NetBeans (nbproject) and Eclipse
// (.project, .classpath). Proven by their XML or JSON shapes; raised when they hold a secret (shown masked).
import {
  checks,
  CVSS_READ_HIGH,
  CVSS_READ_LOW,
  cwe,
  json,
  NOT_HTML,
  OK,
  OWASP_FILES,
  secretsRaise,
  text,
} from "../../declare.ts";

const REFS = [cwe(538), OWASP_FILES];
const DEPLOY = "Deploy from a clean build (git archive, CI artefact) rather than a copy of the workstation's folder,";

export default checks([
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
              '<?xml version="1.0" encoding="UTF-8"?>\n<project version="4">\n  <component ' +
                'name="ChangeListManager">\n' +
                '    <list default="true" id="1" name="Changes" />\n  </component>\n  <component name="RunManager">\n' +
                '    <configuration name="serve" type="PhpLocalRunConfigurationType">\n      <envs>\n' +
                '        <env name="STRIPE_SECRET" value="sk_live_51Hx9qLmQ2e" />\n      </envs>\n    ' +
                "</configuration>\n" +
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
              '<?xml version="1.0" encoding="UTF-8"?>\n<project version="4">\n  <component ' +
                'name="ProjectModuleManager">\n' +
                '    <modules>\n      <module fileurl="file://$PROJECT_DIR$/.idea/shop.iml" ' +
                'filepath="$PROJECT_DIR$/.idea/shop.iml" />\n' +
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
            '<?xml version="1.0" encoding="UTF-8"?>\n<project version="4">\n  <component ' +
              'name="DataSourceManagerImpl" ' +
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
            '<?xml version="1.0" encoding="UTF-8"?>\n<projectDescription>\n\t<name>shop-web</name>\n\t' +
              "<comment></comment>\n" +
              "\t<buildSpec>\n\t\t<buildCommand>\n\t\t\t<name>org.eclipse.jdt.core.javabuilder</name>\n\t\t" +
              "</buildCommand>\n" +
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
]);
