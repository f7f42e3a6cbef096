import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";

describe("the CSV writer", () => {
  it("neutralises text that a spreadsheet would run as a formula (OWASP's leading characters)", () => {
    const leading = ["=1+1", "+1+1", "-1+1", "@SUM(A1)", "\tcmd", "\rcmd", "＝1+1"];
    const csv = toCsv(
      leading.map((value) => ({ value })),
      ["value"],
    );
    const cells = csv.split("\n").slice(1, -1);
    expect(cells).toEqual(["'=1+1", "'+1+1", "'-1+1", "'@SUM(A1)", "'\tcmd", `"'\rcmd"`, "'＝1+1"]);
  });

  it("keeps numbers numbers, negative ones included; text that looks like a number is still text", () => {
    expect(toCsv([{ n: -3, big: -5n, zero: 0, text: "-3" }], ["n", "big", "zero", "text"])).toBe(
      "n,big,zero,text\n-3,-5,0,'-3\n",
    );
  });

  it("quotes what would start a new cell, so nothing dangerous begins one", () => {
    expect(toCsv([{ a: "x,=1+1", b: 'say "=1"', c: "ok" }], ["a", "b", "c"], { header: false })).toBe(
      `"x,=1+1","say ""=1""",ok\n`,
    );
  });

  it("leaves ordinary text, empty cells and dates as they are", () => {
    expect(toCsv([{ a: "shop.example.com", b: null, c: "2026-11-23T15:00:00.000Z" }], ["a", "b", "c"])).toBe(
      "a,b,c\nshop.example.com,,2026-11-23T15:00:00.000Z\n",
    );
  });
});
