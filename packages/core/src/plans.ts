// The plans and their limits, in one table. A limit answers 403
// PLAN_LIMIT_REACHED (see planLimitError).
import type { Plan } from "@ems/db";
import { AppError, ErrorCode } from "./errors.ts";

export interface PlanLimits {
  label: string;
  /** Assets included before extra slots must be bought. */
  includedAssets: number;
  maxProjects: number;
  schedulesPerAsset: number;
  /** Schedule frequencies the plan may use. */
  scheduleFrequencies: readonly ("daily" | "weekly" | "monthly" | "interval")[];
  /** Whether schedules may be limited to a window of hours and weekdays. */
  scheduleWindows: boolean;
  /** Price of one additional asset slot per month, in cents. */
  assetSlotPriceCents: number;
  /**
   * Scans of the workspace running at once, across every worker; more wait in the queue, ranked fairly with other
   * workspaces' (docs/api.md, Fair queues).
   */
  concurrentScans: number;
}

export const PLANS: Record<Plan, PlanLimits> = {
  essential: {
    label: "Essential",
    includedAssets: 10,
    maxProjects: 3,
    schedulesPerAsset: 1,
    scheduleFrequencies: ["weekly", "monthly"],
    scheduleWindows: false,
    assetSlotPriceCents: 1500,
    concurrentScans: 2,
  },
  pro: {
    label: "Pro",
    includedAssets: 100,
    maxProjects: 50,
    schedulesPerAsset: 5,
    scheduleFrequencies: ["daily", "weekly", "monthly", "interval"],
    scheduleWindows: true,
    assetSlotPriceCents: 1000,
    concurrentScans: 5,
  },
  premium: {
    label: "Premium",
    includedAssets: 1000,
    maxProjects: 1_000_000,
    schedulesPerAsset: 5,
    scheduleFrequencies: ["daily", "weekly", "monthly", "interval"],
    scheduleWindows: true,
    assetSlotPriceCents: 500,
    concurrentScans: 20,
  },
};

export const PLAN_NAMES = Object.keys(PLANS) as Plan[];

export const planLimitError = (plan: Plan, message: string) =>
  new AppError(403, ErrorCode.PLAN_LIMIT_REACHED, `${message} (plan ${PLANS[plan].label})`);
