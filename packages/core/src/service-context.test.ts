// A service reaches only the parts of `Services` it declares. These assertions are types: `pnpm typecheck` (tsc over
// src, tests included) fails when one no longer holds, e.g. if `ServiceContext` gave the whole bag again.
import { describe, expectTypeOf, it } from "vitest";
import type { createAssessment } from "./assessments/assessments.service.ts";
import type { listAuditEntries } from "./audit-log/audit-log.service.ts";
import { serviceContext, type ContextParts, type ServiceContext, type Services } from "./service-context.ts";

describe("a service context", () => {
  it("holds no part of Services a service did not declare, beyond the clock and the paging setting", () => {
    expectTypeOf<keyof ServiceContext["services"]>().toEqualTypeOf<"now" | "walkFromStart">();
    expectTypeOf<keyof ServiceContext<"jobs">["services"]>().toEqualTypeOf<"jobs" | "now" | "walkFromStart">();
    expectTypeOf<ServiceContext<"jobs">["services"]["jobs"]>().toEqualTypeOf<Services["jobs"]>();
  });

  it("is required to hold what the service declares, so a caller declares what its callees use", () => {
    expectTypeOf<ServiceContext<"net">>().not.toExtend<ServiceContext<"jobs">>();
    expectTypeOf<ServiceContext<"jobs" | "net">>().toExtend<ServiceContext<"jobs">>();
    expectTypeOf<ServiceContext>().not.toExtend<Parameters<typeof createAssessment>[0]>();
    expectTypeOf<ServiceContext<"assessmentCreations" | "jobs">>().toExtend<Parameters<typeof createAssessment>[0]>();
    expectTypeOf<ServiceContext>().toExtend<Parameters<typeof listAuditEntries>[0]>();
  });

  it("built from some parts holds those parts only", () => {
    type Built<S extends ContextParts> = ReturnType<typeof serviceContext<S>>;
    expectTypeOf<keyof Built<Services>["services"]>().toEqualTypeOf<keyof Services>();
    expectTypeOf<keyof Built<ContextParts>["services"]>().toEqualTypeOf<keyof ContextParts>();
  });
});
