// Debuggers and development pages of Python, Ruby, Node and .NET applications left on in production: Werkzeug's
// console, Rails' info pages, the Chrome DevTools protocol (Node's inspector, a remote-debugging browser), Telerik's
// upload handler.
import { checks, html, json, JSON_TYPE, NOT_HTML, OK, text } from "../../declare.ts";

const DEBUG_REFS = [
  "https://cwe.mitre.org/data/definitions/489.html",
  "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/02-Configuration_and_Deployment_Management_Testing/02-Test_Application_Platform_Configuration",
];

export default checks([
  {
    kind: "http.exposed.werkzeug-console",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Werkzeug interactive debugger console exposed",
    severity: "high",
    description:
      "The application runs with Werkzeug's debugger (Flask debug mode) and its /console answers: it runs Python " +
      "in the server process. Only a PIN guards it, and the PIN is derived from values an attacker can often read " +
      "or guess (user name, module path, MAC address, machine id).",
    remediation:
      "Never run the development server or debug=True in production (FLASK_DEBUG=0, app.run(debug=False)); " +
      "serve the application with gunicorn or uWSGI.",
    references: ["https://werkzeug.palletsprojects.com/en/stable/debug/#debugger-pin", ...DEBUG_REFS],
    cwe: [489, 94],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H",
    product: "Werkzeug",
    http: [
      {
        paths: ["/console"],
        match: [OK, { regex: [/Werkzeug Debugger<\/title>/, /CONSOLE_MODE\s*=\s*true/, /EVALEX\s*=\s*true/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "gunicorn",
        routes: {
          "/console": html(
            "<!doctype html>\n<html lang=en>\n  <head>\n    <title>Console // Werkzeug Debugger</title>\n    <link " +
              'rel="stylesheet" href="?__debugger__=yes&amp;cmd=resource&amp;f=style.css">\n    <script src="?__' +
              'debugger__=yes&amp;cmd=resource&amp;f=debugger.js"></script>\n    <script>\n      var CONSOLE_MODE = ' +
              'true,\n          EVALEX = true,\n          EVALEX_TRUSTED = false,\n          SECRET = "uY1rGzqkH' +
              'bdZ9f2LQ0aP";\n    </script>\n  </head>\n  <body style="background-color: #fff">\n    <div class=' +
              '"debugger">\n<h1>Interactive Console</h1>\n<div class="explanation">\nIn this console you can ' +
              "execute Python expressions in the context of the\napplication.\n</div>\n</div>\n  </body>\n</html>\n",
            200,
            { server: "Werkzeug/3.0.1 Python/3.11.2" },
          ),
        },
      },
      clean: { server: "gunicorn", routes: {} },
    },
  },
  {
    kind: "http.exposed.rails-info",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Ruby on Rails development info pages exposed (/rails/info)",
    severity: "medium",
    description:
      "Rails answers /rails/info: the application runs in the development environment, which lists every route " +
      "and controller, the Rails, Ruby and gem versions and the application's paths, and shows full error pages " +
      "with source and parameters.",
    remediation: "Run the application with RAILS_ENV=production (config.consider_all_requests_local = false).",
    references: ["https://guides.rubyonrails.org/configuring.html#rails-environment-settings", ...DEBUG_REFS],
    cwe: [489, 215],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    product: "Ruby on Rails",
    http: [
      {
        paths: ["/rails/info/properties"],
        match: [OK, { regex: [/<td class="name">\s*Rails version\s*<\/td>/, /Ruby version/] }],
        extract: [{ name: "version", regex: /Rails version\s*<\/td>\s*<td class="value">\s*([\d.]+)/ }],
      },
      {
        paths: ["/rails/info/routes"],
        match: [OK, { regex: [/Controller#Action/, /HTTP Verb/, /Routes<\/h1>|<title>Routes<\/title>/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/rails/info/properties": html(
            '<table class="table"><tr><td class="name">Rails version</td><td class="value">7.1.2</td></tr><tr>' +
              '<td class="name">Ruby version</td><td class="value">ruby 3.2.2 (2023-03-30 revision e51014f9c0) ' +
              '[x86_64-linux]</td></tr><tr><td class="name">Environment</td><td class="value">development</td>' +
              '</tr><tr><td class="name">Application root</td><td class="value">/srv/shop</td></tr></table>',
          ),
        },
        expect: { extracted: { version: "7.1.2" } },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.devtools-protocol",
    category: "exposed-endpoint",
    protocol: "http",
    title: "DevTools debugging protocol exposed (Node.js inspector or remote-debugging browser)",
    severity: "critical",
    description:
      "A Node.js process started with --inspect on a public address, or a browser with remote debugging, answers " +
      "the DevTools protocol: anyone who connects to its WebSocket runs code in the process (or drives the " +
      "browser with its sessions).",
    remediation:
      "Never bind the inspector to a public address (--inspect=127.0.0.1:9229, the default) or start browsers with " +
      "--remote-debugging-address; reach them through an SSH tunnel.",
    references: [
      "https://nodejs.org/en/learn/getting-started/security-best-practices#debug-enabled-cwe-489",
      ...DEBUG_REFS,
    ],
    cwe: [489, 306],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    product: [
      { pattern: /"Browser"\s*:\s*"node\.js\/v([\d.]+)"/, name: "Node.js inspector" },
      { pattern: /"Browser"\s*:\s*"(?:Headless)?Chrome\/([\d.]+)"/, name: "Chrome DevTools" },
    ],
    http: [
      {
        paths: ["/json/version"],
        match: [OK, JSON_TYPE, { json: { Browser: "string", "Protocol-Version": /^1\.\d$/ } }],
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "go",
          routes: { "/json/version": json({ Browser: "node.js/v20.11.0", "Protocol-Version": "1.1" }) },
        },
        {
          server: "go",
          routes: {
            "/json/version": json({
              Browser: "HeadlessChrome/120.0.6099.109",
              "Protocol-Version": "1.3",
              "V8-Version": "12.0.267.8",
              webSocketDebuggerUrl: "ws://127.0.0.1:9222/devtools/browser/6b2f3c1e",
            }),
          },
        },
      ],
      clean: { server: "go", routes: {} },
    },
  },
  {
    kind: "http.exposed.telerik-rau",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Telerik UI for ASP.NET AJAX upload handler exposed",
    severity: "high",
    description:
      "Telerik's RadAsyncUpload handler answers. Its encryption keys were hard-coded before R2 2017 SP1 and it " +
      "deserialises what it is sent before R1 2020, flaws exploited to upload files and run code " +
      "(CVE-2017-11317, CVE-2019-18935).",
    remediation:
      "Upgrade Telerik UI for ASP.NET AJAX to R1 2020 or later, set unique " +
      "Telerik.AsyncUpload.ConfigurationEncryptionKey " +
      "and Telerik.Upload.ConfigurationHashKey in web.config, and remove the handler where no upload is used.",
    references: [
      "https://nvd.nist.gov/vuln/detail/CVE-2019-18935",
      "https://www.telerik.com/support/kb/aspnet-ajax/details/allows-javascriptserializer-deserialization",
      ...DEBUG_REFS,
    ],
    cwe: [502, 321],
    cvss: "CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:H/A:H",
    product: "Telerik UI for ASP.NET AJAX",
    http: [
      {
        paths: ["/Telerik.Web.UI.WebResource.axd?type=rau"],
        match: [OK, NOT_HTML, { words: ["RadAsyncUpload handler is registered succesfully"] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        routes: {
          "/Telerik.Web.UI.WebResource.axd?type=rau": text(
            '{ "message" : "RadAsyncUpload handler is registered succesfully, however, it may not be accessed ' +
              'directly." }',
          ),
        },
      },
      clean: { server: "iis", routes: {} },
    },
  },
]);
