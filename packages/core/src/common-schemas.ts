import { z } from "zod";

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
