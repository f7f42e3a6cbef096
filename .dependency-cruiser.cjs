// `pnpm lint:deps`: the import rules of every package and app (README.md of each says them in words). Any import cycle,
// type-only and lazy imports included, fails; so does an import against the layers of packages/core
// (packages/core/README.md, "Layers"): pure helpers → Services and ServiceContext, actors → the door → database
// helpers (db/) → resource folders → the composition root (context.ts) and the public surface.
const core = "^packages/core/src/";
/** Pure helpers: input schemas, paging, errors' shape, names. No database, no service, nothing above them. */
const pure = `${core}(paging|list-query|common-schemas|ids|scan-profiles|error-codes|scopes|enum-names|dates|stored-values|transformer|http-edge)\\.ts$`;
/** What sits above every resource: the request's context, the procedure builder, the router, the composition root. */
const top = `${core}(request-context|trpc|router|context|index|openapi|openapi-parts)\\.ts$`;
/** A resource's own modules (its service, router, schemas) and every other feature module of a resource folder. */
const resource = `${core}(?!db/)[^/]+/`;
const test = "\\.test\\.tsx?$|/testing/|/test/|/e2e/|/bench/";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycle in any package, type-only and dynamic imports included.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-unresolvable",
      severity: "error",
      comment: "An import that resolves to nothing: a package the importer does not depend on, or a missing file.",
      from: { pathNot: "next-env\\.d\\.ts$" },
      to: { couldNotResolve: true },
    },
    {
      name: "core-pure-helpers",
      severity: "error",
      comment:
        "Pure helpers (paging, list inputs, error shape…) import only each other and libraries, never the database.",
      from: { path: pure },
      to: { path: [`${core}`, "^packages/db/", "(^|/)node_modules/(@prisma|pg|pg-boss)/"], pathNot: pure },
    },
    {
      name: "core-service-types",
      severity: "error",
      comment: "Services, ServiceContext and the actors are types for everyone: they import no door, service or root.",
      from: { path: `${core}(service-context|actors)\\.ts$` },
      to: { path: [top, `${core}door\\.ts$`, "\\.(service|router|schemas)\\.ts$"] },
    },
    {
      name: "core-door",
      severity: "error",
      comment: "The door (identify, authorize, admit, actAs) imports no resource and nothing above it.",
      from: { path: `${core}door\\.ts$` },
      to: { path: [top, resource], pathNot: `${core}(auth|rate-limit|db)/` },
    },
    {
      name: "core-db-helpers",
      severity: "error",
      comment:
        "Database helpers (deferred pages, search, tallies, marks, the scoped client) import no resource or door.",
      from: { path: `${core}db/`, pathNot: test },
      to: { path: [top, resource, `${core}door\\.ts$`] },
    },
    {
      name: "core-composition-root",
      severity: "error",
      comment: "context.ts builds Services: only the public surface (and tests) import it; the router only trpc.ts's.",
      from: { path: core, pathNot: [`${core}index\\.ts$`, test] },
      to: { path: `${core}(context|index)\\.ts$` },
    },
    {
      name: "core-resources-not-root",
      severity: "error",
      comment: "A resource folder imports no router composition, no OpenAPI document and no request context.",
      from: { path: resource, pathNot: [`${core}rest/`, test] },
      to: { path: `${core}(router|openapi|openapi-parts|request-context)\\.ts$` },
    },
    {
      name: "scanners-know-no-domain",
      severity: "error",
      comment: "The network engine knows nothing of the database, Prisma, tRPC or core.",
      from: { path: "^packages/scanners/" },
      to: { path: ["^packages/(core|db|ui)/", "^apps/", "(^|/)node_modules/(@prisma|@trpc|pg|pg-boss)/"] },
    },
    {
      name: "db-knows-no-domain",
      severity: "error",
      comment: "The database package imports no other package of ours.",
      from: { path: "^packages/db/" },
      to: { path: ["^packages/(core|scanners|ui)/", "^apps/"] },
    },
    {
      name: "ui-is-presentation",
      severity: "error",
      comment: "Shared React imports no domain package.",
      from: { path: "^packages/ui/" },
      to: { path: ["^packages/(core|db|scanners)/", "^apps/"] },
    },
    {
      name: "packages-import-no-app",
      severity: "error",
      comment: "Packages never import an app.",
      from: { path: "^packages/" },
      to: { path: "^apps/" },
    },
    {
      name: "core-no-web-framework",
      severity: "error",
      comment: "Core is transport-neutral: no Fastify, no Next, no React.",
      from: { path: core },
      to: { path: "(^|/)node_modules/(fastify|@fastify|next|react|react-dom)/" },
    },
    {
      name: "api-no-database-client",
      severity: "error",
      comment: "apps/api's server and CLI query nothing themselves: queries belong in core (the benchmarks may).",
      from: { path: "^apps/api/src/" },
      to: { path: "(^|/)node_modules/(@prisma|pg)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: ["(^|/)node_modules/", "^packages/db/src/generated/", "/\\.next/", "/\\.openapi/", "/test-results/"],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
