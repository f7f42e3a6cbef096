// Fail closed: every procedure declares what it asks of its callers, and one that does not is served to no one.
import { describe, expect, it } from "vitest";
import type { AppMeta } from "./trpc.ts";
import { procedure, router } from "./trpc.ts";
import { appRouter } from "./router.ts";
import { requestContext } from "./request-context.ts";
import type { Services } from "./service-context.ts";

type Procedures = Record<string, { _def: { meta?: Partial<AppMeta> } }>;

describe("the router", () => {
  it("has no procedure without a declared requirement (meta.kind read or write)", () => {
    const procedures = Object.entries(appRouter._def.procedures as unknown as Procedures);
    expect(procedures.length).toBeGreaterThan(100);
    const undeclared = procedures.filter(([, p]) => !["read", "write"].includes(p._def.meta?.kind ?? ""));
    expect(undeclared.map(([name]) => name)).toEqual([]);
  });

  it("serves no procedure whose meta says no requirement, before anyone is identified", async () => {
    const undeclared = router({ probe: procedure.meta(undefined as unknown as AppMeta).query(() => "served") });
    // No database is reached: the refusal comes before the door.
    const services = {} as Services;
    const caller = undeclared.createCaller(requestContext(services, { kind: "session", session: null }));
    await expect(caller.probe()).rejects.toThrow("declares no requirement");
  });

  it("cannot build a procedure without meta (types)", () => {
    // @ts-expect-error: the builder offers `.meta` only, so a procedure cannot skip its requirement.
    const withoutMeta = () => procedure.query(() => "served");
    expect(() => withoutMeta()).toThrow(TypeError);
  });
});
