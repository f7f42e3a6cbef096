import { z } from "zod";
import { idParam } from "../ids.ts";

/** The severities an SLA covers; info issues have no deadline. */
export const SLA_SEVERITIES = ["critical", "high", "medium", "low"] as const;
export type SlaSeverity = (typeof SLA_SEVERITIES)[number];
export type SlaDays = Record<SlaSeverity, number>;

/**
 * Defaults: CISA BOD 19-02 for internet-facing systems (critical 15 days, high 30) and FedRAMP continuous
 * monitoring for the rest (moderate 90, low 180). docs/api.md, SLA.
 */
export const DEFAULT_SLA_DAYS: SlaDays = { critical: 15, high: 30, medium: 90, low: 180 };
export const MAX_SLA_DAYS = 3650;

const days = z
  .number({ message: "must be a whole number of days" })
  .int("must be a whole number of days")
  .min(1, `must be from 1 to ${MAX_SLA_DAYS} days`)
  .max(MAX_SLA_DAYS, `must be from 1 to ${MAX_SLA_DAYS} days`);

const daysFields = {
  critical: days.meta({ description: "days to remediate a critical issue" }),
  high: days.meta({ description: "days to remediate a high issue" }),
  medium: days.meta({ description: "days to remediate a medium issue" }),
  low: days.meta({ description: "days to remediate a low issue" }),
};

export const slaDaysSchema = z.object(daysFields).meta({ id: "SlaDays" });

export const projectSlaPolicySchema = z
  .object({
    projectId: z.number().int(),
    projectName: z.string(),
    ...daysFields,
    updatedAt: z.date(),
  })
  .meta({ id: "ProjectSlaPolicy" });

export const slaPolicySchema = z
  .object({
    ...daysFields,
    source: z.enum(["default", "workspace"]).meta({ description: "default: the workspace never set its own" }),
    updatedAt: z.date().nullable(),
    defaults: slaDaysSchema,
    projects: z.array(projectSlaPolicySchema).meta({ description: "projects with their own deadlines, by name" }),
  })
  .meta({ id: "SlaPolicy" });

export const setSlaPolicyInput = z.object(daysFields);
export const setProjectSlaPolicyInput = z.object({ id: idParam(), ...daysFields });
export const projectIdInput = z.object({ id: idParam() });
