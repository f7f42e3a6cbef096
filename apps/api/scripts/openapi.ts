// Writes the OpenAPI document the server serves at /openapi.json to a file, for the linters
// (`pnpm lint:openapi`) and generated clients: `tsx scripts/openapi.ts <file>`.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { appRouter, buildOpenApiDocument } from "@ems/core";
import { loadConfig } from "../src/config.ts";

const file = process.argv[2];
if (!file) throw new Error("usage: tsx scripts/openapi.ts <file>");
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(buildOpenApiDocument(appRouter, { baseUrl: loadConfig().baseUrl }), null, 2) + "\n");
