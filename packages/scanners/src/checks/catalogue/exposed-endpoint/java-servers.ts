// Management and sample applications of Java application servers that answer without a login: JBoss's JMX console
// and invoker servlets, Tomcat's examples, Axis2's service list.
import { checks, html, OK, text } from "../../declare.ts";

const OWASP_ADMIN =
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/05-Enumerate_Infrastructure_and_Application_Admin_Interfaces";

export default checks([
  {
    kind: "http.exposed.jboss-jmx-console",
    category: "exposed-endpoint",
    protocol: "http",
    title: "JBoss JMX console opens without a login",
    severity: "critical",
    description:
      "JBoss's JMX console lists and invokes the server's MBeans for anyone: through the deployment scanner or " +
      "the BSH deployer an attacker deploys a WAR of their own and runs code on the server.",
    remediation:
      "Remove jmx-console.war from the deploy directory, or secure it (uncomment the security-constraint in its " +
      "WEB-INF/web.xml and set a security domain in jboss-web.xml); upgrade from unsupported JBoss AS releases.",
    references: [
      "https://access.redhat.com/solutions/30744",
      OWASP_ADMIN,
      "https://cwe.mitre.org/data/definitions/306.html",
    ],
    cwe: [306, 749],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    product: "JBoss",
    http: [
      {
        paths: ["/jmx-console/", "/jmx-console/HtmlAdaptor?action=displayMBeans"],
        match: [
          OK,
          { words: ["JBoss JMX Management Console"] },
          { regex: [/HtmlAdaptor\?action=inspectMBean&(amp;)?name=/] },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/jmx-console/": html(
            '<html>\n<head>\n   <title>JBoss JMX Management Console</title>\n   <link rel="stylesheet" ' +
              'href="style_master.css" type="text/css">\n</head>\n<body leftmargin="10" rightmargin="10">\n<table>' +
              '<tr><td><h1>JMX Agent View</h1><h3>app01</h3></td></tr></table>\n<form action="HtmlAdaptor?action=' +
              'displayMBeans" method="post" name="applyFilter">ObjectName Filter (e.g. "jboss:*", "*:service=' +
              'invoker,*") :<input type="text" name="filter" size="40" value=""></form>\n<h2 class="DomainName">' +
              'jboss.system</h2>\n<ul class="MBeanList">\n<li><a href="HtmlAdaptor?action=inspectMBean&amp;name=' +
              'jboss.system%3Atype%3DServer">type=Server</a></li>\n</ul>\n</body>\n</html>\n',
          ),
        },
      },
      clean: {
        server: "tomcat",
        routes: {
          "/jmx-console/": { status: 401, headers: { "www-authenticate": 'Basic realm="JBoss JMX Console"' } },
        },
      },
    },
  },
  {
    kind: "http.exposed.jboss-invoker",
    category: "exposed-endpoint",
    protocol: "http",
    title: "JBoss HTTP invoker servlet exposed (Java deserialisation)",
    severity: "critical",
    description:
      "JBoss's JMXInvokerServlet or EJBInvokerServlet answers with a serialised Java object: it deserialises what " +
      "it receives, and with the gadget libraries JBoss ships (Commons Collections) a crafted request runs code " +
      "(CVE-2015-7501 and others).",
    remediation:
      "Remove or secure the HTTP invoker (deploy/http-invoker.sar: restrict /invoker/* with a security " +
      "constraint), and upgrade from unsupported JBoss AS releases.",
    references: [
      "https://nvd.nist.gov/vuln/detail/CVE-2015-7501",
      "https://cwe.mitre.org/data/definitions/502.html",
      OWASP_ADMIN,
    ],
    cwe: [502, 306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    http: [
      {
        paths: ["/invoker/JMXInvokerServlet", "/invoker/EJBInvokerServlet"],
        // A Java serialisation stream: magic 0xACED, version 5.
        match: [OK, { magic: "aced0005" }],
        matched: "Java serialisation stream (AC ED 00 05)",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/invoker/JMXInvokerServlet": {
            headers: {
              "content-type": "application/x-java-serialized-object; class=org.jboss.invocation.MarshalledValue",
            },
            body: Buffer.concat([
              Buffer.from(
                "aced0005737200246f72672e6a626f73732e696e766f636174696f6e2e4d61727368616c6c656456616c7565",
                "hex",
              ),
              Buffer.alloc(16),
            ]),
          },
        },
      },
      clean: { server: "tomcat", routes: { "/invoker/JMXInvokerServlet": { status: 401 } } },
    },
  },
  {
    kind: "http.exposed.tomcat-examples",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Apache Tomcat example applications deployed",
    severity: "low",
    description:
      "Tomcat's examples web application is deployed: its servlets print request headers and let anyone read " +
      "and set session attributes (SessionExample), and old versions carry cross-site scripting flaws. It has no " +
      "place on a production server.",
    remediation: "Delete the examples (and docs) applications from webapps/ (Debian: remove tomcat*-examples).",
    references: [
      "https://tomcat.apache.org/tomcat-9.0-doc/security-howto.html#Default_web_applications",
      "https://cwe.mitre.org/data/definitions/1188.html",
    ],
    cwe: [1188, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N",
    product: "Apache Tomcat",
    http: [
      {
        paths: ["/examples/servlets/servlet/SessionExample"],
        match: [OK, { words: ["Sessions Example", "name=dataname", "name=datavalue"] }],
      },
      {
        paths: ["/examples/"],
        match: [OK, { regex: [/<title>Apache Tomcat Examples<\/title>/i, /servlets\/index\.html/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/examples/servlets/servlet/SessionExample": html(
            '<html>\n<head>\n<title>Sessions Example</title>\n</head>\n<body bgcolor="white">\n<h3>Sessions ' +
              "Example</h3>\nSession ID: 6E1C0A4B7F1F0D2E3A9B8C7D6E5F4A3B<br>\nCreated: Mon Mar 02 10:00:00 UTC " +
              '2026<br>\n<P>\nThe following data is in your session:<br>\n<P>\n<form action="SessionExample" ' +
              "method=POST>\nName of Session Attribute:\n<input type=text size=20 name=dataname>\n<br>\nValue of " +
              "Session Attribute:\n<input type=text size=20 name=datavalue>\n<br>\n<input type=submit>\n</form>\n" +
              "</body>\n</html>\n",
          ),
          "/examples/": html(
            '<!DOCTYPE HTML><html lang="en"><head><meta charset="UTF-8">\n<title>Apache Tomcat Examples</title>' +
              '\n</head>\n<body>\n<p>\n<h3>Apache Tomcat Examples</H3>\n<p></p>\n<ul>\n<li><a href="servlets/index.' +
              'html">Servlets examples</a></li>\n<li><a href="jsp/index.html">JSP Examples</a></li>\n</ul>\n</body>' +
              "</html>\n",
          ),
        },
      },
      clean: { server: "tomcat", routes: {} },
    },
  },
  {
    kind: "http.exposed.axis2-services",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Apache Axis2 service list exposed",
    severity: "low",
    description:
      "Apache Axis2 lists its deployed web services and their operations to anyone, a map of the SOAP API, and " +
      "usually means its administration application (axis2-admin, default admin / axis2) is deployed as well.",
    remediation:
      "Turn the listing off (disableREST / remove the listServices handler) and remove axis2-admin from " +
      "production; allow only the services' own endpoints through the proxy.",
    references: ["https://axis.apache.org/axis2/java/core/docs/webadminguide.html", OWASP_ADMIN],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    product: "Apache Axis2",
    http: [
      {
        paths: ["/axis2/services/listServices", "/services/listServices"],
        match: [OK, { regex: [/<title>List Services<\/title>/i, /Available services/i, /\?wsdl/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/axis2/services/listServices": html(
            "<html><head><title>List Services</title></head><body><h1>Available services</h1><h2><font color=" +
              '"blue"><a href="http://app01:8080/axis2/services/Version?wsdl">Version</a></font></h2>Service ' +
              "Description : Version<br>Service EPR : http://app01:8080/axis2/services/Version<br><h5>Service " +
              "Status : Active</h5><br><i>Available Operations</i><ul><li>getVersion</li></ul></body></html>",
          ),
        },
      },
      clean: { server: "tomcat", routes: { "/axis2/services/listServices": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.jboss-status",
    category: "exposed-endpoint",
    protocol: "http",
    title: "JBoss / Tomcat status servlet exposed (requests in flight)",
    severity: "medium",
    description:
      "The status servlet of JBoss (and Tomcat's /manager/status when left open) is public: JVM memory, thread " +
      "pools and, in full mode, every request being served with the client address and the URL with its query.",
    remediation:
      "Remove the status servlet mapping (JBoss: deploy/ROOT.war/WEB-INF/web.xml) or restrict it to the " +
      "monitoring network; keep /manager behind its login and RemoteAddrValve.",
    references: ["https://tomcat.apache.org/tomcat-9.0-doc/manager-howto.html#Server_Status", OWASP_ADMIN],
    cwe: [200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    http: [
      {
        paths: ["/status?full=true", "/web-console/status?full=true", "/manager/status"],
        match: [OK, { regex: [/<title>Tomcat Status<\/title>/i, /Max threads:/, /Free memory:/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/status?full=true": html(
            "<html><head><title>Tomcat Status</title></head><body><h1>Server Status</h1><h1>JVM</h1><p> Free " +
              "memory: 201.13 MB Total memory: 512.00 MB Max memory: 1024.00 MB</p><h1>http-0.0.0.0-8080</h1><p> " +
              "Max threads: 200 Current thread count: 12 Current thread busy: 2</p><table><tr><td>R</td><td>203.0." +
              "113.7</td><td>GET /account/reset?token=4f2a9c HTTP/1.1</td></tr></table></body></html>",
          ),
        },
      },
      clean: { server: "tomcat", routes: { "/status?full=true": text("OK\n") } },
    },
  },
]);
