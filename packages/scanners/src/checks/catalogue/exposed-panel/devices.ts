// Devices' embedded web servers: routers and switches (Cisco IOS), printers (HP's embedded web server) and IP cameras
// (Hikvision). They are rarely patched, often keep their default passwords, and name their model to anyone.
import { checks, html, OK } from "../../declare.ts";
import { panel } from "../../kit.ts";

const xml = (body: string, status = 200) => ({ status, headers: { "content-type": "application/xml" }, body });

export default checks([
  panel({
    slug: "cisco-ios-http",
    product: "Cisco IOS",
    title: "Cisco IOS web management exposed",
    severity: "medium",
    description:
      "A Cisco router or switch answers its HTTP management (privilege level 15) from the internet: the device's " +
      "configuration is one password away, and the IOS XE web UI has been mass-exploited (CVE-2023-20198).",
    fix:
      "Disable the HTTP servers (no ip http server, no ip http secure-server) or restrict them (ip http " +
      "access-class).",
    docs: "https://sec.cloudapps.cisco.com/security/center/content/CiscoSecurityAdvisory/cisco-sa-iosxe-webui-privesc-j22SaA4z",
    http: [
      {
        paths: ["/", "/level/15/exec/-"],
        match: [{ status: [401] }, { part: "header:www-authenticate", regex: [/realm="level_15( or view)?_access"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": {
            status: 401,
            headers: { "www-authenticate": 'Basic realm="level_15_access"', server: "cisco-IOS" },
            body:
              "<HEAD><TITLE>Authorization Required</TITLE></HEAD><BODY><H1>Authorization Required</H1>" +
              "Browser not authentication-capable or authentication failed.</BODY>\n",
          },
        },
      },
      clean: { server: "go", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  panel({
    slug: "hp-printer",
    product: "HP printer",
    title: "HP printer's embedded web server exposed",
    severity: "medium",
    description:
      "An HP printer's embedded web server answers from the internet and names its model and serial number: its " +
      "settings (often without an administrator password), scan-to-mail and address-book credentials, and stored " +
      "jobs are within reach, and printers make a foothold in the network.",
    fix:
      "Keep printers off the internet (no port forwarding), set an EWS administrator password and disable " +
      "unused services in the EWS's security settings.",
    docs: "https://support.hp.com/us-en/document/ish_2344040-2337566-16",
    http: [
      {
        root: true,
        match: [OK, { part: "header:server", regex: [/^HP HTTP Server; HP /] }],
        extract: [{ name: "model", part: "header:server", regex: /^HP HTTP Server; (HP [^;-]+?)\s*(?:-|;)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/": html(
            '<!DOCTYPE html><html lang="en"><head><title>HP Color LaserJet MFP M477fdw</title></head><body><div ' +
              'id="pgContent"></div></body></html>',
            200,
            {
              server:
                "HP HTTP Server; HP Color LaserJet MFP M477fdw - CF379A; Serial Number: VNB3J12345; Built:Thu " +
                "Jan 12, 2023 10:00:00AM {20230112}",
            },
          ),
        },
        expect: { extracted: { model: "HP Color LaserJet MFP M477fdw" } },
      },
      clean: { server: "go", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  panel({
    slug: "hikvision",
    product: "Hikvision",
    title: "Hikvision camera or recorder web interface exposed",
    severity: "medium",
    description:
      "A Hikvision IP camera or video recorder answers its ISAPI interface from the internet: the video is one " +
      "password away (default or weak on many units), and old firmware has an authentication bypass and command " +
      "injection flaws exploited by botnets (CVE-2017-7921, CVE-2021-36260).",
    fix:
      "Take the device off the internet (no port forwarding; use the vendor's cloud relay or a VPN), update " +
      "its firmware and set a strong admin password.",
    docs: "https://www.hikvision.com/en/support/cybersecurity/security-advisory/",
    http: [
      {
        paths: ["/ISAPI/Security/userCheck"],
        match: [{ status: [200, 401] }, { regex: [/<userCheck(\s[^>]*)?>/, /<statusValue>\d+<\/statusValue>/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/ISAPI/Security/userCheck": xml(
            '<?xml version="1.0" encoding="UTF-8"?>\n<userCheck version="2.0" xmlns="http://www.hikvision.com/ver20/' +
              'XMLSchema">\n<statusValue>401</statusValue>\n<statusString>Unauthorized</statusString>\n</userCheck>\n',
          ),
        },
      },
      clean: { server: "go", routes: {} },
    },
  }),
]);
