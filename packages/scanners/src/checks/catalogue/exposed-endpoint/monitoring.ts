// Monitoring and observability endpoints that answer anyone: Prometheus and its Alertmanager and Pushgateway,
// Netdata, Munin, Jaeger and Zipkin, and Go's built-in expvar and pprof handlers (per-host monitors:
// host-monitors.ts).
import { checks, html, json, JSON_TYPE, OK, text, CVSS_READ_LOW } from "../../declare.ts";
import { MONITORING_REFS, PROXY_AUTH } from "../../kit.ts";

export default checks([
  {
    kind: "http.exposed.prometheus-api",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Prometheus server API open (configuration and every metric readable)",
    severity: "medium",
    description:
      "A Prometheus server answers its HTTP API to anyone: its configuration (every scrape target, so the internal " +
      "hosts and ports it watches), and through queries every metric it stores.",
    remediation:
      "Prometheus has no authentication of its own beyond basic auth in web.config.file: set basic_auth_users " +
      `there (--web.config.file), bind it to the monitoring network (--web.listen-address), or ${PROXY_AUTH}`,
    references: ["https://prometheus.io/docs/operating/security/", ...MONITORING_REFS],
    cwe: [200, 306],
    cvss: CVSS_READ_LOW,
    product: "Prometheus",
    http: [
      {
        paths: ["/api/v1/status/config"],
        match: [OK, JSON_TYPE, { json: { status: /^success$/, "data.yaml": /(^|\n)(global|scrape_configs):/ } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/v1/status/config": json({
            status: "success",
            data: {
              yaml:
                "global:\n  scrape_interval: 15s\n  evaluation_interval: 15s\nscrape_configs:\n- job_name: node\n" +
                "  static_configs:\n  - targets:\n    - db01.internal:9100\n",
            },
          }),
        },
      },
      clean: { server: "go", routes: { "/api/v1/status/config": { status: 401, ...text("Unauthorized\n") } } },
    },
  },
  {
    kind: "http.exposed.alertmanager",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Prometheus Alertmanager API open (configuration readable, alerts silenceable)",
    severity: "medium",
    description:
      "Alertmanager answers its API to anyone: its configuration (receivers, webhook URLs, mail hosts) and the " +
      "alerts firing, and anyone can create silences, which hides an attack from the people on call.",
    remediation: `Set basic_auth_users in Alertmanager's --web.config.file, or ${PROXY_AUTH}`,
    references: ["https://prometheus.io/docs/alerting/latest/https/", ...MONITORING_REFS],
    cwe: [200, 306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:L/A:N",
    product: "Alertmanager",
    http: [
      {
        paths: ["/api/v2/status", "/alertmanager/api/v2/status"],
        match: [OK, JSON_TYPE, { json: { "config.original": "string", "versionInfo.version": "string" } }],
        extract: [{ name: "version", json: "versionInfo.version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/v2/status": json({
            cluster: { name: "01HQ7Z8D3K2", peers: [], status: "ready" },
            config: { original: "global:\n  resolve_timeout: 5m\nroute:\n  receiver: ops-pager\n" },
            uptime: "2026-03-01T08:00:00.000Z",
            versionInfo: { branch: "HEAD", goVersion: "go1.21.5", revision: "0aa3c2a", version: "0.26.0" },
          }),
        },
        expect: { extracted: { version: "0.26.0" } },
      },
      clean: { server: "go", routes: { "/api/v2/status": { status: 401, ...text("Unauthorized\n") } } },
    },
  },
  {
    kind: "http.exposed.pushgateway",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Prometheus Pushgateway open (metrics can be pushed and deleted by anyone)",
    severity: "low",
    description:
      "A Pushgateway answers anyone: its pushed metrics are readable, and anyone can push or delete metrics, " +
      "which feeds false values to dashboards and alerts.",
    remediation: `Set basic_auth_users in the Pushgateway's --web.config.file, or ${PROXY_AUTH}`,
    references: ["https://github.com/prometheus/pushgateway#api", ...MONITORING_REFS],
    cwe: [306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:L/A:N",
    product: "Prometheus Pushgateway",
    http: [
      {
        paths: ["/api/v1/status"],
        match: [
          OK,
          JSON_TYPE,
          { json: { status: /^success$/, "data.build_information.version": "string", "data.flags": "object" } },
        ],
        extract: [{ name: "version", json: "data.build_information.version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/v1/status": json({
            status: "success",
            data: {
              build_information: { branch: "HEAD", goVersion: "go1.21.5", revision: "a1b2c3d", version: "1.6.2" },
              flags: { "web.listen-address": ":9091", "persistence.file": "" },
              start_time: "2026-03-01T08:00:00Z",
            },
          }),
        },
        expect: { extracted: { version: "1.6.2" } },
      },
      clean: { server: "go", routes: {} },
    },
  },
  {
    kind: "http.exposed.netdata",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Netdata agent open to anyone",
    severity: "low",
    description:
      "A Netdata agent answers its dashboard and API to anyone: live metrics of the host and of every host it " +
      "streams from (processes, users, disks, network, containers), and its kernel and operating system versions.",
    remediation:
      "Bind it to localhost ([web] bind to = 127.0.0.1 in netdata.conf) or allow only the monitoring network " +
      `(allow connections from), or ${PROXY_AUTH}`,
    references: ["https://learn.netdata.cloud/docs/netdata-agent/securing-netdata-agents/", ...MONITORING_REFS],
    cwe: [200, 306],
    cvss: CVSS_READ_LOW,
    product: "Netdata",
    http: [
      {
        paths: ["/api/v1/info"],
        match: [OK, JSON_TYPE, { json: { version: /^v?\d+\.\d+/, mirrored_hosts: "array", os_name: "string" } }],
        extract: [{ name: "version", json: "version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/v1/info": json({
            version: "v1.44.1",
            uid: "2b3c9e1a-8d7f-11ee-9c1b-0242ac120002",
            mirrored_hosts: ["web01"],
            os_name: "Debian GNU/Linux",
            os_version: "12 (bookworm)",
            kernel_name: "Linux",
            kernel_version: "6.1.0-17-amd64",
          }),
        },
        expect: { extracted: { version: "v1.44.1" } },
      },
      clean: {
        server: "go",
        routes: { "/api/v1/info": { status: 403, ...text("You are not allowed to access this resource.") } },
      },
    },
  },
  {
    kind: "http.exposed.munin",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Munin monitoring pages public",
    severity: "low",
    description:
      "Munin's generated pages are public: graphs of every monitored host and service (names, load, disks, " +
      "traffic), an inventory of the network behind the site.",
    remediation:
      "Require authentication on the Munin directory (Debian's /etc/munin/apache24.conf: Require local, or " +
      "AuthType Basic with Require valid-user) or serve it only on the monitoring network.",
    references: ["https://guide.munin-monitoring.org/en/latest/example/webserver/apache-cgi.html", ...MONITORING_REFS],
    cwe: [200],
    cvss: CVSS_READ_LOW,
    product: "Munin",
    http: [
      {
        paths: ["/munin/", "/munin/index.html"],
        match: [OK, { regex: [/<title>\s*Munin\s*::\s*overview\s*<\/title>/i] }],
        extract: [{ name: "version", regex: /Munin<\/a>\s+version\s+([\d.]+)/i }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/munin/": html(
            '<!DOCTYPE html><html lang="en"><head><title>Munin :: overview</title></head><body><div id="main">' +
              '<ul class="groupview"><li><span class="domain"><a href="internal/index.html">internal</a></span>' +
              '<ul><li><a href="internal/db01.internal/index.html">db01.internal</a></li></ul></li></ul></div>' +
              "<div id=\"footer\">This page was generated by <a href='http://munin-monitoring.org/'>Munin</a> " +
              "version 2.0.73 at 2026-03-02 10:05:03+0000 (UTC)</div></body></html>",
          ),
        },
        expect: { extracted: { version: "2.0.73" } },
      },
      clean: { server: "apache", routes: { "/munin/": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.go-expvar",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Go expvar endpoint exposed (/debug/vars)",
    severity: "low",
    description:
      "A Go program (or InfluxDB, Consul, etc.) serves its expvar variables: its full command line (flags, config " +
      "paths and sometimes passwords given as arguments), memory statistics and the program's own counters.",
    remediation:
      "Do not register expvar's handler on a public listener (import expvar registers /debug/vars on " +
      "http.DefaultServeMux): serve debug handlers on a separate localhost-only port.",
    references: ["https://pkg.go.dev/expvar", ...MONITORING_REFS],
    cwe: [200, 215],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/debug/vars"],
        match: [OK, JSON_TYPE, { json: { cmdline: "array", "memstats.Alloc": "number" } }],
        extract: [{ name: "cmdline", json: "cmdline" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/debug/vars": json({
            cmdline: ["/usr/local/bin/billing", "-config", "/etc/billing/prod.yaml"],
            memstats: { Alloc: 4718592, TotalAlloc: 9437184, Sys: 16777216, NumGC: 12 },
          }),
        },
        expect: { extracted: { cmdline: ["/usr/local/bin/billing", "-config", "/etc/billing/prod.yaml"] } },
      },
      clean: { server: "go", routes: {} },
    },
  },
  {
    kind: "http.exposed.go-pprof",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Go pprof profiling endpoints exposed (/debug/pprof)",
    severity: "medium",
    description:
      "A Go program serves net/http/pprof: full goroutine stack dumps, heap profiles and its command line to " +
      "anyone, and CPU profiles and execution traces that load the process for as long as the caller asks.",
    remediation:
      "Do not import net/http/pprof in production builds, or mount its handlers on a localhost-only listener " +
      "instead of http.DefaultServeMux.",
    references: ["https://pkg.go.dev/net/http/pprof", ...MONITORING_REFS],
    cwe: [200, 215],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:L",
    http: [
      {
        paths: ["/debug/pprof/"],
        match: [OK, { words: ["Types of profiles available:"] }, { regex: [/href=['"]?goroutine\?debug=/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/debug/pprof/": html(
            "<html>\n<head>\n<title>/debug/pprof/</title>\n</head>\n<body>\n/debug/pprof/\n<br>\n<p>Set debug=1 " +
              "as a query parameter to export in legacy text format</p>\n<br>\nTypes of profiles available:\n" +
              "<table>\n<thead><td>Count</td><td>Profile</td></thead>\n<tr><td>14</td><td><a href='goroutine?debug=1'" +
              '>goroutine</a></td></tr>\n</table>\n<a href="goroutine?debug=2">full goroutine stack dump</a>\n' +
              "</body>\n</html>\n",
          ),
        },
      },
      clean: { server: "go", routes: {} },
    },
  },
  {
    kind: "http.exposed.jaeger",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Jaeger query API open (traces readable)",
    severity: "medium",
    description:
      "Jaeger's query service answers anyone: the names of every traced service and their traces, whose spans " +
      "carry URLs, SQL statements, user identifiers and whatever the services tag.",
    remediation: `Jaeger's query service has no login of its own: ${PROXY_AUTH}`,
    references: ["https://www.jaegertracing.io/docs/latest/security/", ...MONITORING_REFS],
    cwe: [200, 306],
    cvss: CVSS_READ_LOW,
    product: "Jaeger",
    http: [
      {
        paths: ["/api/services", "/jaeger/api/services"],
        match: [OK, JSON_TYPE, { json: { data: "array", total: "number", limit: "number", errors: "present" } }],
        extract: [{ name: "services", json: "data[]" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/api/services": json({ data: ["checkout", "payments"], total: 2, limit: 0, offset: 0, errors: null }),
        },
        expect: { extracted: { services: ["checkout", "payments"] } },
      },
      clean: { server: "go", routes: {} },
    },
  },
  {
    kind: "http.exposed.zipkin",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Zipkin UI and API open (traces readable)",
    severity: "medium",
    description:
      "Zipkin answers its UI and API to anyone: every traced service and its traces, with the URLs, queries and " +
      "tags the services record.",
    remediation: `Zipkin has no login of its own: ${PROXY_AUTH}`,
    references: ["https://zipkin.io/pages/quickstart.html", ...MONITORING_REFS],
    cwe: [200, 306],
    cvss: CVSS_READ_LOW,
    product: "Zipkin",
    http: [
      {
        paths: ["/zipkin/config.json"],
        match: [OK, JSON_TYPE, { json: { queryLimit: "number", defaultLookback: "number", searchEnabled: "boolean" } }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/zipkin/config.json": json({
            environment: "",
            queryLimit: 10,
            defaultLookback: 900000,
            searchEnabled: true,
            dependency: { enabled: true, lowErrorRate: 0.5, highErrorRate: 0.75 },
          }),
        },
      },
      clean: { server: "jetty", routes: {} },
    },
  },
]);
