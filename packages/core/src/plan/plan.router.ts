import { z } from "zod";
import { procedure, router } from "../trpc.ts";
import { buySlotsInput, planSchema } from "./plan.schemas.ts";
import { buyAssetSlots, describePlan } from "./plan.service.ts";

const tags = ["Plan (dashboard only)"];

export const planRouter = router({
  get: procedure
    .meta({
      openapi: { method: "GET", path: "/app/plan", tags, summary: "The workspace's plan, slots and purchases" },
      kind: "read",
      dashboardOnly: true,
    })
    .input(z.object({}))
    .output(planSchema)
    .query(({ ctx }) => describePlan(ctx)),

  buyAssetSlots: procedure
    .meta({
      openapi: { method: "POST", path: "/app/plan/asset-slots", tags, summary: "Buy additional asset slots" },
      kind: "write",
      dashboardOnly: true,
      minRole: "admin",
    })
    .input(buySlotsInput)
    .output(planSchema)
    .mutation(({ ctx, input }) => buyAssetSlots(ctx, input.quantity)),
});
