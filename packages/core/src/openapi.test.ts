// The OpenAPI document is a contract: a change to it is a decision, never a side effect of moving code. The document
// that `pnpm lint:openapi` writes (`apps/api/.openapi/openapi.json`, same base URL, same bytes) must hash to
// OPENAPI_SHA256; a change that means to alter the API updates the hash in the same commit, with the diff of the two
// documents (`pnpm --filter @ems/api openapi:write`, before and after) in view.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi.ts";
import { appRouter } from "./router.ts";

const OPENAPI_SHA256 = "7206437f7b8943910ca2a69831bfb7c336d57da73f346b7f918e0769afb59205";

describe("the OpenAPI document", () => {
  it("is byte for byte the one the API's decisions last changed", () => {
    const doc = buildOpenApiDocument(appRouter, { baseUrl: "https://ems.example.com" });
    const bytes = JSON.stringify(doc, null, 2) + "\n";
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(OPENAPI_SHA256);
  });
});
