// Keys and key stores beyond the PEM private keys of secrets.ts: SSH's authorized_keys, known_hosts and client config,
// PuTTY and PGP private keys, Java and PKCS#12 key stores, KeePass databases. Proven by their headers or magic bytes.
import {
  binary,
  checks,
  CVSS_CRACK,
  CVSS_CREDENTIALS,
  CVSS_READ_LOW,
  cwe,
  NOT_HTML,
  OK,
  OK_OR_PARTIAL,
  OWASP_FILES,
  text,
} from "../../declare.ts";

const REFS = [cwe(538), OWASP_FILES];
const HOME = "Keep home directories and key files out of the web root (deny /.ssh/ and dotfiles on the web server),";
/** A public key as OpenSSH writes it: its type, then base64 starting with AAAA. */
const KEY =
  String.raw`(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)` +
  " AAAA[0-9A-Za-z+/]{40,}";

export default checks([
  {
    kind: "http.exposed.ssh-authorized-keys",
    category: "exposed-file",
    protocol: "http",
    title: "SSH authorized_keys exposed",
    severity: "medium",
    description:
      "The site serves an authorized_keys file: the public keys allowed to log in to the account, with their " +
      "comments (user and machine names). It tells who can reach the server and which account a stolen key opens.",
    remediation: `${HOME} and check that the keys listed are the ones you expect.`,
    references: ["https://man.openbsd.org/sshd.8#AUTHORIZED_KEYS_FILE_FORMAT", ...REFS],
    cwe: [538, 200],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.ssh/authorized_keys", "/authorized_keys", "/.ssh/authorized_keys2"],
        match: [
          OK,
          NOT_HTML,
          {
            // Options (from="…",no-pty) may come first.
            regex: [new RegExp(`^(\\S+ )?${KEY}`, "m")],
          },
        ],
        extract: [{ name: "comments", regex: /AAAA[0-9A-Za-z+/=]{40,} (\S+)\s*$/gm, all: true }],
        matched: "ssh-… AAAA… user@host",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.ssh/authorized_keys": text(
            "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGg0dJ4dNnQxS1Zt6y7wq2r0XmWbJ8v3h1M3F9s2k8pQ deploy@ci\n" +
              'from="10.0.0.0/8" ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7vJ0Zq4kP2x9Vb3sQw8eRt1u2y3z4A5B6C7D8E9F0 ' +
              "ann@laptop\n",
          ),
        },
        expect: { extracted: { comments: ["deploy@ci", "ann@laptop"] } },
      },
      clean: { server: "nginx", routes: { "/.ssh/authorized_keys": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.ssh-known-hosts",
    category: "exposed-file",
    protocol: "http",
    title: "SSH known_hosts exposed",
    severity: "low",
    description:
      "The site serves a known_hosts file: the servers this account connects to over SSH (names and addresses, " +
      "often internal ones), a map for moving on from this host.",
    remediation: `${HOME} and set HashKnownHosts yes so that the names are not stored in clear.`,
    references: ["https://man.openbsd.org/sshd.8#SSH_KNOWN_HOSTS_FILE_FORMAT", ...REFS],
    cwe: [538, 200],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.ssh/known_hosts", "/known_hosts"],
        match: [
          OK,
          NOT_HTML,
          {
            // Host names in clear (name,address) or hashed (|1|salt|hash).
            regex: [new RegExp(`^(\\|1\\|[A-Za-z0-9+/=]{20,}\\|[A-Za-z0-9+/=]{20,}|[\\w.[\\]:*,-]+) ${KEY}`, "m")],
          },
        ],
        extract: [{ name: "hosts", regex: /^([\w.[\]:-]+(,[\w.[\]:-]+)*) (ssh-|ecdsa-)/gm, all: true }],
        matched: "host,address ssh-… AAAA…",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/.ssh/known_hosts": text(
            "github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl\n" +
              "db1.internal,10.0.2.5 ecdsa-sha2-nistp256 " +
              "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBEmKSENjQEe\n",
          ),
        },
        expect: { extracted: { hosts: ["github.com", "db1.internal,10.0.2.5"] } },
      },
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.ssh-client-config",
    category: "exposed-file",
    protocol: "http",
    title: "SSH client configuration exposed (.ssh/config)",
    severity: "medium",
    description:
      "The site serves an SSH client configuration: the hosts this account reaches (bastions, internal servers), " +
      "their users and ports, and the key files used for each.",
    remediation: `${HOME} and review the hosts it names for keys that may have leaked with it.`,
    references: ["https://man.openbsd.org/ssh_config.5", ...REFS],
    cwe: [538, 200],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/.ssh/config", "/ssh_config"],
        match: [OK, NOT_HTML, { regex: [/^Host\s+\S+/m, /^\s+(HostName|User|IdentityFile|ProxyJump|Port)\s+\S+/m] }],
        extract: [{ name: "hosts", regex: /^\s+HostName\s+(\S+)/gm, all: true }],
        matched: "Host … HostName … User … IdentityFile …",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.ssh/config": text(
            "Host bastion\n    HostName bastion.example.com\n    User ops\n\nHost db\n    HostName 10.0.2.5\n" +
              "    ProxyJump bastion\n    IdentityFile ~/.ssh/id_ed25519\n",
          ),
        },
        expect: { extracted: { hosts: ["bastion.example.com", "10.0.2.5"] } },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.putty-private-key",
    category: "exposed-file",
    protocol: "http",
    title: "PuTTY private key exposed (.ppk)",
    severity: "critical",
    description:
      "The site serves a PuTTY private key: whoever holds it logs in wherever the key is authorised (when " +
      "Encryption is none, at once; otherwise after guessing its passphrase offline).",
    remediation:
      "Remove the key from every authorized_keys file, delete it from the site, and issue a new key kept off web " +
      "servers.",
    references: ["https://the.earth.li/~sgtatham/putty/0.80/htmldoc/AppendixC.html", ...REFS],
    cwe: [538, 321],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/id_rsa.ppk", "/private.ppk", "/key.ppk", "/{{dn}}.ppk"],
        match: [OK, { regex: [/^PuTTY-User-Key-File-[23]: [\w@.-]+\r?\nEncryption: [\w-]+/m] }],
        judge: (r) => {
          const enc = /^Encryption: ([\w-]+)/m.exec(r.body)![1]!;
          return {
            matched: `PuTTY-User-Key-File, Encryption: ${enc}`,
            ...(enc === "none" ? {} : { severity: "high" }),
          };
        },
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "iis",
          routes: {
            "/fixture.ppk": text(
              "PuTTY-User-Key-File-3: ssh-ed25519\r\nEncryption: none\r\nComment: deploy\r\nPublic-Lines: 2\r\n" +
                "AAAAC3NzaC1lZDI1NTE5AAAAIGg0dJ4dNnQxS1Zt6y7wq2r0XmWbJ8v3h1M3F9s2k8pQ\r\nPrivate-Lines: 1\r\n" +
                "AAAAIBWq0v2y1H3J8p4s5d6f7g8h9j0k1l2z3x4c5v6b7n8m\r\n",
            ),
          },
          expect: { severity: "critical" },
        },
        {
          server: "iis",
          routes: {
            "/private.ppk": text(
              "PuTTY-User-Key-File-2: ssh-rsa\r\nEncryption: aes256-cbc\r\nComment: " +
                "rsa-key-20260312\r\nPublic-Lines: 6\r\n",
            ),
          },
          expect: { severity: "high" },
        },
      ],
      clean: { server: "iis", routes: {} },
    },
  },
  {
    kind: "http.exposed.pgp-private-key",
    category: "exposed-file",
    protocol: "http",
    title: "PGP private key exposed",
    severity: "critical",
    description:
      "The site serves an armoured PGP secret key: with it (and its passphrase, which can be guessed offline) anyone " +
      "signs as its owner, for instance package or release signatures, and reads what was encrypted to it.",
    remediation:
      "Revoke the key (publish its revocation certificate), remove the file, and create a new key kept off servers.",
    references: ["https://www.rfc-editor.org/rfc/rfc4880#section-6.2", ...REFS],
    cwe: [538, 321],
    cvss: CVSS_CRACK,
    http: [
      {
        paths: ["/private.asc", "/private.key", "/secret.asc", "/privkey.asc", "/pgp-private.asc", "/signing-key.asc"],
        match: [OK, { regex: [/^-----BEGIN PGP PRIVATE KEY BLOCK-----\r?\n(\w+: .*\r?\n)*\r?\n[A-Za-z0-9+/=]{20}/m] }],
        matched: "-----BEGIN PGP PRIVATE KEY BLOCK-----",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/signing-key.asc": text(
            "-----BEGIN PGP PRIVATE KEY " +
              "BLOCK-----\n\nlQVYBGXwq6QBDAC7vJ0Zq4kP2x9Vb3sQw8eRt1u2y3z4A5B6C7D8E9F0a1b2c3d4\n" +
              "=Xq2e\n-----END PGP PRIVATE KEY BLOCK-----\n",
            { "content-type": "application/pgp-keys" },
          ),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.java-keystore",
    category: "exposed-file",
    protocol: "http",
    title: "Key store exposed (JKS, PKCS#12)",
    severity: "high",
    description:
      "The site serves a key store (Java's JKS or a PKCS#12 .p12/.pfx file): the server's or a client's private key " +
      "and certificate, protected by a password that is often the default (changeit) or guessed offline.",
    remediation:
      "Remove the file, revoke its certificates and issue new keys; keep key stores outside the web root with " +
      "strong passwords.",
    references: ["https://docs.oracle.com/en/java/javase/21/docs/specs/man/keytool.html", ...REFS],
    cwe: [538, 321],
    cvss: CVSS_CRACK,
    http: [
      {
        paths: ["/keystore.jks", "/.keystore", "/server.jks", "/truststore.jks"],
        // JKS and JCEKS signatures.
        match: [OK_OR_PARTIAL, { any: [{ magic: "feedfeed" }, { magic: "cececece" }] }],
        matched: "Java KeyStore (\\xFE\\xED\\xFE\\xED or \\xCE\\xCE\\xCE\\xCE)",
      },
      {
        paths: ["/keystore.p12", "/server.pfx", "/certificate.pfx", "/cert.p12", "/server.p12"],
        // A DER SEQUENCE, version 3, then the PKCS#7 data OID (1.2.840.113549.1.7.1) a few bytes on.
        match: [OK_OR_PARTIAL, { magic: "3082" }, { magic: "020103", offset: 4 }],
        judge: (r) =>
          (r.bytes ?? Buffer.from(r.body, "latin1")).subarray(0, 40).includes(Buffer.from("2a864886f70d010701", "hex"))
            ? { matched: "PKCS#12 (version 3, pkcs7-data)" }
            : null,
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "tomcat",
          routes: {
            "/.keystore": binary(Buffer.concat([Buffer.from("feedfeed0000000200000001", "hex"), Buffer.alloc(32)])),
          },
        },
        {
          server: "iis",
          routes: {
            "/server.pfx": binary(
              Buffer.concat([
                Buffer.from("30820a1e0201033082099a06092a864886f70d010701a082098b", "hex"),
                Buffer.alloc(32),
              ]),
              "application/x-pkcs12",
            ),
          },
        },
        {
          server: "jetty",
          routes: {
            "/keystore.jks": binary(Buffer.concat([Buffer.from("cececece00000002", "hex"), Buffer.alloc(32)])),
          },
        },
      ],
      clean: { server: "tomcat", routes: {} },
    },
  },
  {
    kind: "http.exposed.keepass-database",
    category: "exposed-file",
    protocol: "http",
    title: "KeePass password database exposed (.kdbx)",
    severity: "high",
    description:
      "The site serves a KeePass database: every password it holds falls to whoever guesses its master password " +
      "offline, at their own pace.",
    remediation:
      "Remove the file, change the master password and every password the database holds, and keep it off servers.",
    references: ["https://keepass.info/help/base/security.html", ...REFS],
    cwe: [538, 522],
    cvss: CVSS_CRACK,
    http: [
      {
        paths: ["/passwords.kdbx", "/Database.kdbx", "/database.kdbx", "/keepass.kdbx", "/{{dn}}.kdbx"],
        // KeePass 2.x (KDBX) and 1.x (KDB) signatures.
        match: [OK_OR_PARTIAL, { any: [{ magic: "03d9a29a67fb4bb5" }, { magic: "03d9a29a65fb4bb5" }] }],
        matched: "KeePass database (\\x03\\xD9\\xA2\\x9A)",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/passwords.kdbx": binary(Buffer.concat([Buffer.from("03d9a29a67fb4bb501000400", "hex"), Buffer.alloc(32)])),
        },
      },
      clean: { server: "apache", routes: {} },
    },
  },
]);
