import { z } from "zod";

/** Severities, least to most severe (the order of their enums in the API document). */
export const SEVERITY_VALUES = ["info", "low", "medium", "high", "critical"] as const;

/** An e-mail address as people type it (trimmed, lower-cased). */
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(320, "must be at most 320 characters")
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "must be an email address");

/** How sure a finding is: confirmed (the exposure itself was seen), firm (a strong sign), tentative (inferred). */
/** How much an asset or a project matters; an input of issue priority (docs/api.md, Priority). */
export const CRITICALITY_VALUES = ["low", "medium", "high", "critical"] as const;
export const criticalitySchema = z.enum(CRITICALITY_VALUES, { message: "must be low, medium, high or critical" });

export const CONFIDENCE_VALUES = ["confirmed", "firm", "tentative"] as const;
export const confidenceSchema = z.enum(CONFIDENCE_VALUES).meta({
  description:
    "How sure the finding is: confirmed (the exposure itself was seen: its content, or the service did what was " +
    "asked), firm (a strong sign of it: a product named by its own page, a template's matchers), tentative " +
    "(inferred: a version in an affected range)",
});

/** The answer of deletes and other actions that return no resource. */
export const messageSchema = z.object({
  message: z.string().meta({ description: "What happened, for people" }),
});

/** Human-entered text: trimmed, no control characters. */
export const text = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? "must not be empty" : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    // eslint-disable-next-line no-control-regex
    .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), "must not contain control characters");

export const isoDate = z.date().meta({ type: "string", format: "date-time" });

/** A filter bound: an ISO 8601 date-time with offset, or a date (YYYY-MM-DD). */
export const instant = z
  .union([
    z.iso.datetime({ offset: true }).max(40, "must be at most 40 characters"),
    z.iso.date().max(10, "must be at most 10 characters"),
  ])
  .meta({ description: "ISO 8601 date-time (with offset) or date", example: "2026-11-01T00:00:00Z" });

/** A date-time in a body: an ISO 8601 string (a Date from tRPC callers), as a Date. */
export const dateTime = (message = "must be an ISO 8601 date-time") =>
  z
    .union([z.date(), z.string().max(40, "must be at most 40 characters")])
    .pipe(z.coerce.date({ message }))
    // Over REST it is only ever the string (a Date comes from tRPC callers alone).
    .meta({
      override: ({ jsonSchema }) => {
        delete jsonSchema.anyOf;
        Object.assign(jsonSchema, { type: "string", format: "date-time", maxLength: 40 });
      },
    });

/** A boolean in a query string: exactly "true" or "false". */
export const queryFlag = z
  .stringbool({ truthy: ["true"], falsy: ["false"], case: "sensitive" })
  .meta({ enum: ["true", "false"] });
