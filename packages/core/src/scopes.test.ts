// Every scope a key can hold opens something: API keys made without --scopes
// (CLI) hold every scope, so a scope no route uses would be a promise of
// nothing, and a reserved scope would slip into every such key.
import { describe, expect, it } from "vitest";
import { appRouter } from "./router.ts";
import { SCOPES } from "./scopes.ts";

describe("scopes", () => {
  it("each one is required by at least one procedure, and procedures require only known ones", () => {
    const procedures = Object.values(
      appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { scope?: string } } }>,
    );
    const used = new Set(procedures.map((p) => p._def.meta?.scope).filter(Boolean));
    expect(SCOPES.filter((s) => !used.has(s))).toEqual([]);
    expect([...used].filter((s) => !(SCOPES as readonly string[]).includes(s!))).toEqual([]);
  });
});
