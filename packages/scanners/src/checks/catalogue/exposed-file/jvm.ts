// Java applications' configuration served as files: WEB-INF's deployment descriptor, Spring Boot's application
// settings, Hibernate's, Tomcat's users and contexts, and the build and migration tools' settings (Maven, Gradle,
// Liquibase, Flyway). Proven by each file's own elements and keys.
import {
  checks,
  CVSS_CREDENTIALS,
  CVSS_READ_HIGH,
  CVSS_READ_LOW,
  cwe,
  NOT_HTML,
  OK,
  OWASP_FILES,
  secretsRaise,
  text,
} from "../../declare.ts";

const REFS = [OWASP_FILES, cwe(538)];
const xml = (body: string) =>
  text(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, { "content-type": "application/xml" });

export default checks([
  {
    kind: "http.exposed.web-inf",
    category: "exposed-file",
    protocol: "http",
    title: "Java WEB-INF folder exposed (WEB-INF/web.xml)",
    severity: "high",
    description:
      "The site serves WEB-INF/web.xml, which a servlet container never serves: a proxy or static server in front " +
      "sends the application's private folder, so its classes, libraries and configuration can be downloaded too.",
    remediation:
      "Deny /WEB-INF and /META-INF on the web server or proxy in front of the container (nginx: location ~* " +
      "^/(WEB|META)-INF/ { deny all; }), and serve only the static folder from it.",
    references: ["https://jakarta.ee/specifications/servlet/6.0/jakarta-servlet-spec-6.0#directory-structure", ...REFS],
    cwe: [538, 552],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/WEB-INF/web.xml", "/web-inf/web.xml"],
        match: [
          OK,
          NOT_HTML,
          { regex: [/<web-app[\s>]/, /<(servlet|filter|listener|display-name|welcome-file-list|context-param)>/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/WEB-INF/web.xml": xml(
            '<web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">\n  ' +
              "<display-name>shop</display-name>\n" +
              "  <servlet>\n    <servlet-name>api</servlet-name>\n    " +
              "<servlet-class>com.acme.ApiServlet</servlet-class>\n" +
              "  </servlet>\n</web-app>\n",
          ),
        },
      },
      clean: { server: "tomcat", routes: {} },
    },
  },
  {
    kind: "http.exposed.spring-config",
    category: "exposed-file",
    protocol: "http",
    title: "Spring Boot application settings exposed (application.properties, application.yml)",
    severity: "medium",
    description:
      "The site serves a Spring Boot application's settings: the data source URL and credentials, mail and cache " +
      "servers, security and actuator settings, and API keys of the services it calls.",
    remediation:
      "Keep the settings inside the jar or outside the web root, move secrets to the environment or a vault, and " +
      "change any password the file held.",
    references: ["https://docs.spring.io/spring-boot/reference/features/external-config.html", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/application.properties", "/WEB-INF/classes/application.properties"],
        match: [OK, NOT_HTML, { regex: [/^\s*(spring|server|management|logging)\.[\w.-]+\s*[=:]/m] }],
        judge: secretsRaise("critical", "spring.… ="),
      },
      {
        paths: ["/application.yml"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [/^spring:\s*$/m, /^\s+(datasource|application|jpa|profiles|security|mail|redis|data|cloud):\s*$/m],
          },
        ],
        judge: secretsRaise("critical", "spring: datasource: …"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/application.properties": text(
              "server.port=8080\nspring.datasource.url=jdbc:postgresql://db:5432/shop\n" +
                "spring.datasource.username=shop\nspring.datasource.password=Kq8!vT3m\n",
            ),
          },
          expect: { severity: "critical" },
        },
        {
          server: "apache",
          routes: {
            "/application.yml": text(
              "spring:\n  application:\n    name: orders\n  datasource:\n    url: jdbc:mysql://db/orders\n" +
                "    password: ${DB_PASSWORD}\n",
            ),
          },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.hibernate-config",
    category: "exposed-file",
    protocol: "http",
    title: "Hibernate configuration exposed (hibernate.cfg.xml)",
    severity: "medium",
    description:
      "The site serves hibernate.cfg.xml: the JDBC URL of the database, its driver and dialect, the mapped entities, " +
      "and the database user and password when they are set there.",
    remediation:
      "Keep the file inside the application's classes (never the web root), and change the password it held.",
    references: [
      "https://docs.jboss.org/hibernate/orm/6.4/userguide/html_single/Hibernate_User_Guide.html#configuration",
      ...REFS,
    ],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/hibernate.cfg.xml", "/WEB-INF/classes/hibernate.cfg.xml"],
        match: [OK, NOT_HTML, { regex: [/<hibernate-configuration[\s>]/, /<session-factory[\s>]/] }],
        judge: secretsRaise("critical", "<session-factory> connection.url …"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/hibernate.cfg.xml": xml(
            '<hibernate-configuration>\n  <session-factory>\n    <property name="connection.url">jdbc:mysql://' +
              'db/shop</property>\n    <property name="connection.username">shop</property>\n    <property ' +
              'name="connection.password">Vm2!qR7k</property>\n  </session-factory>\n</hibernate-configuration>\n',
          ),
        },
        expect: { severity: "critical" },
      },
      clean: { server: "tomcat", routes: {} },
    },
  },
  {
    kind: "http.exposed.tomcat-users",
    category: "exposed-file",
    protocol: "http",
    title: "Tomcat user database exposed (tomcat-users.xml)",
    severity: "critical",
    description:
      "The site serves Tomcat's tomcat-users.xml with users and passwords: an account with the manager-gui or " +
      "manager-script role deploys a WAR, which is code execution on the server.",
    remediation:
      "Remove the file from the web root, change the passwords of every user in it, and restrict the Manager " +
      "application to administrators' addresses (RemoteAddrValve).",
    references: [
      "https://tomcat.apache.org/tomcat-10.1-doc/manager-howto.html#Configuring_Manager_Application_Access",
      ...REFS,
    ],
    cwe: [538, 522],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/tomcat-users.xml", "/conf/tomcat-users.xml"],
        match: [OK, NOT_HTML, { regex: [/<tomcat-users[\s>]/, /<user\s[^>]*password\s*=/] }],
        // The stock file has its users commented out: only a live <user> with a password counts.
        judge: (r) => {
          const live = r.body.replace(/<!--[\s\S]*?-->/g, "");
          const user = /<user\s[^>]*username\s*=\s*"([^"]+)"[^>]*password\s*=\s*"[^"]+"[^>]*>/.exec(live);
          const roles = user && /roles\s*=\s*"([^"]*)"/.exec(user[0]);
          return user ? { matched: `<user username="${user[1]}" password="…" roles="${roles?.[1] ?? ""}"/>` } : null;
        },
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/conf/tomcat-users.xml": xml(
            '<tomcat-users xmlns="http://tomcat.apache.org/xml" version="1.0">\n  <role rolename="manager-gui"/>\n' +
              '  <user username="deploy" password="Tomcat2026!" ' +
              'roles="manager-gui,manager-script"/>\n</tomcat-users>\n',
          ),
        },
      },
      // Tomcat's stock file: every user commented out.
      clean: {
        server: "nginx",
        routes: {
          "/tomcat-users.xml": xml(
            '<tomcat-users xmlns="http://tomcat.apache.org/xml" version="1.0">\n<!--\n  <user username="admin" ' +
              'password="<must-be-changed>" roles="manager-gui"/>\n-->\n</tomcat-users>\n',
          ),
        },
      },
    },
  },
  {
    kind: "http.exposed.tomcat-context",
    category: "exposed-file",
    protocol: "http",
    title: "Tomcat application context exposed (META-INF/context.xml)",
    severity: "high",
    description:
      "The site serves an application's META-INF/context.xml: its JNDI resources, usually the data source with the " +
      "database URL, user and password, and mail sessions with theirs.",
    remediation:
      "Deny /META-INF and /WEB-INF in front of the container, keep resources in conf/ of the server, and change the " +
      "passwords the file held.",
    references: ["https://tomcat.apache.org/tomcat-10.1-doc/config/context.html", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/META-INF/context.xml"],
        match: [OK, NOT_HTML, { regex: [/<Context[\s>]/, /<(Resource|Environment|Realm|Parameter)\s/] }],
        judge: secretsRaise("critical", "<Context> <Resource …/>"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/META-INF/context.xml": xml(
            '<Context>\n  <Resource name="jdbc/shop" auth="Container" type="javax.sql.DataSource"\n' +
              '            username="shop" password="Bx4!tq9L" driverClassName="org.postgresql.Driver"\n' +
              '            url="jdbc:postgresql://db:5432/shop"/>\n</Context>\n',
          ),
        },
        expect: { severity: "critical" },
      },
      clean: { server: "apache", routes: { "/META-INF/context.xml": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.maven-settings",
    category: "exposed-file",
    protocol: "http",
    title: "Maven settings with repository credentials exposed (settings.xml)",
    severity: "medium",
    description:
      "The site serves a Maven settings.xml: the organisation's internal repositories and mirrors, and in <servers> " +
      "the user names and passwords or tokens used to download and publish artifacts.",
    remediation:
      "Remove the file from the web root, change the passwords or tokens in <servers>, and encrypt them " +
      "(mvn --encrypt-password) or pass them from the environment.",
    references: ["https://maven.apache.org/settings.html#servers", ...REFS],
    cwe: [538, 522],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/settings.xml", "/.m2/settings.xml"],
        match: [OK, NOT_HTML, { regex: [/<settings[\s>]/, /<(servers|mirrors|profiles|localRepository)>/] }],
        judge: secretsRaise("critical", "<settings> <mirrors> …"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.m2/settings.xml": xml(
            '<settings xmlns="http://maven.apache.org/SETTINGS/1.0.0">\n  <servers>\n    <server>\n      ' +
              "<id>nexus-releases</id>\n      <username>ci</username>\n      <password>Nx7!pq2Zr</password>\n    " +
              "</server>\n  </servers>\n</settings>\n",
          ),
        },
        expect: { severity: "critical" },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.gradle-properties",
    category: "exposed-file",
    protocol: "http",
    title: "Gradle properties exposed (gradle.properties)",
    severity: "low",
    description:
      "The site serves a gradle.properties: build settings and, often, the credentials of artifact repositories and " +
      "the passwords of signing keys (signing.password, the keystore's).",
    remediation:
      "Keep gradle.properties out of the web root, and credentials in ~/.gradle or the CI's secret store; change " +
      "any it held.",
    references: [
      "https://docs.gradle.org/current/userguide/build_environment.html#sec:gradle_configuration_properties",
      ...REFS,
    ],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/gradle.properties"],
        match: [OK, NOT_HTML, { regex: [/^\s*(org\.gradle|android|kotlin|systemProp)\.[\w.]+\s*=/m] }],
        judge: secretsRaise("critical", "org.gradle.… ="),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/gradle.properties": text(
            "org.gradle.jvmargs=-Xmx2048m\nandroid.useAndroidX=true\nsigning.keyId=24875D73\n" +
              "signing.password=Gq5!mT8w\nossrhUsername=acme\n",
          ),
        },
        expect: { severity: "critical" },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.db-migration-config",
    category: "exposed-file",
    protocol: "http",
    title: "Database migration settings exposed (liquibase.properties, flyway.conf)",
    severity: "low",
    description:
      "The site serves Liquibase's or Flyway's settings: the JDBC URL of the database the migrations run against, " +
      "and its user and password when they are written there.",
    remediation:
      "Keep migration settings outside the web root, pass credentials from the environment, and change any the file " +
      "held.",
    references: [
      "https://docs.liquibase.com/concepts/connections/creating-config-properties.html",
      "https://documentation.red-gate.com/fd/configuration-files-224003079.html",
      ...REFS,
    ],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/liquibase.properties"],
        match: [OK, NOT_HTML, { regex: [/^\s*(changeLogFile|changelog-file)\s*[:=]/m, /^\s*url\s*[:=]\s*jdbc:/m] }],
        judge: secretsRaise("critical", "url: jdbc:…"),
      },
      {
        paths: ["/flyway.conf", "/conf/flyway.conf"],
        match: [OK, NOT_HTML, { regex: [/^\s*flyway\.url\s*=\s*jdbc:/m] }],
        judge: secretsRaise("critical", "flyway.url=jdbc:…"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/liquibase.properties": text(
              "changeLogFile: db/changelog/db.changelog-master.yaml\nurl: jdbc:postgresql://db:5432/shop\n" +
                "username: liquibase\npassword: Lq3!vN8p\n",
            ),
          },
          expect: { severity: "critical" },
        },
        {
          server: "apache",
          routes: { "/flyway.conf": text("flyway.url=jdbc:mysql://db:3306/shop\nflyway.user=${FLYWAY_USER}\n") },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
]);
