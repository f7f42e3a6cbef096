// Endpoints where a service's internals answer anyone: the service registry of a microservice estate (Eureka), its
// configuration server (Spring Cloud Config), MicroProfile health with its checks' data, Hadoop's JMX servlet,
// SAP's system information and FrontPage's configuration file.
import { checks, html, json, JSON_TYPE, NOT_HTML, OK } from "../../declare.ts";

const xml = (body: string) => ({ status: 200, headers: { "content-type": "application/xml" }, body });

export default checks([
  {
    kind: "http.exposed.eureka-registry",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Eureka service registry exposed",
    severity: "medium",
    description:
      "A Netflix Eureka server lists every registered service instance (names, internal addresses, ports, health " +
      "URLs) to anyone: the map of the microservice estate. Eureka without security also accepts registrations, so " +
      "an outsider can register an instance and receive other services' traffic.",
    remediation:
      "Protect the Eureka server with Spring Security (HTTP Basic for clients: eureka.client.service-url with " +
      "credentials) and keep it on the internal network.",
    references: [
      "https://cloud.spring.io/spring-cloud-netflix/reference/html/#securing-the-eureka-server",
      "https://cwe.mitre.org/data/definitions/306.html",
    ],
    cwe: [306, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N",
    http: [
      {
        paths: ["/eureka/apps", "/apps"],
        match: [OK, { regex: [/<applications>/, /<apps__hashcode>/] }, NOT_HTML],
        extract: [{ name: "services", regex: /<application>\s*<name>([^<]+)<\/name>/, all: true }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/eureka/apps": xml(
            "<applications>\n  <versions__delta>1</versions__delta>\n  <apps__hashcode>UP_2_</apps__hashcode>\n" +
              "  <application>\n    <name>ORDER-SERVICE</name>\n    <instance>\n      <instanceId>10.0.1.12:order-" +
              "service:8080</instanceId>\n      <hostName>10.0.1.12</hostName>\n      <app>ORDER-SERVICE</app>\n" +
              '      <ipAddr>10.0.1.12</ipAddr>\n      <status>UP</status>\n      <port enabled="true">8080</port>\n' +
              "    </instance>\n  </application>\n  <application>\n    <name>PAYMENT-SERVICE</name>\n    <instance>\n" +
              "      <hostName>10.0.1.15</hostName>\n      <status>UP</status>\n    </instance>\n  </application>\n" +
              "</applications>\n",
          ),
        },
        expect: { extracted: { services: ["ORDER-SERVICE", "PAYMENT-SERVICE"] } },
      },
      clean: { server: "tomcat", routes: { "/eureka/apps": { status: 401 } } },
    },
  },
  {
    kind: "http.exposed.spring-cloud-config",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Spring Cloud Config server answers without authentication",
    severity: "high",
    description:
      "A Spring Cloud Config server hands out the applications' configuration to anyone who asks for an " +
      "application and profile: database URLs and passwords, API keys and other secrets kept in its repository.",
    remediation:
      "Require authentication on the config server (spring-boot-starter-security with credentials in the clients' " +
      "spring.cloud.config.username/password), keep it internal, and encrypt secrets ({cipher} values or Vault).",
    references: [
      "https://docs.spring.io/spring-cloud-config/reference/server/security.html",
      "https://cwe.mitre.org/data/definitions/522.html",
    ],
    cwe: [306, 522],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    http: [
      {
        paths: ["/application/default", "/application/prod", "/application/production"],
        match: [
          OK,
          JSON_TYPE,
          {
            json: {
              name: "string",
              profiles: "array",
              "propertySources[].name": "string",
              "propertySources[].source": "object",
            },
          },
        ],
        extract: [{ name: "sources", json: "propertySources[].name" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/application/default": json({
            name: "application",
            profiles: ["default"],
            label: null,
            version: "3f9c2e1a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e",
            state: null,
            propertySources: [
              {
                name: "https://git.acme.test/platform/config-repo.git/application.yml",
                source: {
                  "spring.datasource.url": "jdbc:postgresql://db.internal:5432/orders",
                  "spring.datasource.password": "S3cr3t-Db-Pass",
                },
              },
            ],
          }),
        },
        expect: { extracted: { sources: ["https://git.acme.test/platform/config-repo.git/application.yml"] } },
      },
      clean: { server: "tomcat", routes: { "/application/default": { status: 401 } } },
    },
  },
  {
    kind: "http.exposed.microprofile-health",
    category: "exposed-endpoint",
    protocol: "http",
    title: "MicroProfile health checks with their data exposed",
    severity: "low",
    description:
      "A MicroProfile Health endpoint (Quarkus, Open Liberty, Payara, Helidon, WildFly) answers with each check's " +
      "name and data: the databases, brokers and services the application depends on and their state.",
    remediation:
      "Serve health on a management port that is not published (quarkus.management.enabled=true; Liberty's " +
      "mpHealth behind the admin endpoint), or return only the overall status to unauthenticated callers.",
    references: [
      "https://download.eclipse.org/microprofile/microprofile-health-4.0/microprofile-health-spec-4.0.html",
      "https://cwe.mitre.org/data/definitions/200.html",
    ],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    http: [
      {
        paths: ["/q/health", "/health", "/health/ready", "/q/health/ready"],
        match: [
          OK,
          JSON_TYPE,
          { json: { status: /^(UP|DOWN)$/, "checks[].name": "string", "checks[].data": "object" } },
        ],
        extract: [{ name: "checks", json: "checks[].name" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/q/health": json({
            status: "UP",
            checks: [
              { name: "Database connections health check", status: "UP", data: { "<default>": "UP" } },
              { name: "SmallRye Reactive Messaging - readiness check", status: "UP", data: { orders: "[OK]" } },
            ],
          }),
        },
        expect: {
          extracted: {
            checks: ["Database connections health check", "SmallRye Reactive Messaging - readiness check"],
          },
        },
      },
      // Only the overall status for the public.
      clean: { server: "go", routes: { "/q/health": json({ status: "UP", checks: [] }) } },
    },
  },
  {
    kind: "http.exposed.hadoop-jmx",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Hadoop JMX servlet exposed",
    severity: "medium",
    description:
      "The JMX JSON servlet of a Hadoop daemon (NameNode, ResourceManager, HBase, Hive) answers anyone with its " +
      "managed beans: the JVM's arguments and system properties (paths, users, sometimes passwords passed as -D " +
      "flags) and the cluster's internals.",
    remediation:
      "Enable Kerberos SPNEGO authentication on the web UIs (hadoop.http.authentication.type=kerberos) and keep " +
      "the daemons' HTTP ports on the cluster network.",
    references: [
      "https://hadoop.apache.org/docs/stable/hadoop-project-dist/hadoop-common/HttpAuthentication.html",
      "https://cwe.mitre.org/data/definitions/200.html",
    ],
    cwe: [200, 306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    http: [
      {
        paths: ["/jmx?qry=java.lang:type=Runtime"],
        match: [
          OK,
          JSON_TYPE,
          { json: { "beans[].name": /^java\.lang:type=Runtime$/, "beans[].modelerType": "string" } },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/jmx?qry=java.lang:type=Runtime": json({
            beans: [
              {
                name: "java.lang:type=Runtime",
                modelerType: "sun.management.RuntimeImpl",
                InputArguments: ["-Dproc_namenode", "-Xmx4g", "-Dhadoop.security.logger=INFO,RFAS"],
                VmName: "OpenJDK 64-Bit Server VM",
                SystemProperties: [{ key: "user.name", value: "hdfs" }],
              },
            ],
          }),
        },
      },
      clean: { server: "jetty", routes: { "/jmx?qry=java.lang:type=Runtime": { status: 401 } } },
    },
  },
  {
    kind: "http.exposed.sap-public-info",
    category: "exposed-endpoint",
    protocol: "http",
    title: "SAP system information exposed (/sap/public/info)",
    severity: "medium",
    description:
      "An SAP NetWeaver ABAP system answers /sap/public/info to anyone: its system ID, host names, kernel and " +
      "release, database and operating system, which tell which SAP security notes it is missing.",
    remediation:
      "Deactivate the /sap/public/info service in transaction SICF (or restrict it in the Web Dispatcher), as SAP " +
      "recommends.",
    references: ["https://me.sap.com/notes/1871340", "https://cwe.mitre.org/data/definitions/200.html"],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    http: [
      {
        paths: ["/sap/public/info"],
        match: [OK, { regex: [/<RFCSI_EXPORT>|RFC_SYSTEM_INFO\.Response/, /<RFCSYSID>/] }, NOT_HTML],
        extract: [
          { name: "system", regex: /<RFCSYSID>([^<]+)<\/RFCSYSID>/ },
          { name: "version", regex: /<RFCSAPRL>([^<]+)<\/RFCSAPRL>/ },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/sap/public/info": xml(
            '<?xml version="1.0" encoding="utf-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/' +
              'soap/envelope/"><SOAP-ENV:Body><rfc:RFC_SYSTEM_INFO.Response xmlns:rfc="urn:sap-com:document:sap:rfc:' +
              'functions"><RFCSI><RFCSI_EXPORT><RFCPROTO>011</RFCPROTO><RFCCHARTYP>4103</RFCCHARTYP><RFCHOST>sapprd01' +
              "</RFCHOST><RFCSYSID>PRD</RFCSYSID><RFCDATABS>PRD</RFCDATABS><RFCDBHOST>sapdb01</RFCDBHOST><RFCDB" +
              "SYS>HDB" +
              "</RFCDBSYS><RFCSAPRL>757</RFCSAPRL><RFCOPSYS>Linux</RFCOPSYS><RFCKERNRL>785</RFCKERNRL></RFCSI_EXPORT>" +
              "</RFCSI></rfc:RFC_SYSTEM_INFO.Response></SOAP-ENV:Body></SOAP-ENV:Envelope>",
          ),
        },
        expect: { extracted: { system: "PRD", version: "757" } },
      },
      clean: { server: "go", routes: { "/sap/public/info": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.frontpage-extensions",
    category: "exposed-endpoint",
    protocol: "http",
    title: "FrontPage Server Extensions exposed",
    severity: "medium",
    description:
      "The site publishes its FrontPage Server Extensions configuration (_vti_inf.html): a long-retired authoring " +
      "interface whose author and admin DLLs have let outsiders list, upload and change files when misconfigured.",
    remediation:
      "Uninstall the FrontPage Server Extensions (retired since 2006) and remove the _vti_* directories; publish " +
      "with WebDAV over HTTPS or SFTP instead.",
    references: [
      "https://learn.microsoft.com/en-us/previous-versions/office/developer/office-2003/ms454298(v=office.11)",
      "https://cwe.mitre.org/data/definitions/1104.html",
    ],
    cwe: [1104, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    http: [
      {
        paths: ["/_vti_inf.html"],
        match: [OK, { regex: [/FrontPage Configuration Information/, /FPAuthorScriptUrl=/] }],
        extract: [{ name: "version", regex: /FPVersion="([\d.]+)"/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/_vti_inf.html": html(
            "<html><head><title>_vti_inf.html</title></head><body>\n<!-- FrontPage Configuration Information\n" +
              '    FPVersion="5.0.2.6790"\n    FPShtmlScriptUrl="_vti_bin/shtml.dll/_vti_rpc"\n    FPAuthorScriptUrl=' +
              '"_vti_bin/_vti_aut/author.dll"\n    FPAdminScriptUrl="_vti_bin/_vti_adm/admin.dll"\n    TPScriptUrl=' +
              '"_vti_bin/owssvr.dll"\n-->\n</body></html>\n',
          ),
        },
        expect: { extracted: { version: "5.0.2.6790" } },
      },
      clean: { server: "iis", routes: {} },
    },
  },
]);
