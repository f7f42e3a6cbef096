// Management APIs of infrastructure products that should only face a management network: a Vault waiting to be
// initialised, BMCs' Redfish service, F5's iControl REST, Splunk's splunkd, Odoo's database manager.
import { checks, html, json, JSON_TYPE, OK, CVSS_READ_LOW } from "../../declare.ts";

const MANAGEMENT_REFS = [
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/05-Enumerate_Infrastructure_and_Application_Admin_Interfaces",
  "https://cwe.mitre.org/data/definitions/668.html",
];

export default checks([
  {
    kind: "http.exposed.vault-uninitialized",
    category: "exposed-endpoint",
    protocol: "http",
    title: "HashiCorp Vault not initialised (anyone can initialise it and hold the root token)",
    severity: "critical",
    description:
      "A Vault server answers and has never been initialised: the first caller of /v1/sys/init receives the " +
      "unseal keys and the root token, and every secret later stored there is theirs.",
    remediation:
      "Initialise Vault now (vault operator init) from the management network, keep the keys offline, and bind the " +
      "listener to the addresses that need it.",
    references: ["https://developer.hashicorp.com/vault/api-docs/system/init", ...MANAGEMENT_REFS],
    cwe: [1188, 306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    product: "HashiCorp Vault",
    http: [
      {
        paths: ["/v1/sys/seal-status"],
        match: [OK, JSON_TYPE, { json: { type: "string", initialized: false, sealed: "boolean", version: "string" } }],
        extract: [{ name: "version", json: "version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/v1/sys/seal-status": json({
            type: "shamir",
            initialized: false,
            sealed: true,
            t: 0,
            n: 0,
            progress: 0,
            nonce: "",
            version: "1.15.2",
            migration: false,
            recovery_seal: false,
            storage_type: "file",
          }),
        },
        expect: { extracted: { version: "1.15.2" } },
      },
      clean: {
        server: "go",
        routes: {
          "/v1/sys/seal-status": json({
            type: "shamir",
            initialized: true,
            sealed: false,
            t: 3,
            n: 5,
            progress: 0,
            version: "1.15.2",
            cluster_name: "vault-cluster-5e1f",
          }),
        },
      },
    },
  },
  {
    kind: "http.exposed.redfish",
    category: "exposed-endpoint",
    protocol: "http",
    title: "BMC Redfish management API reachable",
    severity: "medium",
    description:
      "A baseboard management controller's Redfish API answers from the internet: it powers the server on and " +
      "off, mounts virtual media and opens its console, one password (often a vendor default) away, and BMC " +
      "firmware has had authentication bypasses.",
    remediation: "Put the BMC's network port on an isolated management network or VPN; never give it a public address.",
    references: ["https://www.dmtf.org/standards/redfish", ...MANAGEMENT_REFS],
    cwe: [668],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/redfish/v1/"],
        match: [
          OK,
          JSON_TYPE,
          { regex: [/"@odata\.type"\s*:\s*"#ServiceRoot\.v\d/] },
          { json: { RedfishVersion: "string" } },
        ],
        extract: [
          { name: "vendor", json: "Vendor" },
          { name: "bmc", json: "Product" },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/redfish/v1/": json({
            "@odata.context": "/redfish/v1/$metadata#ServiceRoot.ServiceRoot",
            "@odata.id": "/redfish/v1",
            "@odata.type": "#ServiceRoot.v1_6_0.ServiceRoot",
            Id: "RootService",
            Name: "Root Service",
            Product: "Integrated Dell Remote Access Controller",
            RedfishVersion: "1.11.0",
            Vendor: "Dell",
          }),
        },
        expect: { extracted: { vendor: "Dell" } },
      },
      clean: { server: "go", scheme: "https", routes: {} },
    },
  },
  {
    kind: "http.exposed.f5-icontrol-rest",
    category: "exposed-endpoint",
    protocol: "http",
    title: "F5 BIG-IP iControl REST API reachable",
    severity: "medium",
    description:
      "A BIG-IP's iControl REST API (the management plane) answers from the internet. It configures the device " +
      "and runs commands, and it has had authentication bypasses exploited at scale (CVE-2022-1388).",
    remediation:
      "Reach the management interface and self IPs' management port only from a management network (port " +
      "lockdown: Allow None on self IPs), and keep BIG-IP patched.",
    references: [
      "https://my.f5.com/manage/s/article/K13092",
      "https://nvd.nist.gov/vuln/detail/CVE-2022-1388",
      ...MANAGEMENT_REFS,
    ],
    cwe: [668],
    cvss: CVSS_READ_LOW,
    product: "F5 BIG-IP",
    http: [
      {
        paths: ["/mgmt/tm/sys/version"],
        match: [{ status: [401] }, { json: { kind: /^:resterrorresponse$/, restOperationId: "number" } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        scheme: "https",
        routes: {
          "/mgmt/tm/sys/version": json(
            {
              code: 401,
              message:
                "Authorization failed: no user authentication header or token detected. Uri:http://localhost:8100/" +
                "mgmt/tm/sys/version Referrer:203.0.113.7 Sender:203.0.113.7",
              referer: "203.0.113.7",
              restOperationId: 4405823,
              kind: ":resterrorresponse",
            },
            401,
          ),
        },
      },
      clean: { server: "apache", scheme: "https", routes: {} },
    },
  },
  {
    kind: "http.exposed.splunkd",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Splunk management API (splunkd) reachable",
    severity: "medium",
    description:
      "Splunk's management port (splunkd, 8089) answers from the internet with its version: the REST API that " +
      "searches every indexed log and deploys apps (code) is one password away; old installations kept " +
      "admin / changeme.",
    remediation:
      "Bind splunkd to the management network (mgmtHostPort in web.conf, or a firewall on 8089) and disable the " +
      "REST listing of endpoints to anonymous callers.",
    references: [
      "https://docs.splunk.com/Documentation/Splunk/latest/Security/Hardenyourinstallation",
      ...MANAGEMENT_REFS,
    ],
    cwe: [668, 200],
    cvss: CVSS_READ_LOW,
    product: "Splunk",
    http: [
      {
        paths: ["/"],
        match: [OK, { regex: [/<title>splunkd<\/title>/, /<generator build="[0-9a-f]+" version="[\d.]+"\/>/] }],
        extract: [{ name: "version", regex: /<generator build="[0-9a-f]+" version="([\d.]+)"\/>/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/": {
            headers: { "content-type": "text/xml; charset=UTF-8", server: "Splunkd" },
            body:
              '<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet type="text/xml" href="/static/atom.xsl"?>\n' +
              '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://dev.splunk.com/ns/rest">\n  <title>splunkd' +
              "</title>\n  <id>https://127.0.0.1:8089/</id>\n  <updated>2026-03-02T10:00:00+00:00</updated>\n  " +
              '<generator build="64e843ea36b1" version="9.1.2"/>\n  <author>\n    <name>Splunk</name>\n  </author>\n' +
              "</feed>\n",
          },
        },
        expect: { extracted: { version: "9.1.2" } },
      },
      clean: { server: "go", scheme: "https", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  },
  {
    kind: "http.exposed.odoo-database-manager",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Odoo database manager reachable",
    severity: "medium",
    description:
      "Odoo's database manager answers: it lists the databases and, with the master password (a weak or default " +
      "one on many installations), backs them up, restores, duplicates or drops them.",
    remediation:
      "Set list_db = False in odoo.conf (which disables the manager), set a strong admin_passwd, and block " +
      "/web/database/ at the reverse proxy.",
    references: [
      "https://www.odoo.com/documentation/17.0/administration/on_premise/deploy.html#database-manager-security",
      ...MANAGEMENT_REFS,
    ],
    cwe: [668, 200],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N",
    product: "Odoo",
    http: [
      {
        paths: ["/web/database/manager"],
        match: [OK, { regex: [/name="master_pwd"/, /\/web\/database\/(backup|drop|duplicate|create)/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/web/database/manager": html(
            '<!DOCTYPE html><html><head><title>Odoo</title></head><body><div class="container"><div class="list-' +
              'group"><div class="list-group-item"><a href="/web?db=shop_prod">shop_prod</a></div></div><form ' +
              'role="form" action="/web/database/backup" method="post"><input type="password" name="master_pwd" ' +
              'class="form-control" required="required"></form></div></body></html>',
          ),
        },
      },
      clean: {
        server: "gunicorn",
        routes: {
          "/web/database/manager": html(
            "<!DOCTYPE html><html><head><title>Odoo</title></head><body><p>The database manager has been disabled " +
              "by the administrator</p></body></html>",
            403,
          ),
        },
      },
    },
  },
]);
