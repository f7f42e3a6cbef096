import { z } from "zod";
import { FREQUENCIES } from "../scan-schedules/recurrence.ts";

export const planSchema = z
  .object({
    plan: z.enum(["essential", "pro", "premium"]),
    label: z.string(),
    includedAssets: z.number().int(),
    purchasedAssetSlots: z.number().int(),
    assetSlots: z.number().int().meta({ description: "Included plus purchased" }),
    usedAssets: z.number().int(),
    assetSlotPriceCents: z.number().int().meta({ description: "The plan's list price of one slot per month" }),
    payments: z
      .object({
        provider: z.string(),
        charges: z.boolean().meta({
          description: "false: this server has no payment provider; buying slots records them and charges nothing",
        }),
      })
      .meta({ description: "How slot purchases are paid for on this server" }),
    limits: z.object({
      maxProjects: z.number().int(),
      schedulesPerAsset: z.number().int(),
      scheduleFrequencies: z.array(z.enum(FREQUENCIES)),
      scheduleWindows: z.boolean().meta({ description: "whether schedules may have a window of hours and days" }),
    }),
    purchases: z.array(
      z.object({
        id: z.number().int(),
        quantity: z.number().int(),
        amountCents: z.number().int(),
        currency: z.string(),
        provider: z.string(),
        createdAt: z.date(),
      }),
    ),
  })
  .meta({ id: "Plan" });

export const buySlotsInput = z.object({
  quantity: z.number().int("must be a whole number").min(1, "must be at least 1").max(1000, "must be at most 1000"),
});
