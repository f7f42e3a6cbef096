// Process images and deployable archives left in the web root: core dumps (the memory of a crashed PHP or CGI process),
// Java heap dumps (.hprof) and Java archives (.war, .jar) of the application itself. Judged by their signatures.
import { binary, checks, CVSS_READ_HIGH, cwe, OK_OR_PARTIAL, OWASP_FILES } from "../../declare.ts";

const REFS = [cwe(528), OWASP_FILES];
const bytesOf = (r: { bytes?: Buffer; body: string }) => r.bytes ?? Buffer.from(r.body, "latin1");

export default checks([
  {
    kind: "http.exposed.core-dump",
    category: "exposed-file",
    protocol: "http",
    title: "Core dump exposed (core)",
    severity: "high",
    description:
      "The site serves a core dump, the memory image a crashed process (PHP, a CGI program) left in its working " +
      "folder: whatever that process held, such as database passwords, session data and request bodies.",
    remediation:
      "Delete the file, and send core dumps elsewhere or disable them for the web server (ulimit -c 0, or " +
      "kernel.core_pattern pointing outside the web root; systemd-coredump keeps them in /var/lib/systemd/coredump).",
    references: ["https://man7.org/linux/man-pages/man5/core.5.html", ...REFS],
    cwe: [528, 538],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/core", "/core.1", "/php-fpm.core"],
        // ELF, then e_type ET_CORE (4) in the file's byte order.
        match: [OK_OR_PARTIAL, { magic: "7f454c46" }],
        judge: (r) => {
          const b = bytesOf(r);
          const type = b.length >= 18 ? (b[5] === 2 ? b.readUInt16BE(16) : b.readUInt16LE(16)) : 0;
          return type === 4 ? { matched: "ELF core file (ET_CORE)" } : null;
        },
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/core": binary(
            Buffer.concat([Buffer.from("7f454c4602010100000000000000000004003e00", "hex"), Buffer.alloc(44)]),
          ),
        },
      },
      // An executable (ET_EXEC) at the same name is not a core dump.
      clean: {
        server: "apache",
        routes: {
          "/core": binary(
            Buffer.concat([Buffer.from("7f454c4602010100000000000000000002003e00", "hex"), Buffer.alloc(44)]),
          ),
        },
      },
    },
  },
  {
    kind: "http.exposed.hprof-file",
    category: "exposed-file",
    protocol: "http",
    title: "Java heap dump file exposed (.hprof)",
    severity: "critical",
    description:
      "The site serves a Java heap dump: the whole memory of the application when it was taken, with its " +
      "configuration (database passwords, keys), users' sessions and the data it was handling.",
    remediation:
      "Delete the file, point -XX:HeapDumpPath at a folder the web server does not serve, and rotate the " +
      "credentials the application held.",
    references: ["https://docs.oracle.com/en/java/javase/21/troubleshoot/diagnostic-tools.html", ...REFS],
    cwe: [528, 538],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/heapdump.hprof", "/heap.hprof", "/dump.hprof", "/java.hprof", "/{{dn}}.hprof"],
        match: [OK_OR_PARTIAL, { magic: "4a4156412050524f46494c4520312e302e" }],
        judge: (r) => ({ matched: bytesOf(r).subarray(0, 18).toString("latin1") }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/heapdump.hprof": binary(
            Buffer.concat([Buffer.from("JAVA PROFILE 1.0.2\0"), Buffer.from("00000008", "hex")]),
          ),
        },
      },
      clean: { server: "tomcat", routes: {} },
    },
  },
  {
    kind: "http.exposed.java-archive",
    category: "exposed-file",
    protocol: "http",
    title: "Java application archive exposed (.war, .jar)",
    severity: "high",
    description:
      "The site serves a Java archive of an application (a .war with its WEB-INF, or a .jar): its classes decompile " +
      "to source, and the configuration packed with them (application.properties, web.xml) often holds passwords.",
    remediation:
      "Remove the archive from the served folders (deploy it to the server's webapps or a private path), and rotate " +
      "the credentials packed in it.",
    references: ["https://docs.oracle.com/javase/tutorial/deployment/jar/basicsindex.html", ...REFS],
    cwe: [530, 538],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/ROOT.war", "/{{dn}}.war", "/app.war", "/{{dn}}.jar", "/app.jar", "/application.jar"],
        // A ZIP whose first entries (names in clear in the local headers) are META-INF/ or WEB-INF/.
        match: [OK_OR_PARTIAL, { magic: "504b0304" }],
        judge: (r) => {
          const head = bytesOf(r).subarray(0, 4096).toString("latin1");
          if (/WEB-INF\//.test(head)) return { matched: "ZIP with WEB-INF/ (a web application archive)" };
          return /META-INF\/(MANIFEST\.MF)?/.test(head)
            ? { matched: "ZIP with META-INF/MANIFEST.MF (a Java archive)", severity: "medium" }
            : null;
        },
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "tomcat",
          routes: {
            "/ROOT.war": binary(
              Buffer.concat([
                Buffer.from("504b03040a0000080000", "hex"),
                Buffer.alloc(16),
                Buffer.from("META-INF/"),
                Buffer.from("504b03041400080808", "hex"),
                Buffer.alloc(17),
                Buffer.from("WEB-INF/classes/application.properties"),
              ]),
            ),
          },
        },
        {
          server: "jetty",
          routes: {
            "/app.jar": binary(
              Buffer.concat([
                Buffer.from("504b03041400080808", "hex"),
                Buffer.alloc(17),
                Buffer.from("META-INF/MANIFEST.MF"),
              ]),
            ),
          },
          expect: { severity: "medium" },
        },
      ],
      // A plain ZIP at the name (a download of documents, say) is not a Java archive.
      clean: {
        server: "tomcat",
        routes: {
          "/app.jar": binary(
            Buffer.concat([Buffer.from("504b03041400", "hex"), Buffer.alloc(20), Buffer.from("readme.txt")]),
          ),
        },
      },
    },
  },
]);
