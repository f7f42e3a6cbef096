// API descriptions and schema endpoints: OpenAPI/Swagger documents and UIs at the paths the built-in template
// swagger-api-docs does not ask (/openapi.json, /swagger.json, /v2|v3/api-docs, /api-docs, /swagger-ui*,
// /swagger/index.html stay its own), GraphQL IDEs, WSDL, WADL, OData metadata and Postman collections.
import { checks, html, json, NOT_HTML, OK, text } from "../../declare.ts";

const API_REFS = [
  "https://owasp.org/API-Security/editions/2023/en/0xa9-improper-inventory-management/",
  "https://cwe.mitre.org/data/definitions/200.html",
];
const NONE = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:N";
const SPEC_JSON = { regex: [/"(swagger|openapi)"\s*:\s*"[23]\.\d/, /"paths"\s*:\s*\{/] };
const SPEC_YAML = { regex: [/^(swagger|openapi):\s*['"]?[23]\.\d/m, /^paths:/m] };
const PETSTORE_SPEC = JSON.stringify({
  openapi: "3.0.1",
  info: { title: "Shop API", version: "v1" },
  paths: { "/api/admin/users": { get: { tags: ["Admin"], responses: { 200: { description: "Success" } } } } },
});

export default checks([
  {
    kind: "http.exposed.api-docs",
    category: "exposed-endpoint",
    protocol: "http",
    title: "API description or documentation UI exposed (OpenAPI, Swagger UI, ReDoc)",
    severity: "info",
    description:
      "The API's machine-readable description (OpenAPI/Swagger, JSON or YAML) or a documentation UI over it is " +
      "public: every endpoint, parameter and model, internal and administrative ones included. Make sure this is " +
      "intended.",
    remediation:
      "Serve API descriptions and their UIs only in development or to authenticated users (Swashbuckle: call " +
      "UseSwagger only in Development; FastAPI: docs_url=None, redoc_url=None, openapi_url=None; springdoc: " +
      "springdoc.api-docs.enabled=false).",
    references: ["https://spec.openapis.org/oas/latest.html", ...API_REFS],
    cwe: [200],
    cvss: NONE,
    http: [
      {
        paths: [
          "/swagger/v1/swagger.json",
          "/api/swagger.json",
          "/api-docs/swagger.json",
          "/api/v1/swagger.json",
          "/api/openapi.json",
          "/openapi.yaml",
          "/swagger.yaml",
          "/api/openapi.yaml",
          "/v3/api-docs.yaml",
          "/q/openapi",
          "/openapi",
          "/swagger-resources",
        ],
        match: [
          OK,
          NOT_HTML,
          { any: [SPEC_JSON, SPEC_YAML, { json: { "[].swaggerVersion": "string", "[].location": "string" } }] },
        ],
        extract: [{ name: "specVersion", regex: /["']?(?:swagger|openapi)["']?\s*:\s*["']?([23]\.[\d.]+)/ }],
      },
      {
        paths: [
          "/docs",
          "/redoc",
          "/api/docs",
          "/swagger/ui/index",
          "/swagger-ui/index.html",
          "/webjars/swagger-ui/index.html",
        ],
        match: [
          OK,
          {
            any: [
              {
                regex: [
                  /<title>\s*Swagger UI\s*<\/title>|id=["']swagger-ui["']/,
                  /swagger-ui(-bundle)?\.js|SwaggerUIBundle/,
                ],
              },
              { regex: [/<redoc\b|Redoc\.init\(/, /redoc(\.standalone)?\.js/] },
            ],
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "kestrel",
          routes: {
            "/swagger/v1/swagger.json": { headers: { "content-type": "application/json" }, body: PETSTORE_SPEC },
          },
          expect: { extracted: { specVersion: "3.0.1" } },
        },
        {
          server: "gunicorn",
          routes: {
            "/docs": html(
              '<!DOCTYPE html>\n<html>\n<head>\n<link type="text/css" rel="stylesheet" href="https://cdn.jsdelivr.' +
                'net/npm/swagger-ui-dist@5/swagger-ui.css">\n<title>Shop API - Swagger UI</title>\n</head>\n<body>\n' +
                '<div id="swagger-ui">\n</div>\n<script src="https://cdn.jsdelivr.net/npm/swagger-ui-dist@5/swagger' +
                "-ui-bundle.js\"></script>\n<script>\nconst ui = SwaggerUIBundle({url: '/openapi.json', dom_id: " +
                "'#swagger-ui'})\n</script>\n</body>\n</html>",
            ),
          },
        },
        {
          server: "jetty",
          routes: {
            "/q/openapi": text(
              "---\nopenapi: 3.0.3\ninfo:\n  title: orders API\n  version: 1.0.0\npaths:\n  /orders/export:\n" +
                '    get:\n      responses:\n        "200":\n          description: OK\n',
              { "content-type": "application/yaml;charset=UTF-8" },
            ),
          },
        },
      ],
      clean: { server: "kestrel", routes: {} },
    },
  },
  {
    kind: "http.exposed.graphql-ide",
    category: "exposed-endpoint",
    protocol: "http",
    title: "GraphQL IDE exposed (GraphiQL, Playground, Apollo Sandbox, Altair)",
    severity: "low",
    description:
      "An in-browser GraphQL IDE is served in production: with introspection it browses the whole schema, and it " +
      "invites anyone to run queries and mutations against the API from the site's own origin.",
    remediation:
      "Disable the IDE in production (Apollo Server: ApolloServerPluginLandingPageDisabled; graphql-yoga: " +
      "graphiql: false; express-graphql: graphiql: false) and turn introspection off.",
    references: ["https://cheatsheetseries.owasp.org/cheatsheets/GraphQL_Cheat_Sheet.html", ...API_REFS],
    cwe: [200, 489],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    http: [
      {
        paths: ["/graphiql", "/playground", "/graphql/playground", "/altair", "/graphql"],
        headers: { accept: "text/html" },
        match: [
          OK,
          {
            regex: [
              /<title>\s*(GraphiQL|GraphQL Playground|Altair)\s*<\/title>/,
              /apollo-server-landing-page|EmbeddedSandbox|GraphQLPlayground\.init|GraphiQL\.createFetcher/,
            ],
            condition: "or",
          },
        ],
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "express",
          routes: {
            "/graphql": html(
              '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Apollo Server</title></head><body>' +
                '<div id="embeddableSandbox"></div><script src="https://embeddable-sandbox.cdn.apollographql.com/' +
                '_latest/embeddable-sandbox.umd.production.min.js"></script><script>new window.EmbeddedSandbox({ ' +
                'target: "#embeddableSandbox", initialEndpoint: location.href });</script><div class="apollo-server-' +
                'landing-page"></div></body></html>',
            ),
          },
        },
        {
          server: "express",
          routes: {
            "/graphiql": html(
              '<!doctype html><html lang="en"><head><title>GraphiQL</title><script src="https://unpkg.com/graphiql' +
                '/graphiql.min.js"></script></head><body><div id="graphiql">Loading...</div><script>const fetcher = ' +
                "GraphiQL.createFetcher({ url: '/graphql' });</script></body></html>",
            ),
          },
        },
      ],
      clean: {
        server: "express",
        routes: { "/graphql": json({ errors: [{ message: "Must provide query string." }] }, 400) },
      },
    },
  },
  {
    kind: "http.exposed.wsdl",
    category: "exposed-endpoint",
    protocol: "http",
    title: "SOAP service description (WSDL) exposed",
    severity: "info",
    description:
      "A SOAP service publishes its WSDL: every operation with its message types, which maps the service for an " +
      "attacker. Make sure the service is meant to be public.",
    remediation:
      "Serve WSDL only to the service's consumers (JAX-WS: disable ?wsdl publishing; WCF: httpGetEnabled=false in " +
      "serviceMetadata) and require authentication on the service.",
    references: ["https://www.w3.org/TR/wsdl/", ...API_REFS],
    cwe: [200],
    cvss: NONE,
    http: [
      {
        paths: ["/?wsdl", "/services?wsdl", "/service?wsdl", "/ws?wsdl"],
        match: [OK, NOT_HTML, { regex: [/<(wsdl:)?definitions\b[^>]*="http:\/\/schemas\.xmlsoap\.org\/wsdl\/"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/services?wsdl": text(
            '<?xml version="1.0" encoding="UTF-8"?><wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" ' +
              'xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" name="OrderService" targetNamespace="http://shop.' +
              'example/orders"><wsdl:portType name="Orders"><wsdl:operation name="exportAll"/></wsdl:portType>' +
              "</wsdl:definitions>",
            { "content-type": "text/xml;charset=UTF-8" },
          ),
        },
      },
      clean: { server: "tomcat", routes: {} },
    },
  },
  {
    kind: "http.exposed.wadl",
    category: "exposed-endpoint",
    protocol: "http",
    title: "REST service description (WADL) exposed",
    severity: "info",
    description:
      "A JAX-RS (Jersey, CXF) application publishes its WADL: every resource path, method and parameter of the " +
      "API. Make sure this is intended.",
    remediation: "Disable WADL generation in production (Jersey: jersey.config.server.wadl.disableWadl=true).",
    references: ["https://eclipse-ee4j.github.io/jersey.github.io/documentation/latest/wadl.html", ...API_REFS],
    cwe: [200],
    cvss: NONE,
    http: [
      {
        paths: ["/application.wadl", "/api/application.wadl", "/rest/application.wadl"],
        match: [OK, NOT_HTML, { regex: [/<application\b[^>]*xmlns="http:\/\/wadl\.dev\.java\.net\/2009\/02"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/api/application.wadl": text(
            '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<application xmlns="http://wadl.dev.java.' +
              'net/2009/02">\n    <doc xmlns:jersey="http://jersey.java.net/" jersey:generatedBy="Jersey: 2.41"/>' +
              '\n    <resources base="http://shop.example/api/">\n        <resource path="admin/users"/>\n    ' +
              "</resources>\n</application>\n",
            { "content-type": "application/vnd.sun.wadl+xml" },
          ),
        },
      },
      clean: { server: "jetty", routes: {} },
    },
  },
  {
    kind: "http.exposed.odata-metadata",
    category: "exposed-endpoint",
    protocol: "http",
    title: "OData service metadata exposed ($metadata)",
    severity: "info",
    description:
      "An OData service publishes its $metadata: every entity set, property and navigation of the data model " +
      "behind it. Make sure the service is meant to be public and that it filters what each caller may query.",
    remediation:
      "Require authentication on the OData service and its $metadata, and expose only the entity sets that are " +
      "meant to be public.",
    references: ["https://www.odata.org/documentation/", ...API_REFS],
    cwe: [200],
    cvss: NONE,
    http: [
      {
        paths: ["/odata/$metadata", "/$metadata", "/api/odata/$metadata", "/odata/v4/$metadata"],
        match: [OK, NOT_HTML, { regex: [/<edmx:Edmx\b/, /<EntityType\b/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "kestrel",
        routes: {
          "/odata/$metadata": text(
            '<?xml version="1.0" encoding="utf-8"?><edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/' +
              'odata/ns/edmx"><edmx:DataServices><Schema Namespace="Shop" xmlns="http://docs.oasis-open.org/odata/ns/' +
              'edm"><EntityType Name="Customer"><Key><PropertyRef Name="Id"/></Key><Property Name="Email" Type="Edm.' +
              'String"/></EntityType></Schema></edmx:DataServices></edmx:Edmx>',
            { "content-type": "application/xml" },
          ),
        },
      },
      clean: { server: "kestrel", routes: { "/odata/$metadata": { status: 401 } } },
    },
  },
  {
    kind: "http.exposed.postman-collection",
    category: "exposed-endpoint",
    protocol: "http",
    title: "Postman collection exposed",
    severity: "medium",
    description:
      "A Postman collection is served: every request of the API with example bodies and, often, the tokens, " +
      "API keys and passwords saved in its authorisation settings and variables.",
    remediation:
      "Remove the collection from the web root, and rotate any credential it holds (check auth, variable and " +
      "header entries).",
    references: [
      "https://learning.postman.com/collection-format/getting-started/structure-of-a-collection/",
      ...API_REFS,
    ],
    cwe: [200, 538],
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:N/A:N",
    http: [
      {
        paths: ["/postman_collection.json", "/postman.json", "/api.postman_collection.json", "/collection.json"],
        match: [
          OK,
          { json: { "info._postman_id": "string", "info.schema": /schema\.getpostman\.com/, item: "array" } },
        ],
        extract: [{ name: "collection", json: "info.name" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/postman_collection.json": json({
            info: {
              _postman_id: "5c1d2e9f-7a3b-4c8d-9e0f-1a2b3c4d5e6f",
              name: "Shop admin API",
              schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
            },
            item: [{ name: "List users", request: { method: "GET", url: "{{baseUrl}}/api/admin/users" } }],
            auth: { type: "bearer", bearer: [{ key: "token", value: "{{adminToken}}", type: "string" }] },
          }),
        },
        expect: { extracted: { collection: "Shop admin API" } },
      },
      clean: { server: "nginx", routes: {} },
    },
  },
]);
