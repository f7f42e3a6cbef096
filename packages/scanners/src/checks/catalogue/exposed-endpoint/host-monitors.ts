// Per-host monitors that answer anyone: cAdvisor (every container of the host, its image and limits) and Glances (the
// host's processes, file systems and network), both without authentication by default.
import { checks, html, json, JSON_TYPE, OK, CVSS_READ_LOW } from "../../declare.ts";
import { MONITORING_REFS, PROXY_AUTH } from "../../kit.ts";

export default checks([
  {
    kind: "http.exposed.cadvisor",
    category: "exposed-endpoint",
    protocol: "http",
    title: "cAdvisor open to anyone",
    severity: "low",
    description:
      "cAdvisor's UI and API answer anyone: every container on the host with its image, labels, limits and usage, " +
      "an inventory of what runs there.",
    remediation: `Bind cAdvisor to localhost or the monitoring network (--listen_ip), or ${PROXY_AUTH}`,
    references: ["https://github.com/google/cadvisor/blob/master/docs/web.md", ...MONITORING_REFS],
    cwe: [200, 306],
    cvss: CVSS_READ_LOW,
    product: "cAdvisor",
    http: [
      {
        paths: ["/containers/"],
        match: [OK, { regex: [/<title>cAdvisor - \/<\/title>/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/containers/": html(
            '<!DOCTYPE html><html lang="en"><head><title>cAdvisor - /</title><link rel="stylesheet" href="../static/' +
              'cadvisor.css"></head><body><div class="container theme-showcase"><div class="page-header"><h1>' +
              '<a href="/containers/">root</a></h1></div><h3>Subcontainers</h3><a href="/containers/docker">' +
              "/docker</a></div></body></html>",
          ),
        },
      },
      clean: { server: "go", routes: {} },
    },
  },
  {
    kind: "http.exposed.glances",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Glances web server open (processes and system readable)",
    severity: "medium",
    description:
      "Glances runs in web server mode without a password: anyone reads the host's processes with their full " +
      "command lines (passwords given as arguments included), users, disks, network and containers.",
    remediation:
      "Start the web server with a password (glances -w --password) and bind it to localhost (-B 127.0.0.1), or " +
      PROXY_AUTH,
    references: ["https://glances.readthedocs.io/en/latest/quickstart.html#web-server-mode", ...MONITORING_REFS],
    cwe: [200, 306],
    cvss: CVSS_READ_LOW,
    product: "Glances",
    http: [
      {
        paths: ["/api/4/pluginslist", "/api/3/pluginslist"],
        match: [OK, JSON_TYPE, { json: { "[]": /^processlist$/ } }, { json: { "[]": /^(mem|cpu)$/ } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/api/4/pluginslist": json([
            "alert",
            "cpu",
            "diskio",
            "fs",
            "load",
            "mem",
            "network",
            "processlist",
            "system",
          ]),
        },
      },
      clean: { server: "gunicorn", routes: { "/api/4/pluginslist": json({ detail: "Not authenticated" }, 401) } },
    },
  },
]);
