import { describe, expect, it } from "vitest";
import { canConfirm } from "./confirm.ts";

// The dialog itself is a Radix portal (nothing to render on a server); the browser tests of apps/web open it.
describe("canConfirm", () => {
  it("needs the exact required text", () => {
    expect(canConfirm("Production", "")).toBe(false);
    expect(canConfirm("Production", "Prod")).toBe(false);
    expect(canConfirm("Production", "production")).toBe(false); // case matters
    expect(canConfirm("Production", "Production")).toBe(true);
    expect(canConfirm("Production", "  Production ")).toBe(true); // stray spaces do not
  });

  it("needs nothing typed without requireText, and never while busy", () => {
    expect(canConfirm(undefined, "")).toBe(true);
    expect(canConfirm("", "")).toBe(true);
    expect(canConfirm(undefined, "", true)).toBe(false);
    expect(canConfirm("Production", "Production", true)).toBe(false);
  });
});
