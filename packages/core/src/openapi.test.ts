// The OpenAPI document is a contract: a change to it is a decision, never a side effect of moving code. The document
// that `pnpm lint:openapi` writes (`apps/api/.openapi/openapi.json`, same base URL, same bytes) must hash to
// OPENAPI_SHA256; a change that means to alter the API updates the hash in the same commit, with the diff of the two
// documents (`pnpm --filter @ems/api openapi:write`, before and after) in view.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi.ts";
import { appRouter } from "./router.ts";

const OPENAPI_SHA256 = "8c0bef868ddcadfb1c58dd56464d5bd81d0715370f6e5777b37ce40b60905e9b";

describe("the OpenAPI document", () => {
  it("is byte for byte the one the API's decisions last changed", () => {
    const doc = buildOpenApiDocument(appRouter, { baseUrl: "https://ems.example.com" });
    const bytes = JSON.stringify(doc, null, 2) + "\n";
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(OPENAPI_SHA256);
  });
});
